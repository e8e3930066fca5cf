// What the generate tests share: the forum simulator on loopback at a fixed time and a temporary
// content root, started before a test file's tests and removed after them.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { Digest } from '../core/schemas/digest.ts';
import { type Simulator, startSimulator } from '../generator/sim/server.ts';

/** The simulated forum's clock: 2026-01-28 18:07 UTC, so hours up to 17:00 are complete. */
export const SIM_NOW = new Date('2026-01-28T18:07:00.000Z');

/** The simulator and temporary folder of one test file (named `murmur-<prefix>-…`), with the generator's env for them. */
export function simulatedForum(prefix: string): {
  readonly sim: Simulator;
  readonly dir: string;
  env(): Record<string, string>;
} {
  let sim: Simulator | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    sim = await startSimulator({
      port: 0,
      seed: 11,
      postsPerHour: 400,
      now: SIM_NOW,
      rateLimitPerMinute: 100_000,
    });
    dir = await mkdtemp(join(tmpdir(), `murmur-${prefix}-`));
  });
  afterAll(async () => {
    await sim?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get sim() {
      if (!sim) throw new Error('simulatedForum: the simulator starts in beforeAll');
      return sim;
    },
    get dir() {
      if (!dir) throw new Error('simulatedForum: the folder is made in beforeAll');
      return dir;
    },
    env() {
      return { FORUM_BASE_URL: this.sim.url, ANALYSER: 'offline', FORUM_BUDGET_MS: '60000' };
    },
  };
}

/** A published digest of 2026-01-28 under `content`, by its hour stem ("12"), validated. */
export async function readSimulatedHour(content: string, stem: string): Promise<Digest> {
  return Digest.parse(JSON.parse(await readFile(join(content, `digests/2026/01/28/${stem}.json`), 'utf8')));
}
