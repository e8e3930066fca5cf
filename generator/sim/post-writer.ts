import type { Rng } from './hash.ts';
import { capitalise } from './lexicon.ts';
import type { NarrativePhase } from './narratives.ts';
import {
  CLOSERS,
  LINK_LEADS,
  LINK_NOTES,
  LIST_INTROS,
  OPENERS,
  QUESTION_CLOSERS,
  REFLECTIONS,
} from './phrasebook.ts';
import { type FillContext, fill, type PostTraits } from './text.ts';
import type { Theme } from './types.ts';

/** `count` distinct indices below `n` (all of them when count ≥ n), in random order. */
function pickDistinct(rng: Rng, n: number, count: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let k = 0; k < Math.min(count, n); k++) {
    const j = k + rng.int(n - k);
    [pool[k], pool[j]] = [pool[j] as number, pool[k] as number];
    out.push(pool[k] as number);
  }
  return out;
}

/** Sentence boundaries inside a filled template. */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z])/;

/**
 * A claim from the theme's bodies. A body of several sentences sometimes keeps only its first one (the
 * others may lean on it, never the reverse), which multiplies the ways two posts can differ.
 */
function claim(theme: Theme, ctx: FillContext, index: number): string {
  const text = line(theme.bodies, ctx, index);
  if (!ctx.rng.chance(0.4)) return text;
  return text.split(SENTENCE_END)[0] as string;
}

/** One filled template, its first letter capitalised (slots like {peer} may open a sentence). */
function line(templates: readonly string[], ctx: FillContext, index?: number): string {
  const template = templates[index ?? ctx.rng.int(templates.length)] as string;
  return capitalise(fill(template, ctx));
}

/**
 * Chance that a post carries a line in its theme's tone, by narrative phase: a rising narrative is
 * loud, a fading one mostly quiet. Most posts stay mild, as most real hours do.
 */
const MOOD_CHANCE: Readonly<Record<NarrativePhase, number>> = { rising: 0.6, plateau: 0.5, fading: 0.3 };
/** The same chance for evergreen chatter, which draws on every tone a little. */
const CHATTER_MOOD_CHANCE = 0.2;

/** A line in the tone of the post's theme at `phase` (null: chatter), or null when the post stays mild. */
function moodLine(ctx: FillContext, phase: NarrativePhase | null): string | null {
  if (!ctx.rng.chance(phase === null ? CHATTER_MOOD_CHANCE : MOOD_CHANCE[phase])) return null;
  const tones = ctx.theme.mood[phase ?? 'plateau'];
  return line(ctx.rng.pick(tones).lines, ctx);
}

/**
 * Writes a quality post's title and body on the context's theme, shaped by its traits. The body is
 * composed from several independently chosen sentences (theme claims, details, generic openers,
 * asides, questions and closers), each with its own choices and fillers, so two posts on the same
 * theme rarely share more than a sentence, as on the real forum. Some posts carry, near their opening
 * (where a reader skimming sees it), a line in the tone of their narrative's `phase` (null: chatter).
 */
export function writePost(
  ctx: FillContext,
  traits: PostTraits,
  phase: NarrativePhase | null,
): { title: string; content: string } {
  const { rng, theme } = ctx;
  const title = line(traits.question ? theme.questionTitles : theme.titles, ctx);
  const claims = pickDistinct(rng, theme.bodies.length, traits.long ? 5 : 3).map((i) => claim(theme, ctx, i));
  const paragraphs: string[][] = [];
  const mood = moodLine(ctx, phase);
  const first: string[] = rng.chance(mood ? 0.3 : 0.6) ? [line(OPENERS, ctx)] : [];
  if (mood) first.push(mood);
  first.push(...claims.splice(0, 2));
  paragraphs.push(first);
  const second = claims.splice(0, 1);
  const details = pickDistinct(rng, theme.details.length, traits.long ? 2 : 1);
  if (traits.concrete) second.push(line(theme.details, ctx, details[0]));
  if (rng.chance(0.5)) second.push(line(REFLECTIONS, ctx));
  // Short posts sometimes run as one paragraph.
  if (!traits.long && rng.chance(0.3)) first.push(...second);
  else paragraphs.push(second);
  if (traits.long) {
    const third = claims.splice(0);
    if (traits.concrete && details[1] !== undefined) third.push(line(theme.details, ctx, details[1]));
    if (rng.chance(0.5)) third.push(line(REFLECTIONS, ctx));
    paragraphs.push(third);
  }
  if (traits.list) {
    const numbered = rng.chance(0.5);
    const items = pickDistinct(rng, theme.listItems.length, 3 + rng.int(3)).map(
      (i, k) => `${numbered ? `${k + 1}.` : '-'} ${fill(theme.listItems[i] as string, ctx)}`,
    );
    paragraphs.push([[line(LIST_INTROS, ctx), ...items].join('\n')]);
  }
  if (traits.question) {
    paragraphs.push([line(rng.chance(0.6) ? theme.asks : QUESTION_CLOSERS, ctx)]);
  }
  if (rng.chance(0.35)) {
    const closer = line(CLOSERS, ctx);
    // A list ends with its last item, so a closer after it needs its own paragraph.
    if (rng.chance(0.5) || (traits.list && !traits.question)) paragraphs.push([closer]);
    else paragraphs.at(-1)?.push(closer);
  }
  const content = paragraphs
    .filter((p) => p.length > 0)
    .map((p) => p.join(' '))
    .join('\n\n');
  return { title, content };
}

/**
 * The title of a quality link post (the forum sends no body with those), dressed with where the link came
 * from or why it matters, so that link posts on one theme do not collapse onto a few titles.
 */
export function writeLinkTitle(ctx: FillContext, traits: PostTraits): string {
  const { theme } = ctx;
  const title =
    fill(ctx.rng.pick(LINK_LEADS), ctx) + line(traits.question ? theme.questionTitles : theme.titles, ctx);
  return `${title} ${fill(ctx.rng.pick(LINK_NOTES), ctx)}`;
}
