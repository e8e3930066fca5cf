import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../logger.ts';
import { localState } from '../state/local-state.ts';
import { redisState } from '../state/redis-state.ts';
import { sqliteState } from '../state/sqlite-state.ts';
import { closedPort, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import { readSettlements, type SettlementRecord, stateSettlementLog } from './settlement-log.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settlements-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const record = (i: number, outcome: SettlementRecord['outcome'] = 'settled'): SettlementRecord => ({
  at: new Date(Date.UTC(2026, 0, 30, 11, 0, i)).toISOString(),
  outcome,
  route: '/api/forum/digests',
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  amount: '20000',
  payer: '0x2222222222222222222222222222222222222222',
  transaction: `0x${i.toString(16).padStart(64, '0')}`,
});

describe('settlement log in the SQLite state', () => {
  it('keeps every record, in order, in an owner-only database it creates', async () => {
    const stateDir = join(dir, 'one', 'state');
    const state = await localState(stateDir);
    const log = stateSettlementLog({ state, logger: memoryLogger() });
    await Promise.all([1, 2, 3].map((i) => log.record(record(i, i === 2 ? 'failed' : 'settled'))));
    await log.close();
    await state.close();
    expect(await readSettlements(stateDir)).toEqual([record(1), record(2, 'failed'), record(3)]);
    expect((await stat(join(stateDir, 'state.db'))).mode & 0o777).toBe(0o600);
  });

  it('rejects a record it cannot write (the caller logs it instead)', async () => {
    const state = sqliteState(join(dir, 'closed.db'));
    await state.close();
    await expect(stateSettlementLog({ state, logger: memoryLogger() }).record(record(1))).rejects.toThrow();
  });

  it('imports an earlier version’s settlements.jsonl once at start-up, skipping a torn last line', async () => {
    const stateDir = join(dir, 'legacy');
    await localState(stateDir).then((s) => s.close());
    const lines = [record(1), record(2)].map((r) => JSON.stringify(r)).join('\n');
    await writeFile(join(stateDir, 'settlements.jsonl'), `${lines}\n{"at":"2026-01-30T11:0`);
    const state = await localState(stateDir);
    await stateSettlementLog({ state, logger: memoryLogger() }).record(record(3));
    await state.close();
    expect(await readSettlements(stateDir)).toEqual([record(1), record(2), record(3)]);
    expect((await readdir(stateDir)).filter((f) => f.startsWith('settlements'))).toEqual([
      'settlements.jsonl.imported',
    ]);
  });
});

describe('settlement log in Redis', () => {
  it('adds each record to the shared stream, none to the local state', async () => {
    const prefix = uniquePrefix();
    const shared = redisState({ url: TEST_REDIS_URL, prefix });
    const local = sqliteState(':memory:');
    const log = stateSettlementLog({ state: shared, fallback: local, logger: memoryLogger() });
    try {
      while (!shared.ready()) await new Promise((r) => setTimeout(r, 10));
      await log.record(record(1));
      await log.record(record(2));
      expect(await shared.listSettlements()).toEqual([record(1), record(2)]);
      expect(await local.listSettlements()).toEqual([]);
    } finally {
      await shared.close();
      await local.close();
      await deleteKeys(prefix);
    }
  });

  it('writes to the local state when Redis cannot be reached, so no settlement goes unrecorded', async () => {
    const logger = memoryLogger();
    const shared = redisState({ url: `redis://127.0.0.1:${await closedPort()}`, prefix: uniquePrefix() });
    const local = sqliteState(':memory:');
    const log = stateSettlementLog({ state: shared, fallback: local, logger });
    await log.record(record(7));
    await log.record(record(8));
    expect(await local.listSettlements()).toEqual([record(7), record(8)]);
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    await shared.close();
    await local.close();
  });
});
