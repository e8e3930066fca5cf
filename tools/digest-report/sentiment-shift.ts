/**
 * Reads a `sentimentShift` sentence: which way it says the tone moved, and the `a → b` numbers it quotes.
 * Claims are the comparative phrases a writer uses ("more positive", "warmer", "more skeptical", …);
 * "steady" or a sentence without a comparative claims nothing.
 */

/** The direction a sentence claims, and the numbers it quotes (null when it quotes none). */
export interface ShiftClaim {
  readonly claims: 'up' | 'down' | null;
  /** The phrase that makes the claim, as written. */
  readonly phrase: string | null;
  readonly from: number | null;
  readonly to: number | null;
}

const UP =
  /\b(more (?:positive|optimistic|bullish|enthusiastic|hopeful|upbeat|playful|cheerful)|warmer|brighter|friendlier|happier)\b/i;
const DOWN =
  /\b(more (?:negative|skeptical|sceptical|anxious|pessimistic|bearish|critical|worried|hostile|gloomy|cynical)|cooler|colder|darker|gloomier|grimmer)\b/i;

/** A number as written: ASCII or Unicode minus, optional decimals. */
const NUMBER = String.raw`([-−–]?\d+(?:\.\d+)?)`;
const ARROW = new RegExp(`${NUMBER}\\s*(?:→|->|⟶|to)\\s*${NUMBER}`);

function toNumber(text: string): number {
  return Number(text.replace(/[−–]/, '-'));
}

/** Parses a sentimentShift sentence (untrusted text: only matched, never interpreted otherwise). */
export function readShift(text: string): ShiftClaim {
  const up = UP.exec(text);
  const down = DOWN.exec(text);
  // A sentence that says both ("warmer, yet more skeptical") claims no single direction.
  const claims = up && !down ? 'up' : down && !up ? 'down' : null;
  const phrase = claims === 'up' ? (up?.[1] ?? null) : claims === 'down' ? (down?.[1] ?? null) : null;
  const m = ARROW.exec(text);
  return {
    claims,
    phrase,
    from: m?.[1] === undefined ? null : toNumber(m[1]),
    to: m?.[2] === undefined ? null : toNumber(m[2]),
  };
}

/**
 * Why a sentimentShift contradicts its own numbers, or null when it does not (or quotes none): "more
 * positive" while the number goes down, "more skeptical" while it goes up.
 */
export function shiftContradiction(text: string): string | null {
  const c = readShift(text);
  if (c.claims === null || c.from === null || c.to === null) return null;
  if (c.claims === 'up' && c.to < c.from)
    return `says "${c.phrase}" while the tone it quotes falls (${c.from} → ${c.to})`;
  if (c.claims === 'down' && c.to > c.from)
    return `says "${c.phrase}" while the tone it quotes rises (${c.from} → ${c.to})`;
  return null;
}
