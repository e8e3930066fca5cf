import { setTimeout as sleep } from 'node:timers/promises';
import { APIConnectionError, APIError, APIUserAbortError, type OpenAI } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { LlmFailure } from './failure.ts';

/** One chat completion under a deadline, with a few retries that fit inside it. */
export interface CompletionCall {
  readonly client: OpenAI;
  readonly body: ChatCompletionCreateParamsNonStreaming;
  /** Epoch ms after which no attempt runs and any running one is aborted. */
  readonly deadline: number;
  /** Retries after the first attempt, for 429, 5xx and connection failures. */
  readonly maxRetries: number;
  readonly onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
}

/** What a usable completion gave. */
export interface CompletionResult {
  readonly content: string;
  readonly usage: { promptTokens: number; completionTokens: number } | null;
  readonly attempts: number;
}

/** The parts of a completion we read, parsed leniently: the endpoint is any OpenAI-compatible server. */
const CompletionShape = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
});

const BACKOFF_BASE_MS = 250;
/** An attempt with less time than this left is not worth starting. */
const MIN_ATTEMPT_MS = 200;

/** Milliseconds the server asked us to wait (`retry-after-ms`, then `retry-after` seconds or date). */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Turns whatever the SDK threw into a failure, deciding whether it is worth another attempt. */
function classify(error: unknown, timedOut: boolean): { failure: LlmFailure; retryable: boolean } {
  if (timedOut || error instanceof APIUserAbortError) {
    return { failure: new LlmFailure('timeout', 'no answer within the time limit'), retryable: false };
  }
  if (error instanceof APIConnectionError) {
    return { failure: new LlmFailure('network', error.message), retryable: true };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const reason = error.status === 429 ? 'rate-limited' : 'http-error';
    const failure = new LlmFailure(reason, `HTTP ${error.status}: ${error.message}`, error.status);
    return { failure, retryable: isRetryableStatus(error.status) };
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { failure: new LlmFailure('bad-response', message), retryable: false };
}

/** Reads the answer text of a completion, or says why there is none. */
export function readCompletion(raw: unknown): { content: string; usage: CompletionResult['usage'] } {
  const parsed = CompletionShape.safeParse(raw);
  if (!parsed.success) {
    throw new LlmFailure(
      'bad-response',
      `completion lacks choices[0].message (${parsed.error.issues[0]?.message})`,
    );
  }
  const choice = parsed.data.choices[0];
  if (choice === undefined) throw new LlmFailure('bad-response', 'no choices');
  const usage = parsed.data.usage
    ? { promptTokens: parsed.data.usage.prompt_tokens, completionTokens: parsed.data.usage.completion_tokens }
    : null;
  if (choice.message.refusal) throw new LlmFailure('refusal', 'the model refused');
  if (choice.finish_reason === 'length') throw new LlmFailure('truncated', 'output hit the token limit');
  if (choice.finish_reason === 'content_filter')
    throw new LlmFailure('content-filter', 'output was filtered');
  if (choice.finish_reason !== 'stop') {
    throw new LlmFailure('unexpected-finish', `finish_reason ${String(choice.finish_reason)}`);
  }
  const content = choice.message.content ?? '';
  if (content.trim() === '') throw new LlmFailure('empty', 'no content');
  return { content, usage };
}

/**
 * Runs the completion with the SDK's own retries off: ours honour `retry-after` only when the wait
 * still fits before the deadline, so a long rate-limit pause ends in a fallback instead of a stall.
 */
export async function completeWithin(call: CompletionCall): Promise<CompletionResult> {
  for (let attempt = 1; ; attempt++) {
    const remaining = call.deadline - Date.now();
    if (remaining < MIN_ATTEMPT_MS) throw new LlmFailure('timeout', 'time limit reached before an answer');
    const signal = AbortSignal.timeout(remaining);
    let raw: unknown;
    try {
      raw = await call.client.chat.completions.create(call.body, {
        timeout: remaining,
        signal,
        maxRetries: 0,
      });
    } catch (error) {
      const { failure, retryable } = classify(error, signal.aborted || Date.now() >= call.deadline);
      const wait =
        (error instanceof APIError ? retryAfterMs(error.headers) : null) ??
        BACKOFF_BASE_MS * 2 ** (attempt - 1);
      const fits = Date.now() + wait + MIN_ATTEMPT_MS <= call.deadline;
      if (!retryable || attempt > call.maxRetries) throw failure;
      if (!fits) {
        throw new LlmFailure(
          failure.reason,
          `${failure.detail}; retry in ${Math.round(wait)} ms would pass the time limit`,
          failure.status,
        );
      }
      call.onRetry?.({ attempt, waitMs: Math.round(wait), reason: failure.reason });
      await sleep(wait);
      continue;
    }
    return { ...readCompletion(raw), attempts: attempt };
  }
}
