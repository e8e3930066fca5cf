import { describe, expect, it } from 'vitest';
import { buildCommands } from './build-step.ts';

describe('buildCommands', () => {
  it("builds the project's own dist/ with npm run build", () => {
    expect(buildCommands('/srv/murmur', '/srv/murmur/dist/')).toEqual([
      { command: 'npm', args: ['run', '--silent', 'build'] },
    ]);
  });

  it('runs the same two tools as the build script for another output folder', () => {
    expect(buildCommands('/srv/murmur', '/tmp/out', '/usr/bin/node')).toEqual([
      {
        command: '/usr/bin/node',
        args: ['/srv/murmur/node_modules/astro/bin/astro.mjs', 'build', '--outDir', '/tmp/out'],
      },
      {
        command: '/usr/bin/node',
        args: ['/srv/murmur/node_modules/pagefind/lib/runner/bin.cjs', '--site', '/tmp/out'],
      },
    ]);
  });
});
