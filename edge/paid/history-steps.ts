import type { z } from 'zod';
import { HistoryQuery } from '../../core/schemas/envelope.ts';
import { type EdgeError, invalidInput } from '../errors.ts';
import { clientGone } from './hang-up.ts';

/**
 * The history route's rules as pure functions of what a request carries and when its client hung
 * up; `history.ts` reads the request, asks the gate, reads the digests and carries out the steps.
 */

/** HEAD: the challenge at once (never reads, never settles); else the query, checked before any payment. */
export function historyEntryStep(
  method: string,
  query: Readonly<Record<string, string | readonly string[]>>,
):
  | { readonly kind: 'challenge' }
  | { readonly kind: 'refuse'; readonly error: EdgeError }
  | { readonly kind: 'pay'; readonly query: z.infer<typeof HistoryQuery> } {
  if (method === 'HEAD') return { kind: 'challenge' };
  const parsed = HistoryQuery.safeParse(query);
  if (!parsed.success) return { kind: 'refuse', error: invalidInput(parsed.error.issues, 'query') };
  return { kind: 'pay', query: parsed.data };
}

/** Where a paid history answer stands when the client's connection is looked at. */
export type HistoryStage = 'read' | 'settled';

/** Why delivered digests are refunded when the connection is cut while they are written. */
export const HISTORY_DELIVERY_REFUND = 'client hung up while the digests were sent';

/**
 * The client hung up: after the read, before settling → 499 and nothing settles; after settling → 499
 * and the payment is refunded. Else go on (settle, then send).
 */
export function historyHangUpStep(
  stage: HistoryStage,
  hungUp: boolean,
):
  | { readonly kind: 'go-on' }
  | { readonly kind: 'gone'; readonly error: EdgeError }
  | { readonly kind: 'refund'; readonly why: string; readonly error: EdgeError } {
  if (!hungUp) return { kind: 'go-on' };
  if (stage === 'read') return { kind: 'gone', error: clientGone('nothing was settled.') };
  return {
    kind: 'refund',
    why: 'client hung up before the digests were sent',
    error: clientGone('the payment settled and is refunded.'),
  };
}
