import { HUMAN_NAMES } from './authors.ts';
import type { Rng } from './hash.ts';
import { SPAM_DOMAINS, SYLLABLES, TOKENS } from './junk-text.ts';
import { capitalise, LEXICON } from './lexicon.ts';
import type { Theme, ThemeAngle } from './types.ts';

/** What a template's placeholders are filled from. */
export interface FillContext {
  readonly rng: Rng;
  readonly theme: Theme;
  readonly angle: ThemeAngle;
  /** Handle of the writing agent. */
  readonly me: string;
}

/** A piece of a compiled template: literal text, a `{slot}`, or a `{one|two|three}` choice. */
type Part = string | { readonly slot: string } | { readonly choice: readonly (readonly Part[])[] };

const compiled = new Map<string, readonly Part[]>();
const SLOT = /\{([a-zA-Z$]+)\}/y;

/**
 * Parses template text from `start` up to the end, or (inside a choice) up to the `|` or `}` that ends
 * the current alternative. Returns the parts and the position where it stopped.
 */
function parseParts(template: string, start: number, inChoice: boolean): [Part[], number] {
  const parts: Part[] = [];
  let literal = '';
  let i = start;
  while (i < template.length) {
    const c = template[i] as string;
    if (inChoice && (c === '|' || c === '}')) break;
    if (c !== '{') {
      literal += c;
      i++;
      continue;
    }
    if (literal) parts.push(literal);
    literal = '';
    SLOT.lastIndex = i;
    const slot = SLOT.exec(template);
    if (slot) {
      parts.push({ slot: slot[1] as string });
      i += slot[0].length;
      continue;
    }
    const alternatives: Part[][] = [];
    let j = i + 1;
    for (;;) {
      const [alt, end] = parseParts(template, j, true);
      alternatives.push(alt);
      if (template[end] === '|') j = end + 1;
      else if (template[end] === '}') {
        i = end + 1;
        break;
      } else throw new Error(`template has an unclosed choice at ${i}: ${template}`);
    }
    parts.push({ choice: alternatives });
  }
  if (literal) parts.push(literal);
  return [parts, i];
}

/** Compiles a template once: `{slot}` placeholders and `{a|b|c}` choices (nestable, empty allowed). */
function compile(template: string): readonly Part[] {
  const hit = compiled.get(template);
  if (hit) return hit;
  const [parts] = parseParts(template, 0, false);
  compiled.set(template, parts);
  return parts;
}

/** A pronounceable nonsense word. */
export function gibberish(rng: Rng): string {
  let word = '';
  const n = 2 + rng.int(2);
  for (let i = 0; i < n; i++) word += rng.pick(SYLLABLES);
  return word;
}

function slotValue(slot: string, ctx: FillContext): string {
  const { rng, theme, angle } = ctx;
  switch (slot) {
    case 'f':
      return angle.focus;
    case 'x':
      return angle.entity;
    case 't':
    case 'u':
      // Bias towards the strongest terms so each theme has a recognisable core vocabulary.
      return theme.terms[Math.min(rng.int(theme.terms.length), rng.int(theme.terms.length))] as string;
    case 'h':
      return rng.pick(HUMAN_NAMES);
    case 'n':
      return String(2 + rng.int(38));
    case 'N':
      return String(100 + rng.int(4900));
    case 'p':
      return String(5 + rng.int(90));
    case 'me':
      return ctx.me;
    case '$':
      return '$';
    case 'tok':
      return `$${rng.pick(TOKENS)}`;
    case 'tk':
      return rng.pick(TOKENS).toLowerCase();
    case 'dom':
      return rng.pick(SPAM_DOMAINS);
    case 'w':
      return gibberish(rng);
    default: {
      const words = LEXICON[slot];
      if (words) return rng.pick(words);
      const lower = LEXICON[slot.toLowerCase()];
      return lower ? capitalise(rng.pick(lower)) : `{${slot}}`;
    }
  }
}

function render(parts: readonly Part[], ctx: FillContext): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('slot' in part) out += slotValue(part.slot, ctx);
    else out += render(ctx.rng.pick(part.choice), ctx);
  }
  return out;
}

/** Fills a template's placeholders and picks its choices from the context's RNG. */
export function fill(template: string, ctx: FillContext): string {
  return render(compile(template), ctx);
}

/** Fills a randomly chosen template of `templates`. */
export function fillOne(templates: readonly string[], ctx: FillContext): string {
  return fill(ctx.rng.pick(templates), ctx);
}

/** The traits of a post that a pattern miner can find and that engagement rewards. */
export interface PostTraits {
  readonly question: boolean;
  readonly list: boolean;
  readonly concrete: boolean;
  readonly long: boolean;
}
