import { fnv1a } from '../../core/hash.ts';
import type { RateLimit } from '../../core/limits.ts';
import type { CounterHit } from './store.ts';

/**
 * The fixed window of `limit` that contains `now` for `client`. Windows are aligned to the epoch plus
 * a per-client offset (a hash of the client), so every instance computes the same window without
 * coordination while clients' windows do not all reset in the same second.
 */
export function windowFor(limit: RateLimit, client: string, now: number): CounterHit {
  const length = limit.windowSeconds * 1000;
  // The hash of `name|client`, without building that string per request.
  const offset = fnv1a(client, fnv1a(`${limit.name}|`)) % length;
  const start = Math.floor((now - offset) / length) * length + offset;
  return { name: limit.name, client, start, resetAt: start + length };
}
