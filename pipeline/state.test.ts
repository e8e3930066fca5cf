import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_STATE, readState, writeState } from './state.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-state-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('pipeline state', () => {
  it('round-trips, and a missing file is a first run', async () => {
    const warnings: string[] = [];
    const file = join(dir, 'nested/state.json');
    expect(await readState(file, (m) => warnings.push(m))).toEqual(INITIAL_STATE);
    const state = {
      consecutiveFailures: 2,
      lastFailure: { at: '2026-01-28T18:07:00.000Z', step: 'generate', message: 'down' },
    };
    await writeState(file, state);
    expect(await readState(file, (m) => warnings.push(m))).toEqual(state);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['not json', /not JSON/],
    ['{"consecutiveFailures":-1}', /invalid/],
  ])('starts over with a warning naming the file when it holds %s', async (text, message) => {
    const file = join(dir, 'bad.json');
    await writeFile(file, text);
    const warnings: string[] = [];
    expect(await readState(file, (m) => warnings.push(m))).toEqual(INITIAL_STATE);
    expect(warnings[0]).toContain(file);
    expect(warnings[0]).toMatch(message);
  });
});
