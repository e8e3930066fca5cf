import { z } from 'zod';
import { issueLines, optionalText, textOr, wholeNumber } from '../core/config/fields.ts';

/**
 * The pipeline's own environment variables (the generator's are parsed by the generator). Built from
 * core's field builders: trimmed, and empty means unset. Flags, where they exist, win over these.
 */
export const PipelineEnvSchema = z.object({
  /** owner/name of the repository whose failure issue is filed (set by Actions). */
  GITHUB_REPOSITORY: optionalText().pipe(
    z
      .string()
      .regex(/^[\w.-]+\/[\w.-]+$/, 'must look like owner/name')
      .optional(),
  ),
  /** Token for the failure issue (secret); never given to child processes. */
  GITHUB_TOKEN: optionalText(),
  /** GitHub REST API base URL (Actions sets it; tests point it at a fake). */
  GITHUB_API_URL: textOr('https://api.github.com').pipe(
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
  ),
  /** Server and run id of a workflow run, for the link in the failure issue (set by Actions). */
  GITHUB_SERVER_URL: optionalText(),
  GITHUB_RUN_ID: optionalText(),
  /** Actions' step-output file. */
  GITHUB_OUTPUT: optionalText(),
  /** Hours of the default window (the newest generated, the others backfilled), as `--window`. */
  HOURLY_WINDOW_HOURS: wholeNumber(1, 168, 24),
  /** Consecutive failed runs before the failure issue is opened, as `--failure-threshold`. */
  HOURLY_FAILURE_THRESHOLD: wholeNumber(1, 1000, 3),
  /** Folder of the artifact, reload marker and state file, as `--out`. */
  HOURLY_OUT_DIR: optionalText(),
  /** File listing the edge PIDs to signal, as `--edge-pids`. */
  EDGE_PID_FILE: optionalText(),
  /** Fixed clock of the run (tests, replays), as `--now`. */
  MURMUR_NOW: optionalText(),
  /** Platform path segment of the routes the soundness check requests. */
  PLATFORM_SEGMENT: textOr('forum'),
});

/** The pipeline's parsed environment. */
export type PipelineEnv = z.infer<typeof PipelineEnvSchema>;

/** Parses the pipeline's variables; throws `toError` of a message naming each bad variable. */
export function parsePipelineEnv(
  env: Record<string, string | undefined>,
  toError: (message: string) => Error,
): PipelineEnv {
  const result = PipelineEnvSchema.safeParse(env);
  if (!result.success) throw toError(`invalid configuration:\n${issueLines(result.error).join('\n')}`);
  return result.data;
}
