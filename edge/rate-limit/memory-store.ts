import { gcraStep } from './gcra.ts';
import type {
  BucketAnswer,
  BucketHit,
  CounterHit,
  RateLimitStore,
  StoreAnswer,
  StoreStatus,
} from './store.ts';

/** Options of the in-process store. */
export interface MemoryStoreOptions {
  /** Most entries (counters and buckets) kept; beyond it the oldest clients are dropped (they start afresh). */
  readonly maxKeys?: number;
  /** How often (by the request clock) expired entries are swept, in ms. */
  readonly sweepEveryMs?: number;
}

/** The in-process store, answering synchronously, with its size for tests and /health. */
export interface MemoryStore extends RateLimitStore {
  hit(counters: readonly CounterHit[], buckets: readonly BucketHit[], now: number): StoreAnswer;
  /** Entries currently held. */
  size(): number;
  /** Entries dropped because the store was full. */
  evicted(): number;
}

/**
 * One limit's state for one client: a counter's window start, count and end, or a bucket's
 * theoretical arrival time in `expiresAt` (a bucket whose time has passed is full, as if absent).
 */
interface Entry {
  start: number;
  count: number;
  expiresAt: number;
}

/**
 * Counters and buckets in this process, at most `maxKeys` (then the oldest clients go). Expired
 * entries are swept as requests come in: no timer, so the request clock drives it and tests move it.
 */
export function memoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const maxKeys = options.maxKeys ?? 100_000;
  const sweepEveryMs = options.sweepEveryMs ?? 10_000;
  const clients = new Map<string, Map<string, Entry>>();
  let entries = 0;
  let nextSweep = 0;
  let evictions = 0;

  const sweep = (now: number) => {
    for (const [client, limits] of clients) {
      for (const [name, e] of limits) {
        if (e.expiresAt > now) continue;
        limits.delete(name);
        entries--;
      }
      if (limits.size === 0) clients.delete(client);
    }
    nextSweep = now + sweepEveryMs;
  };

  /** Makes room for one more entry: a sweep, then the oldest clients but `keep` (the one adding it). */
  const makeRoom = (now: number, keep: string) => {
    sweep(now);
    for (const [old, oldLimits] of clients) {
      if (entries < maxKeys) break;
      if (old === keep) continue;
      clients.delete(old);
      entries -= oldLimits.size;
      evictions += oldLimits.size;
    }
  };

  const add = (client: string, name: string, entry: Entry, now: number) => {
    if (entries >= maxKeys) makeRoom(now, client);
    let limits = clients.get(client);
    if (!limits) {
      limits = new Map();
      clients.set(client, limits);
    }
    limits.set(name, entry);
    entries++;
  };

  const bump = (hit: CounterHit, now: number): number => {
    const current = clients.get(hit.client)?.get(hit.name);
    if (current && current.start === hit.start && current.expiresAt > now) return ++current.count;
    if (current) {
      current.start = hit.start;
      current.count = 1;
      current.expiresAt = hit.resetAt;
    } else add(hit.client, hit.name, { start: hit.start, count: 1, expiresAt: hit.resetAt }, now);
    return 1;
  };

  const take = (hit: BucketHit, now: number): BucketAnswer => {
    const current = clients.get(hit.client)?.get(hit.name);
    const tat = current && current.expiresAt > now ? current.expiresAt : undefined;
    const step = gcraStep(tat, now, hit.intervalMs, hit.burst);
    if (step.conforms) {
      if (current) current.expiresAt = step.tat;
      else add(hit.client, hit.name, { start: 0, count: 0, expiresAt: step.tat }, now);
    }
    return { conforms: step.conforms, fullAt: step.tat };
  };

  return {
    hit(counters, buckets, now) {
      if (now >= nextSweep) sweep(now);
      const counts: number[] = [];
      for (const c of counters) counts.push(bump(c, now));
      const answers: BucketAnswer[] = [];
      for (const b of buckets) answers.push(take(b, now));
      return { counts, buckets: answers };
    },
    async status(): Promise<StoreStatus> {
      return { store: 'memory', reachable: true };
    },
    async close() {
      clients.clear();
      entries = 0;
    },
    size: () => entries,
    evicted: () => evictions,
  };
}
