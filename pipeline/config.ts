import { z } from 'zod';
import { httpUrlOr, optionalText, parseEnv, wholeNumber } from '../core/config/fields.ts';
import { SharedEnvSchema } from '../core/config/shared.ts';

/**
 * The pipeline's own environment variables (the generator's are parsed by the generator). Built from
 * core's field builders: trimmed, and empty means unset. Flags, where they exist, win over these.
 */
export const PipelineEnvSchema = SharedEnvSchema.pick({ PLATFORM_SEGMENT: true }).extend({
  GITHUB_REPOSITORY: optionalText()
    .pipe(
      z
        .string()
        .regex(/^[\w.-]+\/[\w.-]+$/, 'must look like owner/name')
        .optional(),
    )
    .meta({ description: '`owner/name` of the repository whose failure issue is filed (set by Actions)' }),
  GITHUB_TOKEN: optionalText().meta({
    description: 'token for the failure issue (secret); never given to child processes',
    secret: 'value',
  }),
  GITHUB_API_URL: httpUrlOr('https://api.github.com').meta({
    description: 'GitHub REST API base URL (set by Actions; tests point it at a fake)',
  }),
  GITHUB_SERVER_URL: optionalText().meta({
    description: 'server of the workflow run, for the link in the failure issue (set by Actions)',
  }),
  GITHUB_RUN_ID: optionalText().meta({
    description: 'id of the workflow run, for the link in the failure issue (set by Actions)',
  }),
  GITHUB_OUTPUT: optionalText().meta({ description: 'Actions’ step-output file' }),
  HOURLY_WINDOW_HOURS: wholeNumber(1, 168, 24).meta({
    description:
      'hours of the hourly run’s window (the newest generated, the others backfilled), as `--window`',
  }),
  HOURLY_FAILURE_THRESHOLD: wholeNumber(1, 1000, 3).meta({
    description: 'consecutive failed runs before the failure issue is opened, as `--failure-threshold`',
  }),
  HOURLY_OUT_DIR: optionalText().meta({
    description: 'folder of the run’s artifact, reload marker and state file, as `--out`',
    unset: '`.tmp/hourly`',
  }),
  EDGE_PID_FILE: optionalText().meta({
    description: 'file listing the edge PIDs to signal, as `--edge-pids`',
    unset: 'no edge signalled',
  }),
  MURMUR_NOW: optionalText().meta({
    description: 'fixed clock of the run (tests, replays), as `--now`',
    unset: 'the current time',
  }),
});

/** The pipeline's parsed environment. */
export type PipelineEnv = z.infer<typeof PipelineEnvSchema>;

/** Parses the pipeline's variables; throws `toError` of a message naming each bad variable. */
export function parsePipelineEnv(
  env: Record<string, string | undefined>,
  toError: (message: string) => Error,
): PipelineEnv {
  return parseEnv(PipelineEnvSchema, env, undefined, toError);
}
