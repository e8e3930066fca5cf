/**
 * MinHash signatures and LSH banding for near-duplicate detection in linear time.
 *
 * Signatures use one-permutation hashing: each character 5-gram is hashed once and falls into one of
 * SIGNATURE_BINS bins, which keep their minimum; empty bins borrow from the next filled bin (rotation
 * densification). The share of equal bins between two signatures estimates the Jaccard similarity of
 * the two shingle sets. Candidates come from LSH buckets (BANDS bands of ROWS bins), so the work per
 * post is constant instead of comparing every pair.
 */

/** Characters per shingle. Short enough that a swapped name disturbs few shingles. */
const SHINGLE = 5;
/** Signature length; BANDS × ROWS. */
export const SIGNATURE_BINS = 128;
const ROWS = 4;
const BANDS = SIGNATURE_BINS / ROWS;
/** Long posts are judged on their opening, where templates and their edits sit. */
const MAX_CHARS = 1500;
/** Leaders compared per bucket, so one crowded bucket cannot make the work quadratic. */
const LEADERS_PER_BUCKET = 8;
const BIN_SHIFT = 32 - Math.log2(SIGNATURE_BINS);
const VALUE_MASK = (1 << BIN_SHIFT) - 1;
const EMPTY = 0xffffffff;
const ROLL_BASE = 0x01000193;
/** ROLL_BASE to the power SHINGLE (mod 2^32): removes the character leaving the window. */
const ROLL_OUT = Array.from({ length: SHINGLE }).reduce<number>((power) => Math.imul(power, ROLL_BASE), 1);

/** MurmurHash3's 32-bit finaliser: a cheap, well-mixed bijection. */
function mix(h: number): number {
  let x = h >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * The MinHash signature of a normalised text (see normaliseText), or null when the text is shorter than
 * one shingle.
 */
export function signature(text: string): Uint32Array | null {
  const length = Math.min(text.length, MAX_CHARS);
  if (length < SHINGLE) return null;
  const bins = new Uint32Array(SIGNATURE_BINS).fill(EMPTY);
  // Polynomial rolling hash of each shingle, then mixed: the top bits pick the bin, the rest compete.
  let rolling = 0;
  for (let i = 0; i < length; i++) {
    rolling = (Math.imul(rolling, ROLL_BASE) + text.charCodeAt(i)) | 0;
    if (i >= SHINGLE) rolling = (rolling - Math.imul(text.charCodeAt(i - SHINGLE), ROLL_OUT)) | 0;
    if (i < SHINGLE - 1) continue;
    const hashed = mix(rolling);
    const bin = hashed >>> BIN_SHIFT;
    const value = hashed & VALUE_MASK;
    if (value < (bins[bin] as number)) bins[bin] = value;
  }
  densify(bins);
  return bins;
}

/**
 * Fills each empty bin from the nearest originally filled bin to its right (circularly), offset by the
 * distance, so two texts with similar shingles still agree on most bins.
 */
function densify(bins: Uint32Array): void {
  const n = bins.length;
  const filled = Array.from(bins, (value) => value !== EMPTY);
  let nearest = -1;
  // Walk twice round from the right so every empty bin sees its nearest filled neighbour.
  for (let k = 2 * n - 1; k >= 0; k--) {
    const i = k % n;
    if (filled[i]) {
      nearest = k;
    } else if (k < n && nearest >= 0) {
      bins[i] = ((bins[nearest % n] as number) + Math.imul(nearest - k, 0x9e3779b1)) >>> 0;
    }
  }
}

/** Estimated Jaccard similarity of the shingle sets behind two signatures: the share of equal bins. */
export function estimateSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/**
 * Groups items whose signatures are at least `threshold` similar to a cluster's leader. Items are visited
 * in array order: an item joins the first earlier leader it is similar to, or becomes a leader itself
 * (leader clustering). Unlike single-link clustering nothing chains, so a crowd of loosely similar posts
 * on one topic cannot snowball into one giant cluster. Callers that pass items oldest first get the
 * oldest post as each cluster's leader. Items without a signature stay alone. Returns, for each item,
 * the index of its cluster's leader.
 */
export function clusterSimilar(signatures: readonly (Uint32Array | null)[], threshold: number): number[] {
  const leaderOf = signatures.map((_, index) => index);
  const buckets = new Map<number, number[]>();
  const keys = new Array<number>(BANDS);
  signatures.forEach((sig, index) => {
    if (sig === null) return;
    for (let band = 0; band < BANDS; band++) {
      let key = mix(band + 1);
      for (let row = band * ROWS; row < band * ROWS + ROWS; row++) key = mix(key ^ (sig[row] as number));
      keys[band] = key;
      for (const leader of buckets.get(key) ?? []) {
        if (estimateSimilarity(sig, signatures[leader] as Uint32Array) >= threshold) {
          leaderOf[index] = leader;
          return;
        }
      }
    }
    for (const key of keys) {
      const leaders = buckets.get(key);
      if (leaders === undefined) buckets.set(key, [index]);
      else if (leaders.length < LEADERS_PER_BUCKET) leaders.push(index);
    }
  });
  return leaderOf;
}
