import { errorBody } from '../../core/envelopes/errors.ts';
import { type EdgeContext, requestHeader } from '../env.ts';
import { EdgeError, unavailable } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { type ApiKeyStore, looksLikeKey } from './key.ts';
import type { KeyQuota, QuotaAnswer } from './quota.ts';

/** The free tier: API keys and their daily quota (a call not answered gives its unit back). */
export interface FreeTier {
  readonly store: Pick<ApiKeyStore, 'verify'>;
  readonly quota: KeyQuota;
}

/** The free tier of the advisor route as x402's protected-request hook, and its give-back. */
export interface FreeTierGate {
  /**
   * The protected-request hook: a request with an `x-api-key` takes a unit of its key's daily quota
   * and is let through (true); without a key it goes on to payment (false); an unknown key (401), a
   * spent quota (429) or a key store down (503) is thrown as the answer.
   */
  grant(c: EdgeContext): Promise<boolean>;
  /**
   * Gives back the unit a granted request took (its answer failed or was not delivered); answers
   * whether it was given back. Never throws: a store that cannot take it back is logged.
   */
  giveBack(c: EdgeContext): Promise<boolean>;
}

/** A request's `x-api-key`, trimmed; '' when none. */
export const apiKeyOf = (c: EdgeContext): string => requestHeader(c, 'x-api-key')?.trim() ?? '';

/** The RateLimit-* headers of a key's quota. */
export function quotaHeaders(q: QuotaAnswer): Record<string, string> {
  return {
    'RateLimit-Limit': String(q.limit),
    'RateLimit-Remaining': String(q.ok ? q.remaining : 0),
    'RateLimit-Reset': String(Math.ceil(q.resetAt / 1000)),
  };
}

/** 401 for a key that is unknown, revoked or not shaped like a key. */
export function invalidKey(): EdgeError {
  return new EdgeError(
    401,
    errorBody(
      'invalid api key',
      'The x-api-key is unknown or revoked. Send a valid free-tier key, or no key and pay with x402.',
    ),
    { 'WWW-Authenticate': 'ApiKey header="x-api-key"' },
  );
}

/** 429 with Retry-After when a key has used its quota of the day. */
export function overQuota(q: QuotaAnswer & { ok: false }): EdgeError {
  return new EdgeError(
    429,
    errorBody(
      'rate limited',
      `This free-tier key has used its ${q.limit} requests of the day; it resets at ${new Date(q.resetAt).toISOString()}. Retry in ${q.retryAfterSeconds} seconds, or pay with x402 meanwhile.`,
    ),
    { 'Retry-After': String(q.retryAfterSeconds) },
  );
}

/** The 500 of a keyed call whose computation failed, saying whether its quota unit was given back. */
export function keyCallFailed(released: boolean): EdgeError {
  return new EdgeError(
    500,
    errorBody(
      'analysis failed',
      released
        ? "The analysis could not be delivered; nothing was charged: this request did not count against the key's daily quota. Try again later."
        : "The analysis could not be delivered, and this request could not be taken off the key's daily quota right now, so it may still count against it. Try again later.",
    ),
  );
}

/** The free tier's hook and give-back (`free-tier.ts`); without `freeTier` every key is unknown (401). */
export function freeTierGate(freeTier: FreeTier | undefined, logger: Logger): FreeTierGate {
  const taken = new WeakMap<EdgeContext, { keyId: string; unit: QuotaAnswer & { ok: true } }>();
  return {
    async grant(c) {
      const key = apiKeyOf(c);
      if (key === '') return false;
      if (freeTier === undefined || !looksLikeKey(key)) throw invalidKey();
      let known: { id: string } | undefined;
      try {
        known = await freeTier.store.verify(key);
      } catch (error) {
        logger.warn('API key store unavailable', { error: (error as Error).message });
        throw unavailable('API keys cannot be checked right now; retry later, or pay with x402.');
      }
      if (known === undefined) throw invalidKey();
      const unit = await freeTier.quota.take(known.id);
      // The key's quota is this response's tightest limit: its headers replace the general bucket's.
      c.set('rateLimitHeaders', quotaHeaders(unit));
      if (!unit.ok) throw overQuota(unit);
      taken.set(c, { keyId: known.id, unit });
      return true;
    },
    async giveBack(c) {
      const granted = taken.get(c);
      if (!granted || !freeTier) return false;
      taken.delete(c);
      try {
        const released = await freeTier.quota.release(granted.keyId, granted.unit);
        if (released)
          c.set('rateLimitHeaders', quotaHeaders({ ...granted.unit, remaining: granted.unit.remaining + 1 }));
        else
          logger.warn('quota unit of a free-tier call was not found to give back', { keyId: granted.keyId });
        return released;
      } catch (error) {
        logger.error('quota unit of a failed free-tier call could not be given back', {
          keyId: granted.keyId,
          error: (error as Error).message,
        });
        return false;
      }
    },
  };
}
