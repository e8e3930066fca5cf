// The paying client of `npm run bench:pay`: @x402/fetch with a viem account, as a buyer would pay,
// with the inner fetch timed so one paid request splits into its legs.
import { wrapFetchWithPayment } from '@x402/fetch';
import type { Hex } from 'viem';
import { payerClient } from '../../core/payer-client.ts';

/** One paid request as the client saw it, in ms from its start (performance.now clock). */
export interface PaidRequestTiming {
  /** Status of the final answer. */
  readonly status: number;
  /** Whether the answer carried a PAYMENT-RESPONSE header. */
  readonly paymentResponse: boolean;
  /** HTTP requests sent: 2 for a paid request (the unpaid one, the paid retry). */
  readonly legs: number;
  /** The start of the body of an answer other than 200 (why a payment failed), else undefined. */
  readonly failure?: string;
  /** The whole request: 402, signing, the paid retry, the body read. */
  readonly totalMs: number;
  /** The unpaid first request until its 402 headers. */
  readonly challengeMs: number;
  /** From the 402's headers to the paid retry: reading the challenge, signing (EIP-3009, EIP-712). */
  readonly signMs: number;
  /** The paid retry until its answer's headers (the edge verifies and settles in here). */
  readonly paidMs: number;
}

/** A GET of `url`, paid with @x402/fetch when it answers 402 (x402 v2, exact scheme, EVM), timed. */
export type TimedPayer = (url: string) => Promise<PaidRequestTiming>;

/**
 * A paying client for `privateKey` whose every call is timed: the inner fetch records when each leg
 * starts and answers, so the 402 leg, the signing and the paid leg are told apart without changing
 * what @x402/fetch does. One request at a time per payer (the marks are per payer).
 */
export function timedPayer(privateKey: Hex): TimedPayer {
  const client = payerClient(privateKey);
  let marks: number[] = [];
  const timedFetch: typeof fetch = async (input, init) => {
    marks.push(performance.now());
    const res = await fetch(input, init);
    marks.push(performance.now());
    return res;
  };
  const paying = wrapFetchWithPayment(timedFetch, client);
  return async (url) => {
    marks = [];
    const started = performance.now();
    const res = await paying(url);
    const body = await res.text();
    const ended = performance.now();
    // [first sent, 402 headers, retry sent, answer headers]; a request that was not paid has two.
    const [, challengeAt = ended, retryAt = ended, answerAt = ended] = marks;
    return {
      status: res.status,
      paymentResponse: res.headers.has('payment-response'),
      legs: marks.length / 2,
      ...(res.status === 200 ? {} : { failure: body.slice(0, 300) }),
      totalMs: ended - started,
      challengeMs: challengeAt - started,
      signMs: retryAt - challengeAt,
      paidMs: answerAt - retryAt,
    };
  };
}
