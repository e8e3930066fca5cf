/**
 * How much extra weight the author prior gets on top of the ridge score: the ridge alone shrinks the
 * prior with every other feature, and on small, drifting data it can end up using the prior worse than
 * the prior alone does. β is chosen on the held-out tail; the largest grid value makes the prior
 * decide and the content only break its ties.
 */
export const PRIOR_BLEND_GRID = [0, 0.5, 1, 2, 4, 16] as const;

/**
 * The β of PRIOR_BLEND_GRID whose blend `prediction + β · prior` scores best by `score` (a ρ over
 * one or more validation sets, given as parallel arrays); ties keep the smaller β. Pure.
 */
export function choosePriorBlend(
  predictions: readonly (readonly number[])[],
  priors: readonly (readonly number[])[],
  score: (blended: number[][]) => number,
): { beta: number; predictions: number[][]; rho: number } {
  let best = { beta: 0, predictions: predictions.map((p) => [...p]), rho: Number.NEGATIVE_INFINITY };
  for (const beta of PRIOR_BLEND_GRID) {
    const blended = predictions.map((set, k) =>
      set.map((p, i) => p + beta * ((priors[k] as readonly number[])[i] as number)),
    );
    const rho = score(blended);
    if (rho > best.rho + 1e-9) best = { beta, predictions: blended, rho };
  }
  return best;
}

/**
 * Folds `+ β · prior` into a linear model over standardised dense features: the prior's feature j
 * enters as (x − mean_j) / std_j, so its weight grows by β · std_j and the intercept by β · mean_j.
 * Returns the new intercept; `dense` is updated in place.
 */
export function foldPriorBlend(
  fit: { intercept: number; dense: Float64Array },
  j: number,
  beta: number,
  scaling: { mean: Float64Array; std: Float64Array },
): void {
  if (beta === 0) return;
  fit.dense[j] = (fit.dense[j] as number) + beta * (scaling.std[j] as number);
  fit.intercept += beta * (scaling.mean[j] as number);
}
