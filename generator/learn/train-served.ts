import { type ModelArtifact, ModelArtifact as ModelArtifactSchema } from '../../core/advisor/model.ts';
import { baselineValue } from '../../core/advisor/served.ts';
import { quantiles101 } from './quantiles.ts';
import { type RollingOptions, rollingOrigin } from './rolling.ts';
import type { LabelledRow, PostingRow } from './rows.ts';
import { type TrainOptions, trainModel } from './train.ts';
import { traitEffects } from './trait-effects.ts';

/** Rolling-origin blocks the hourly job evaluates when it retrains: the newest day (4 blocks of 6 h). */
export const JOB_ROLLING_BLOCKS = 4;

/**
 * Trains the model to publish (`trainModel`) and measures its skill as the job would have had it: a
 * rolling-origin evaluation over the newest `rolling.maxBlocks` blocks (default JOB_ROLLING_BLOCKS),
 * each block's model trained with the same options on the rows labelled at its start. The artifact
 * keeps the pooled figures with intervals (`rolling`) and, when post length or the author prior beat
 * the model there, that baseline's quantiles over the reference posts, so its score is the one served.
 */
export function trainServedModel(
  rows: readonly LabelledRow[],
  options: TrainOptions & { rolling?: Omit<RollingOptions, 'train'> },
): ModelArtifact {
  const { rolling: rollingOptions, ...trainOptions } = options;
  const artifact = trainModel(rows, trainOptions);
  const report = rollingOrigin(rows, {
    maxBlocks: JOB_ROLLING_BLOCKS,
    ...rollingOptions,
    train: (fit, now) => trainModel(fit, { ...trainOptions, now, reference: undefined, activity: undefined }),
  });
  const served = report.skill.served;
  const out: ModelArtifact = { ...artifact, rolling: report.skill, traitEffects: traitEffects(rows) };
  if (served !== 'model') {
    const last = Date.parse(artifact.trainingWindow.to);
    const reference: readonly PostingRow[] =
      options.reference ?? rows.filter((r) => Date.parse(r.createdAt) > last - 24 * 3_600_000);
    out.servedReference = quantiles101(
      reference.map((r) => baselineValue(artifact, served, { title: r.title, content: r.content }, r.author)),
    );
  }
  return ModelArtifactSchema.parse(out);
}
