/**
 * Numbers in prose, for checking that the model quotes only numbers it was given: every figure of a
 * digest comes from the analysis, never from the model.
 */

/** A figure as written: digits with optional thousands commas and decimals (`2,300`, `0.21`, `15`). */
const FIGURE = /\d[\d,]*(?:\.\d+)?/g;

/** Small whole numbers prose may use freely (counting the stories it names, "two threads"). */
const FREE_UP_TO = 10;

/** The figure in one canonical form: commas and leading zeros dropped (`2,300` → `2300`, `07` → `7`). */
function canonical(figure: string): string {
  const n = Number(figure.replace(/,/g, '').replace(/\.$/, ''));
  return Number.isFinite(n) ? String(n) : figure;
}

/** Every figure in a text, canonical. Dates and times split into their parts (`2026-02-03` → 2026, 2, 3). */
export function numbersIn(text: string): string[] {
  return (text.match(FIGURE) ?? []).map((f) => canonical(f.replace(/,$/, '')));
}

/**
 * The figures a data text supports, generously read: each figure whole and, when it holds commas, each
 * comma-separated part too (`[1,2]` in JSON, `1,2,3` in a post).
 */
export function supportedNumbers(text: string): Set<string> {
  const out = new Set<string>();
  for (const f of text.match(FIGURE) ?? []) {
    out.add(canonical(f.replace(/,$/, '')));
    for (const part of f.split(',')) if (part !== '') out.add(canonical(part));
  }
  return out;
}

/** Figures of `prose` that are neither in `allowed` nor small whole numbers, each once, in order. */
export function unsupportedNumbers(prose: string, allowed: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const n of numbersIn(prose)) {
    const small = Number.isInteger(Number(n)) && Number(n) <= FREE_UP_TO;
    if (!small && !allowed.has(n) && !out.includes(n)) out.push(n);
  }
  return out;
}
