import { describe, expect, it } from 'vitest';
import { siteBuildCommand } from './build-command.ts';

describe('siteBuildCommand', () => {
  it('is astro build pointed at the output folder, run by the given node', () => {
    expect(siteBuildCommand('/srv/murmur', '/tmp/out', '/usr/bin/node')).toEqual({
      command: '/usr/bin/node',
      args: ['/srv/murmur/node_modules/astro/bin/astro.mjs', 'build', '--outDir', '/tmp/out'],
    });
  });
});
