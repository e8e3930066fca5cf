import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('documents every configuration variable', () => {
    for (const name of Object.keys(EnvSchema.shape)) expect(readme).toContain(`\`${name}\``);
  });
});

describe('README endpoint table', () => {
  it('is exactly the one rendered from the route table (run `npm run docs` after changing routes)', async () => {
    const { replaceEndpointTable } = await import('./endpoint-table.ts');
    expect(readme).toBe(replaceEndpointTable(readme));
  });
});
