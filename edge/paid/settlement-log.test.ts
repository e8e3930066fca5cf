import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../logger.ts';
import { closedPort, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import {
  diskSettlementLog,
  readSettlementLog,
  redisSettlementLog,
  type SettlementRecord,
  settlementStreamKey,
} from './settlement-log.ts';

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

describe('disk settlement log', () => {
  it('appends one JSON line per record, durable when record resolves, in a 0600 file it creates', async () => {
    const file = join(dir, 'a', 'nested', 'settlements.jsonl');
    const log = diskSettlementLog(file);
    await log.record(record(1));
    expect(await readSettlementLog(file)).toEqual([record(1)]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await log.close();
  });

  it('keeps every one of many concurrent records, whole, and appends across reopenings', async () => {
    const file = join(dir, 'concurrent.jsonl');
    const log = diskSettlementLog(file);
    await Promise.all(Array.from({ length: 200 }, (_, i) => log.record(record(i))));
    await log.close();
    const again = diskSettlementLog(file);
    await again.record(record(999, 'refund-queued'));
    await again.close();
    const read = await readSettlementLog(file);
    expect(read).toHaveLength(201);
    expect(new Set(read.map((r) => r.transaction)).size).toBe(201);
    expect(read.at(-1)?.outcome).toBe('refund-queued');
  });

  it('reads a missing log as empty, and refuses records once closed', async () => {
    expect(await readSettlementLog(join(dir, 'missing.jsonl'))).toEqual([]);
    const log = diskSettlementLog(join(dir, 'closed.jsonl'));
    await log.close();
    await expect(log.record(record(1))).rejects.toThrow(/closed/);
  });

  it('rejects a record it cannot write (the caller logs it instead)', async () => {
    const file = join(dir, 'a-file.jsonl');
    const ok = diskSettlementLog(file);
    await ok.record(record(1));
    await ok.close();
    // A folder path that runs through a regular file: ENOTDIR.
    const log = diskSettlementLog(join(file, 'below', 'settlements.jsonl'));
    await expect(log.record(record(2))).rejects.toThrow();
  });
});

describe('Redis settlement log', () => {
  it('adds each record to the stream under the prefix', async () => {
    const prefix = uniquePrefix();
    const fallbackFile = join(dir, 'redis-fallback-unused.jsonl');
    const log = redisSettlementLog({
      url: TEST_REDIS_URL,
      prefix,
      fallback: diskSettlementLog(fallbackFile),
      logger: memoryLogger(),
    });
    await Promise.all([log.record(record(1)), log.record(record(2))]);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const entries = await redis.xrange(settlementStreamKey(prefix), '-', '+');
      const stored = entries.map(([, fields]) => JSON.parse(fields[1] ?? '{}') as SettlementRecord);
      expect(stored.map((r) => r.transaction).sort()).toEqual([record(1).transaction, record(2).transaction]);
    } finally {
      redis.disconnect();
      await log.close();
      await deleteKeys(prefix);
    }
    expect(await readSettlementLog(fallbackFile)).toEqual([]);
  });

  it('writes to the fallback log when Redis cannot be reached, so no settlement goes unrecorded', async () => {
    const fallbackFile = join(dir, 'redis-down.jsonl');
    const logger = memoryLogger();
    const log = redisSettlementLog({
      url: `redis://127.0.0.1:${await closedPort()}`,
      prefix: uniquePrefix(),
      fallback: diskSettlementLog(fallbackFile),
      logger,
    });
    await log.record(record(7));
    await log.record(record(8));
    await log.close();
    expect((await readSettlementLog(fallbackFile)).map((r) => r.transaction)).toEqual([
      record(7).transaction,
      record(8).transaction,
    ]);
    expect(logger.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });
});
