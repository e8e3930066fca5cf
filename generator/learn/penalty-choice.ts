/** Ridge penalties of the hashed words, the format features and the other dense features. */
export interface Penalties {
  readonly text: number;
  readonly format: number;
  readonly dense: number;
}

/**
 * Standard error of a Spearman ρ over n rows (Fieller's √(1.06 / (n − 3))): how far apart two
 * choices' ρ must be before validation rows of that size can tell them apart. Pure.
 */
export function spearmanStandardError(n: number): number {
  return Math.sqrt(1.06 / Math.max(n - 3, 1));
}

/** How strongly a choice of penalties regularises: larger is simpler. */
export const simplicity = (l: Penalties): number => Math.log(l.text) + Math.log(l.format) + Math.log(l.dense);

/**
 * The one-standard-error rule: of the choices whose validation ρ is within `se` of the best, the
 * simplest (most penalised). On small, drifting data a choice that wins the validation tails by less
 * than their noise is as likely to lose on the next day, and the simpler one loses less when it does.
 * Ties of simplicity keep the higher ρ. Pure; `candidates` must not be empty.
 */
export function simplestWithinOneError<T extends { readonly lambda: Penalties; readonly rho: number }>(
  candidates: readonly T[],
  se: number,
): T {
  if (candidates.length === 0) throw new Error('simplestWithinOneError: no candidates');
  const top = Math.max(...candidates.map((c) => c.rho));
  const near = candidates.filter((c) => c.rho >= top - se);
  return near.reduce((a, b) => {
    const d = simplicity(b.lambda) - simplicity(a.lambda);
    return d > 1e-9 || (Math.abs(d) <= 1e-9 && b.rho > a.rho) ? b : a;
  });
}
