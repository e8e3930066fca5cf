import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textOr, wholeNumber } from '../core/config/fields.ts';
import { SharedEnvSchema } from '../core/config/shared.ts';
import { configVariables, renderConfigTable, replaceConfigTable } from './config-table.ts';

describe('the configuration table', () => {
  const variables = configVariables();
  const byName = new Map(variables.map((v) => [v.name, v]));

  it('lists each variable once, with every deployable that reads it', () => {
    expect(new Set(variables.map((v) => v.name)).size).toBe(variables.length);
    expect(byName.get('PLATFORM_SEGMENT')?.readBy).toEqual(['generator', 'site', 'edge', 'pipeline']);
    expect(byName.get('OPENAI_API_KEY')?.readBy).toEqual(['generator', 'edge']);
    expect(byName.get('PAY_TO')?.readBy).toEqual(['site', 'edge']);
    expect(byName.get('CDP_API_KEY_SECRET')?.readBy).toEqual(['edge']);
    expect(byName.get('GITHUB_TOKEN')?.readBy).toEqual(['pipeline']);
  });

  it('shows the parsed default, a field’s own words for unset, or a dash', () => {
    expect(byName.get('PORT')?.shownDefault).toBe('8080');
    expect(byName.get('ANALYSER')?.shownDefault).toBe('`auto`');
    expect(byName.get('BASE_URL')?.shownDefault).toBe('`http://localhost:$PORT`');
    expect(byName.get('TRUSTED_PROXIES')?.shownDefault).toBe('—');
    expect(byName.get('FACILITATOR_PRIVATE_KEY')?.shownDefault).toBe('—');
  });

  it('refuses a variable declared twice rather than picked from the shared schema', () => {
    const a = z.object({ PORT: wholeNumber(0, 65535, 8080).meta({ description: 'port' }) });
    const b = z.object({ PORT: wholeNumber(0, 65535, 9090).meta({ description: 'port' }) });
    expect(() =>
      configVariables([
        { name: 'a', schema: a },
        { name: 'b', schema: b },
      ]),
    ).toThrow(/PORT is declared by both a and b/);
    const shared = SharedEnvSchema.pick({ PORT: true });
    expect(
      configVariables([
        { name: 'a', schema: shared },
        { name: 'b', schema: shared },
      ])[0]?.readBy,
    ).toEqual(['a', 'b']);
  });

  it('refuses a variable without a description', () => {
    const bare = z.object({ HOST: textOr('0.0.0.0') });
    expect(() => configVariables([{ name: 'a', schema: bare }])).toThrow(
      /HOST: its field lacks its description/,
    );
  });

  it('escapes a pipe inside a cell', () => {
    const table = renderConfigTable([
      { name: 'X', readBy: ['edge'], shownDefault: '—', description: 'a | b' },
    ]);
    expect(table.split('\n')[2]).toBe('| `X` | edge | — | a \\| b |');
  });
});

describe('README configuration table', () => {
  it('is exactly the one rendered from the schemas (run `npm run docs` after changing a variable)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(replaceConfigTable(readme));
  });
});
