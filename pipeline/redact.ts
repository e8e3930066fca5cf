import { createRedactor, envSecrets, REDACTED } from '../core/redact.ts';

/** The project's one redactor (core/redact.ts): secret values removed, every URL cut to scheme, host and port. */
export { createRedactor, REDACTED };

/** Environment variables whose values are secrets of the pipeline itself (the generator's come from core/). */
export const PIPELINE_SECRET_ENV = ['GITHUB_TOKEN'] as const;

/**
 * Every secret of a run's environment: the pipeline's own token, and the generator's keys and the
 * secret parts of its URLs (FORUM_BASE_URL, OPENAI_BASE_URL…; see `envSecrets`). Empty values count as unset.
 */
export function pipelineSecrets(env: Record<string, string | undefined>): string[] {
  const own = PIPELINE_SECRET_ENV.map((name) => env[name]?.trim()).filter((s): s is string => !!s);
  return [...new Set([...own, ...envSecrets(env)])].filter((s) => s !== '');
}
