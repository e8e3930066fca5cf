import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { openAIClient } from '../../../core/llm/openai-client.ts';
import type { Analyser, Analysis, AnalysisInput } from '../types.ts';
import { checkAnswer } from './answer-check.ts';
import { answerJsonSchema } from './answer-schema.ts';
import { completeWithin } from './complete.ts';
import { LlmFailure, redact } from './failure.ts';
import { mergeAnswer } from './merge.ts';
import { buildPrompt, knownHandles } from './prompt.ts';

/** A structured log event; never carries the API key or post text. */
export interface LlmLogEvent {
  event: string;
  [key: string]: unknown;
}

/** Settings of the OpenAI-compatible analyser. */
export interface OpenAIAnalyserOptions {
  /** Base URL of any OpenAI-compatible API, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseURL: string;
  /** Sent as `Authorization: Bearer …`; without it no Authorization header is sent. */
  apiKey?: string;
  model: string;
  /** Time limit of the whole call, retries included (default 60000). */
  timeoutMs?: number;
  /** Output token limit (default 4000). */
  maxOutputTokens?: number;
  /** Lead posts placed in the prompt at most, the stories' leads first (default 40). */
  maxPostsInPrompt?: number;
  /** Characters of a post's body placed in the prompt at most (default 1000). */
  maxPostChars?: number;
  /** Retries on 429, 5xx and connection failures, within the time limit (default 1). */
  maxRetries?: number;
  /** Request field for the token limit: `max_completion_tokens` (default; current OpenAI) or `max_tokens` (older servers). */
  tokenLimitField?: 'max_completion_tokens' | 'max_tokens';
  /** The offline analyser: its result supplies the facts, and is returned whenever the model fails. */
  fallback: Analyser;
  log?: (e: LlmLogEvent) => void;
}

const Options = z.object({
  baseURL: z.url({ protocol: /^https?$/, message: 'baseURL must be an http(s) URL' }),
  apiKey: z.string().min(1, 'apiKey must not be empty when given').optional(),
  model: z.string().min(1, 'model must not be empty'),
  timeoutMs: z.int().min(1).max(600_000).default(60_000),
  maxOutputTokens: z.int().min(64).max(128_000).default(4_000),
  maxPostsInPrompt: z.int().min(1).max(500).default(40),
  maxPostChars: z.int().min(50).max(20_000).default(1_000),
  maxRetries: z.int().min(0).max(5).default(1),
  tokenLimitField: z.enum(['max_completion_tokens', 'max_tokens']).default('max_completion_tokens'),
});

/** Name of the JSON Schema in `response_format`. */
const SCHEMA_NAME = 'hourly_digest';

/**
 * An analyser that asks a model behind any OpenAI-compatible chat completions endpoint to write the
 * hour's prose from the offline analyser's stories: the title, the summary, each story's gist, each hot
 * discussion's description and the Overview of `fullDigest` (whose other sections are rendered by code
 * with the offline numbers). The model gets the stories' numbers and their lead posts' text, fenced as
 * untrusted data; every count, id, URL, label, tone and narrative status stays offline. Any failure —
 * network, HTTP, timeout, refusal, truncation, bad JSON, schema or sanity — returns the offline result
 * unchanged and logs the reason.
 */
export function createOpenAIAnalyser(opts: OpenAIAnalyserOptions): Analyser {
  const parsed = Options.safeParse(opts);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`createOpenAIAnalyser: invalid options: ${problems}`);
  }
  const o = parsed.data;
  const { fallback } = opts;
  const log = (e: LlmLogEvent) => {
    try {
      opts.log?.(e);
    } catch {
      // A failing logger must not turn a usable result (or the fallback) into an error.
    }
  };
  const secrets = o.apiKey === undefined ? [] : [o.apiKey];
  const client = openAIClient(o.baseURL, o.apiKey);
  const name = `openai:${o.model}`;
  const schema = answerJsonSchema();

  async function askModel(input: AnalysisInput, offline: Analysis, started: number): Promise<Analysis> {
    const deadline = started + o.timeoutMs;
    const nonce = randomBytes(16).toString('hex');
    const prompt = buildPrompt(
      input,
      offline,
      { maxPosts: o.maxPostsInPrompt, maxPostChars: o.maxPostChars },
      nonce,
    );
    log({
      event: 'llm-request',
      analyser: name,
      hourStart: input.hourStart,
      posts: prompt.posts.length,
      promptChars: prompt.messages[0].content.length + prompt.messages[1].content.length,
    });
    const result = await completeWithin({
      client,
      deadline,
      maxRetries: o.maxRetries,
      body: {
        model: o.model,
        messages: [...prompt.messages],
        response_format: { type: 'json_schema', json_schema: { name: SCHEMA_NAME, strict: true, schema } },
        [o.tokenLimitField]: o.maxOutputTokens,
      },
      onRetry: (info) => log({ event: 'llm-retry', analyser: name, ...info }),
    });
    let json: unknown;
    try {
      json = JSON.parse(result.content);
    } catch {
      // Not the parser's message: it quotes the content, which may echo post text into the logs.
      throw new LlmFailure('invalid-json', `content of ${result.content.length} chars is not JSON`);
    }
    const checked = checkAnswer(json, {
      handles: knownHandles(input, offline),
      storyRefs: prompt.storyRefs,
      hotRefs: prompt.hotRefs,
      numbers: prompt.numbers,
    });
    if (!checked.ok) throw new LlmFailure(checked.kind, checked.problems.slice(0, 5).join('; '));
    log({
      event: 'llm-ok',
      analyser: name,
      attempts: result.attempts,
      usage: result.usage,
      durationMs: Date.now() - started,
    });
    return mergeAnswer(offline, checked.answer, {
      hourStart: input.hourStart,
      hourEnd: input.hourEnd,
      totalPosts: input.totalPosts,
      qualityPosts: input.posts.length,
    });
  }

  return {
    name,
    async analyse(input) {
      const offline = await fallback.analyse(input);
      const started = Date.now();
      try {
        return await askModel(input, offline, started);
      } catch (error) {
        const failure =
          error instanceof LlmFailure
            ? error
            : new LlmFailure(
                'bad-response',
                error instanceof Error ? `${error.name}: ${error.message}` : String(error),
              );
        log({
          event: 'llm-fallback',
          analyser: name,
          reason: failure.reason,
          ...(failure.status === undefined ? {} : { status: failure.status }),
          detail: redact(failure.detail, secrets),
          durationMs: Date.now() - started,
          using: fallback.name,
        });
        return offline;
      }
    },
  };
}
