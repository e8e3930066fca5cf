import { sampleRankCorrelation } from 'simple-statistics';
/** Ranks 1…n of values, ties sharing their average rank. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length).fill(0);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (
      j + 1 < order.length &&
      (order[j + 1] as readonly [number, number])[0] === (order[i] as readonly [number, number])[0]
    )
      j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[(order[k] as readonly [number, number])[1]] = rank;
    i = j + 1;
  }
  return ranks;
}

/** Spearman's ρ (simple-statistics: Pearson correlation of midranks, ties handled); 0 when undefined. */
export function spearman(predicted: readonly number[], actual: readonly number[]): number {
  if (predicted.length < 2 || actual.length !== predicted.length) return 0;
  const r = sampleRankCorrelation([...predicted], [...actual]);
  return Number.isFinite(r) ? r : 0;
}

/**
 * What one pair scores in a pairwise accuracy: null when their actual values tie (the pair does not
 * count), ½ when the prediction ties, else 1 when it orders them like the actual values and 0 when not.
 */
function pairCredit(
  a: { readonly predicted: number; readonly actual: number },
  b: { readonly predicted: number; readonly actual: number },
): number | null {
  if (a.actual === b.actual) return null;
  const dp = a.predicted - b.predicted;
  if (dp === 0) return 0.5;
  return dp > 0 === a.actual > b.actual ? 1 : 0;
}

/** One scored post for the pairwise and cohort metrics. */
export interface ScoredItem {
  readonly predicted: number;
  readonly actual: number;
  /** Community key (posts of unknown community share one key). */
  readonly group: string;
  readonly createdMs: number;
}

/**
 * Share of same-community pairs posted at most `windowMs` apart, with different actual engagement,
 * that the prediction orders correctly (a predicted tie counts half). Null when there is no such pair.
 */
export function pairwiseAccuracy(
  items: readonly ScoredItem[],
  windowMs = 30 * 60_000,
): { accuracy: number | null; pairs: number } {
  const byGroup = new Map<string, ScoredItem[]>();
  for (const it of items) {
    const list = byGroup.get(it.group);
    if (list) list.push(it);
    else byGroup.set(it.group, [it]);
  }
  let pairs = 0;
  let correct = 0;
  for (const list of byGroup.values()) {
    list.sort((a, b) => a.createdMs - b.createdMs);
    for (let i = 0; i < list.length; i++) {
      const a = list[i] as ScoredItem;
      for (let j = i + 1; j < list.length; j++) {
        const b = list[j] as ScoredItem;
        if (b.createdMs - a.createdMs > windowMs) break;
        const credit = pairCredit(a, b);
        if (credit === null) continue;
        pairs++;
        correct += credit;
      }
    }
  }
  return { accuracy: pairs === 0 ? null : correct / pairs, pairs };
}

/**
 * NDCG@k with gains = actual values (non-negative, e.g. log1p(upvotes)), ranked by prediction.
 * Tied predictions get the mean gain of their tie group at each of its positions (the expected DCG
 * under random tie-breaking), so a constant predictor is not credited with the input order.
 * Null when every gain is 0.
 */
export function ndcgAtK(predicted: readonly number[], actual: readonly number[], k = 10): number | null {
  const n = predicted.length;
  const discount = (pos: number) => 1 / Math.log2(pos + 2);
  const ideal = [...actual].sort((a, b) => b - a);
  let idcg = 0;
  for (let i = 0; i < Math.min(k, n); i++) idcg += (ideal[i] as number) * discount(i);
  if (idcg <= 0) return null;
  const order = predicted.map((p, i) => [p, i] as const).sort((a, b) => b[0] - a[0]);
  let dcg = 0;
  for (let i = 0; i < order.length && i < k; ) {
    let j = i;
    while (
      j + 1 < order.length &&
      (order[j + 1] as readonly [number, number])[0] === (order[i] as readonly [number, number])[0]
    )
      j++;
    let mean = 0;
    for (let t = i; t <= j; t++) mean += actual[(order[t] as readonly [number, number])[1]] as number;
    mean /= j - i + 1;
    for (let t = i; t <= j && t < k; t++) dcg += mean * discount(t);
    i = j + 1;
  }
  return dcg / idcg;
}

/**
 * Mean NDCG@k over hourly cohorts (posts grouped by their UTC creation hour), counting cohorts of at
 * least `minSize` posts with some engagement. Null when no cohort qualifies.
 */
export function cohortNdcg(
  items: readonly ScoredItem[],
  k = 10,
  minSize = 2,
): { ndcg: number | null; cohorts: number } {
  const byHour = new Map<number, ScoredItem[]>();
  for (const it of items) {
    const hour = Math.floor(it.createdMs / 3_600_000);
    const list = byHour.get(hour);
    if (list) list.push(it);
    else byHour.set(hour, [it]);
  }
  let sum = 0;
  let cohorts = 0;
  for (const list of byHour.values()) {
    if (list.length < minSize) continue;
    const v = ndcgAtK(
      list.map((i) => i.predicted),
      list.map((i) => i.actual),
      k,
    );
    if (v === null) continue;
    sum += v;
    cohorts++;
  }
  return { ndcg: cohorts === 0 ? null : sum / cohorts, cohorts };
}

/** One labelled, scored post for the within-hour metrics. */
export interface HourItem {
  readonly predicted: number;
  readonly actual: number;
  readonly createdMs: number;
}

function byCreationHour<T extends { createdMs: number }>(items: readonly T[]): Map<number, T[]> {
  const byHour = new Map<number, T[]>();
  for (const it of items) {
    const hour = Math.floor(it.createdMs / 3_600_000);
    const list = byHour.get(hour);
    if (list) list.push(it);
    else byHour.set(hour, [it]);
  }
  return byHour;
}

/**
 * Spearman ρ within each UTC creation hour that has at least `minRows` items, averaged with each
 * hour weighted by its rows: how well the scorer ranks posts against others of their own hour, with
 * the level of each hour (drift between days) taken out. Null when no hour qualifies.
 */
export function withinHourSpearman(
  items: readonly HourItem[],
  minRows = 10,
): { rho: number | null; hours: number; rows: number } {
  let sum = 0;
  let rows = 0;
  let hours = 0;
  for (const list of byCreationHour(items).values()) {
    if (list.length < minRows) continue;
    const rho = spearman(
      list.map((i) => i.predicted),
      list.map((i) => i.actual),
    );
    sum += rho * list.length;
    rows += list.length;
    hours++;
  }
  return { rho: rows === 0 ? null : sum / rows, hours, rows };
}

/**
 * Share of pairs created in the same UTC hour, with different actual values, that the prediction
 * orders correctly (a predicted tie counts half). Null when there is no such pair.
 */
export function sameHourPairwise(items: readonly HourItem[]): { accuracy: number | null; pairs: number } {
  let pairs = 0;
  let correct = 0;
  for (const list of byCreationHour(items).values()) {
    for (let i = 0; i < list.length; i++) {
      const a = list[i] as HourItem;
      for (let j = i + 1; j < list.length; j++) {
        const b = list[j] as HourItem;
        const credit = pairCredit(a, b);
        if (credit === null) continue;
        pairs++;
        correct += credit;
      }
    }
  }
  return { accuracy: pairs === 0 ? null : correct / pairs, pairs };
}
