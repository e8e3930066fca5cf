/** The steps of a run, in order; a failure names the one it happened in. */
export type Step =
  | 'sync'
  | 'generate'
  | 'backfill'
  | 'validate'
  | 'commit'
  | 'push'
  | 'build'
  | 'soundness'
  | 'deploy'
  | 'internal';

/** A failed step, with the exit code the run ends with (2: bad configuration, 1: anything else). */
export class StepError extends Error {
  override readonly name = 'StepError';
  constructor(
    readonly step: Step,
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}
