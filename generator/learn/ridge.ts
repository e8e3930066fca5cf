/** A sparse design matrix in compressed-row form. */
export interface SparseRows {
  readonly cols: number;
  /** Row r's entries are indices[start[r] … start[r+1]). */
  readonly start: Int32Array;
  readonly indices: Int32Array;
  readonly values: Float64Array;
}

/** Builds the compressed rows from per-row (index, value) lists. */
export function toSparseRows(
  cols: number,
  rows: readonly { index: ArrayLike<number>; value: ArrayLike<number> }[],
) {
  const start = new Int32Array(rows.length + 1);
  let nnz = 0;
  rows.forEach((r, i) => {
    nnz += r.index.length;
    start[i + 1] = nnz;
  });
  const indices = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let k = 0;
  for (const r of rows) {
    for (let j = 0; j < r.index.length; j++) {
      indices[k] = r.index[j] as number;
      values[k++] = r.value[j] as number;
    }
  }
  return { cols, start, indices, values } satisfies SparseRows;
}

function multiply(x: SparseRows, w: Float64Array, out: Float64Array) {
  for (let r = 0; r + 1 < x.start.length; r++) {
    let s = 0;
    for (let k = x.start[r] as number; k < (x.start[r + 1] as number); k++)
      s += (x.values[k] as number) * (w[x.indices[k] as number] as number);
    out[r] = s;
  }
}

function multiplyTransposed(x: SparseRows, u: Float64Array, out: Float64Array) {
  out.fill(0);
  for (let r = 0; r + 1 < x.start.length; r++) {
    const ur = u[r] as number;
    if (ur === 0) continue;
    for (let k = x.start[r] as number; k < (x.start[r + 1] as number); k++)
      out[x.indices[k] as number] = (out[x.indices[k] as number] as number) + (x.values[k] as number) * ur;
  }
}

/**
 * Ridge regression: minimises ‖Xw − y‖² + Σ penalty[j]·w[j]² by conjugate gradients on the normal
 * equations, touching only the non-zero entries (O(nnz) per iteration). Deterministic.
 */
export function solveRidge(
  x: SparseRows,
  y: Float64Array,
  penalty: Float64Array,
  options: { maxIterations?: number; tolerance?: number; initial?: Float64Array } = {},
): Float64Array {
  const { maxIterations = 150, tolerance = 1e-6 } = options;
  const n = x.cols;
  const rows = y.length;
  const w = options.initial ? Float64Array.from(options.initial) : new Float64Array(n);
  const tmpRows = new Float64Array(rows);
  const apply = (v: Float64Array, out: Float64Array) => {
    multiply(x, v, tmpRows);
    multiplyTransposed(x, tmpRows, out);
    for (let j = 0; j < n; j++) out[j] = (out[j] as number) + (penalty[j] as number) * (v[j] as number);
  };
  const b = new Float64Array(n);
  multiplyTransposed(x, y, b);
  const r = new Float64Array(n);
  apply(w, r);
  for (let j = 0; j < n; j++) r[j] = (b[j] as number) - (r[j] as number);
  const p = Float64Array.from(r);
  const ap = new Float64Array(n);
  let rr = dot(r, r);
  const stop = tolerance * tolerance * Math.max(dot(b, b), 1e-30);
  for (let it = 0; it < maxIterations && rr > stop; it++) {
    apply(p, ap);
    const alpha = rr / dot(p, ap);
    for (let j = 0; j < n; j++) {
      w[j] = (w[j] as number) + alpha * (p[j] as number);
      r[j] = (r[j] as number) - alpha * (ap[j] as number);
    }
    const next = dot(r, r);
    const beta = next / rr;
    rr = next;
    for (let j = 0; j < n; j++) p[j] = (r[j] as number) + beta * (p[j] as number);
  }
  return w;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}
