import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** Test support: the Redis every test uses (real, on loopback). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Test support: a key prefix of its own for one test run, so runs never share counters. */
export function uniquePrefix(): string {
  return `murmur-test:${randomUUID()}:`;
}

/** Test support: deletes every key under `prefix`. */
export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Test support: the TTL (ms) of a key, as Redis reports it. */
export async function pttl(key: string): Promise<number> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    return await redis.pttl(key);
  } finally {
    redis.disconnect();
  }
}

/**
 * Test support: moves Redis's clock `ms` forward for the keys under `prefix`, as that much time would:
 * every TTL shortens by `ms`, and a key whose TTL runs out is gone. Redis expires keys (the refund and
 * wallet locks) by its own clock, which no `now` option reaches.
 */
export async function advanceRedisClock(prefix: string, ms: number): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const left = await redis.pttl(key);
        if (left < 0) continue; // no TTL (-1), or gone already (-2)
        if (left <= ms) await redis.del(key);
        else await redis.pexpire(key, left - ms);
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Test support: a loopback port nobody listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
