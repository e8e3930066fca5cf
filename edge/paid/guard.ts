import type { FacilitatorClient } from '@x402/core/server';
import {
  FacilitatorResponseError,
  FacilitatorTimeoutError,
  type Network,
  type PaymentPayload,
  type PaymentRequirements,
  SettleError,
  type SettleResponse,
  type SupportedResponse,
  VerifyError,
  type VerifyResponse,
} from '@x402/core/types';
import { redactUrls } from '../../core/redact.ts';
import type { Facilitator } from '../facilitator/facilitator.ts';

/**
 * The facilitator gave no answer the payer could act on: unreachable, refusing our credentials, failing
 * (5xx), or refusing while the chain's RPC is down. A FacilitatorResponseError, so x402's resource
 * server passes it through instead of turning it into a 402: the edge answers it 503 (verify) or looks
 * on chain (settle). Timeouts stay the library's own FacilitatorTimeoutError.
 */
export class FacilitatorDown extends FacilitatorResponseError {
  override readonly name = 'FacilitatorDown';
  constructor(
    readonly operation: 'verify' | 'settle',
    cause: unknown,
  ) {
    super(`facilitator ${operation} failed: ${messageOf(cause)}`);
  }
}

/** The facilitator's own verify and settle times, in ms (the newest 10,000 of each; benches read them). */
export interface FacilitatorTimings {
  readonly verifyMs: readonly number[];
  readonly settleMs: readonly number[];
}

/** A facilitator client as x402's resource server sees it, with its call times. */
export interface GuardedFacilitator extends FacilitatorClient {
  timings(): FacilitatorTimings;
}

const TIMING_WINDOW = 10_000;

/** The first line of an error, URLs cut to their host (RPC URLs often hold API keys). */
const messageOf = (error: unknown): string =>
  redactUrls((error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? '');

/** Whether a facilitator's HTTP status is its answer about the payment (a 4xx), not an outage. */
function isAnswer(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

/** What a failed call throws: the library's own facilitator errors as they are, anything else as FacilitatorDown. */
function down(operation: 'verify' | 'settle', error: unknown): FacilitatorResponseError {
  return error instanceof FacilitatorResponseError ? error : new FacilitatorDown(operation, error);
}

/**
 * The facilitator as the edge's x402 resource server uses it:
 * - `getSupported` answers the one kind the paid routes sell (x402 v2, exact, `network`), so the
 *   server initialises and builds every 402 without the network; whether the facilitator really
 *   supports it is what `/health` checks.
 * - verify and settle answer a payer's 4xx refusal as a refusal, and throw FacilitatorDown for
 *   anything else; both are cut off after `timeoutMs` (FacilitatorTimeoutError), the embedded
 *   facilitator's calls included, and timed.
 * - a refusal while the embedded facilitator's RPC is unreachable is an outage (FacilitatorDown).
 */
export function guardFacilitator(
  facilitator: Facilitator,
  opts: { network: Network; timeoutMs: number },
): GuardedFacilitator {
  const supported: SupportedResponse = {
    kinds: [{ x402Version: 2, scheme: 'exact', network: opts.network }],
    extensions: [],
    signers: {},
  };
  const verifyMs: number[] = [];
  const settleMs: number[] = [];

  const timed = async <T>(operation: 'verify' | 'settle', run: () => Promise<T>): Promise<T> => {
    const times = operation === 'verify' ? verifyMs : settleMs;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new FacilitatorTimeoutError(operation, opts.timeoutMs)),
        opts.timeoutMs,
      );
    });
    try {
      return await Promise.race([run(), deadline]);
    } finally {
      clearTimeout(timer);
      times.push(performance.now() - started);
      if (times.length > TIMING_WINDOW) times.splice(0, times.length - TIMING_WINDOW);
    }
  };

  /** A refusal stands only while the facilitator can see the chain. */
  const refusal = async <T>(operation: 'verify' | 'settle', answer: T, reason: string | undefined) => {
    if (await facilitator.reachable()) return answer;
    throw new FacilitatorDown(operation, new Error(`refused (${reason}) while its RPC is unreachable`));
  };

  return {
    getSupported: async () => supported,
    async verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
      let answer: VerifyResponse;
      try {
        answer = await timed('verify', () => facilitator.client.verify(payload, requirements));
      } catch (error) {
        if (!(error instanceof VerifyError && isAnswer(error.statusCode))) throw down('verify', error);
        const { invalidReason, invalidMessage, payer } = error;
        answer = { isValid: false, invalidReason, invalidMessage, payer };
      }
      return answer.isValid ? answer : refusal('verify', answer, answer.invalidReason);
    },
    async settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
      let answer: SettleResponse;
      try {
        answer = await timed('settle', () => facilitator.client.settle(payload, requirements));
      } catch (error) {
        if (!(error instanceof SettleError && isAnswer(error.statusCode))) throw down('settle', error);
        const { errorReason, errorMessage, transaction, network, payer } = error;
        answer = { success: false, errorReason, errorMessage, transaction, network, payer };
      }
      return answer.success ? answer : refusal('settle', answer, answer.errorReason);
    },
    timings: () => ({ verifyMs: [...verifyMs], settleMs: [...settleMs] }),
  };
}
