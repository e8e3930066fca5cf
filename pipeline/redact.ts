import { envSecrets } from '../core/redact.ts';
import { GeneratorEnvSchema } from '../generator/config.ts';
import { PipelineEnvSchema } from './config.ts';

/** The project's one redactor (core/redact.ts): secret values removed, every URL cut to scheme, host and port. */
export { createRedactor, REDACTED } from '../core/redact.ts';

/**
 * Every secret of a run's environment: the pipeline's own (GITHUB_TOKEN), and the generator's keys and
 * the secret parts of its URLs (FORUM_BASE_URL, OPENAI_BASE_URL…), as their schemas mark them (see
 * `envSecrets`). Empty values count as unset.
 */
export function pipelineSecrets(env: Record<string, string | undefined>): string[] {
  return [...new Set([...envSecrets(PipelineEnvSchema, env), ...envSecrets(GeneratorEnvSchema, env)])];
}
