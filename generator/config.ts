import type { z } from 'zod';
import { httpUrlOr, optionalText, parseEnv, wholeNumber } from '../core/config/fields.ts';
import { SharedEnvSchema } from '../core/config/shared.ts';

/**
 * The generator's variables (generate, backfill, demo and the hourly pipeline's generate step): the
 * forum, the analyser and the content folder. Nothing of the edge's (payments, Redis, ports) is read,
 * so a bad edge variable never stops the generator.
 */
export const GeneratorEnvSchema = SharedEnvSchema.pick({
  CONTENT_DIR: true,
  PLATFORM_SEGMENT: true,
  ANALYSER: true,
  OPENAI_BASE_URL: true,
  OPENAI_API_KEY: true,
  OPENAI_MODEL: true,
  OPENAI_TIMEOUT_MS: true,
  OPENAI_MAX_TOKENS: true,
}).extend({
  FORUM_BASE_URL: httpUrlOr('https://www.moltbook.com/api/v1').meta({
    description: 'forum API (keep the `www`: the bare domain drops the Authorization header)',
    secret: 'url',
  }),
  FORUM_API_KEY: optionalText().meta({
    description: 'optional forum key (secret), sent as `Authorization: Bearer`',
    secret: 'value',
  }),
  FORUM_PAGE_SIZE: wholeNumber(1, 100, 100).meta({ description: 'posts per list page' }),
  FORUM_REQUEST_TIMEOUT_MS: wholeNumber(100, 120_000, 15_000).meta({
    description: 'per-request timeout towards the forum, in ms',
  }),
  FORUM_BUDGET_MS: wholeNumber(1_000, 3_600_000, 600_000).meta({
    description: 'time budget of one hour’s scrape, in ms',
  }),
  FORUM_MAX_RETRIES: wholeNumber(0, 10, 5).meta({
    description: 'retries per forum request (backoff with jitter)',
  }),
  FORUM_COMMENT_THREADS: wholeNumber(0, 200, 20).meta({
    description: 'most-commented posts whose comment threads are fetched',
  }),
});

/** The generator's parsed configuration. */
export type GeneratorConfig = z.infer<typeof GeneratorEnvSchema>;

/** Parses the generator's variables; throws ConfigError naming each bad one. */
export function loadGeneratorConfig(env: Record<string, string | undefined> = process.env): GeneratorConfig {
  return parseEnv(GeneratorEnvSchema, env);
}
