import type { z } from 'zod';
import { ConfigError, EnvSchema } from '../config.ts';
import { issueLines } from './fields.ts';

/**
 * The generator's variables (generate, backfill, demo and the hourly pipeline's generate step): the
 * forum, the analyser and the content folder. Nothing of the edge's (payments, Redis, ports) is read,
 * so a bad edge variable never stops the generator.
 */
export const GeneratorEnvSchema = EnvSchema.pick({
  CONTENT_DIR: true,
  PLATFORM_SEGMENT: true,
  FORUM_BASE_URL: true,
  FORUM_API_KEY: true,
  FORUM_PAGE_SIZE: true,
  FORUM_REQUEST_TIMEOUT_MS: true,
  FORUM_BUDGET_MS: true,
  FORUM_MAX_RETRIES: true,
  FORUM_COMMENT_THREADS: true,
  ANALYSER: true,
  OPENAI_BASE_URL: true,
  OPENAI_API_KEY: true,
  OPENAI_MODEL: true,
  OPENAI_TIMEOUT_MS: true,
  OPENAI_MAX_TOKENS: true,
});

/** The generator's parsed configuration. */
export type GeneratorConfig = z.infer<typeof GeneratorEnvSchema>;

/** Parses the generator's variables; throws ConfigError naming each bad one. */
export function loadGeneratorConfig(env: Record<string, string | undefined> = process.env): GeneratorConfig {
  const result = GeneratorEnvSchema.safeParse(env);
  if (!result.success)
    throw new ConfigError(`invalid configuration:\n${issueLines(result.error).join('\n')}`);
  return result.data;
}
