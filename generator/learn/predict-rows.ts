import { extractFeatures } from '../../core/advisor/features.ts';
import {
  compileModel,
  lookupPrior,
  type ModelArtifact,
  type Prediction,
  predict,
} from '../../core/advisor/model.ts';
import { type PostingRow, rowFacts } from './rows.ts';

/** The model's predictions for posting rows, priors read from the artifact's tables (as when serving). */
export function predictRows(artifact: ModelArtifact, rows: readonly PostingRow[]): Prediction[] {
  const model = compileModel(artifact);
  return rows.map((row) =>
    predict(
      model,
      extractFeatures(
        {
          ...rowFacts(row),
          communityPrior: lookupPrior(artifact, 'communities', row.submolt),
          authorPrior: artifact.useAuthor ? lookupPrior(artifact, 'authors', row.author) : null,
        },
        artifact.buckets,
      ),
    ),
  );
}
