import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README endpoint table', () => {
  it('is exactly the one rendered from the route table (run `npm run docs` after changing routes)', async () => {
    const { replaceEndpointTable } = await import('./endpoint-table.ts');
    expect(readme).toBe(replaceEndpointTable(readme));
  });
});
