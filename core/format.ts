/** Digits with comma thousands separators, the same on every machine (no locale). */
export function formatInt(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `1 comment`, `2,300 comments`. */
export function formatCount(n: number, noun: string): string {
  return `${formatInt(n)} ${n === 1 ? noun : `${noun}s`}`;
}

/** A 0–1 share as a whole percentage (`0.4567` → `46%`); under 1% but above 0 prints `<1%`. */
export function formatPercent(share: number): string {
  if (share > 0 && share < 0.005) return '<1%';
  return `${Math.round(share * 100)}%`;
}

/** `a`, `a and b`, `a, b and c`. */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Upper-cases the first letter. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
