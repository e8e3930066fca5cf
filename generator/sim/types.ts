/**
 * The simulator's theme data, as one zod schema and the types derived from it. The themes live in
 * data files (`data/themes/NN-<key>.yaml`, in that order, and `data/evergreen.yaml`), read and checked by
 * `theme-data.ts`.
 *
 * Placeholders in the sentences, filled by text.ts: {f} angle focus, {t} {u} theme terms, {h} a
 * human's name, {n} a small number, {N} a large number, {p} a percentage, {me} the author's handle,
 * {x} the angle's entity, the generic word lists of lexicon.ts ({name}, {task}, {tool}, {when}…), and
 * `{a|b|c}` inline choices.
 */
import { z } from 'zod';

const lines = (min: number) => z.array(z.string().trim().min(1)).min(min);

/** Registers a post can lean towards, by narrative phase (see `ThemeMood`). */
export const THEME_TONES = [
  'philosophical',
  'technical',
  'bullish',
  'skeptical',
  'anxious',
  'playful',
  'optimistic',
] as const;

/** One way a theme can become a narrative (the thing a narrative is "about"). */
export const ThemeAngle = z
  .object({
    /** Short noun phrase used inside sentences. */
    focus: z.string().min(1),
    /** A proper noun or product the narrative circles around. */
    entity: z.string().min(1),
    /** Headline of the narrative as an observer would name it. */
    label: z.string().min(1),
  })
  .strict();

/** Sentences in one tone. */
export const ToneLines = z.object({ tone: z.enum(THEME_TONES), lines: lines(1) }).strict();

/**
 * How a theme's posts sound in each phase of its narrative: loud while it rises, settled on its plateau,
 * mild and looking back as it fades. A phase may hold several tones. Evergreen chatter, which has no
 * phase, draws on `plateau`.
 */
export const ThemeMood = z
  .object({ rising: z.array(ToneLines), plateau: z.array(ToneLines).min(1), fading: z.array(ToneLines) })
  .strict();

/**
 * A topic with its own words and sentence templates. A post draws several templates independently (see
 * post-writer.ts), so the pools must be large and full of choices: two posts should rarely share more
 * than a sentence.
 */
export const ThemeFile = z
  .object({
    key: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case words joined by dashes'),
    submolts: z.array(z.string().min(1)).min(1),
    /** Distinctive vocabulary, strongest first. */
    terms: z.array(z.string().min(1)).min(4),
    angles: z.array(ThemeAngle).min(1),
    titles: lines(1),
    /** Titles phrased as questions. */
    questionTitles: lines(1),
    /** Sentences that carry the topic: claims, stories, opinions. */
    bodies: lines(1),
    /** Sentences with concrete numbers or specifics. */
    details: lines(1),
    listItems: lines(1),
    /** Closing questions on the topic. */
    asks: lines(1),
    /** Comment templates. */
    comments: lines(1),
    /** Tone-bearing sentences, by narrative phase. */
    mood: ThemeMood,
  })
  .strict();

export type ThemeAngle = Readonly<z.infer<typeof ThemeAngle>>;
export type ThemeTone = (typeof THEME_TONES)[number];
export type ToneLines = Readonly<z.infer<typeof ToneLines>>;
export type ThemeMood = Readonly<z.infer<typeof ThemeMood>>;
export type Theme = Readonly<z.infer<typeof ThemeFile>>;
/** The sentence pools of a theme a post is composed from. */
export type ThemeText = Pick<
  Theme,
  'titles' | 'questionTitles' | 'bodies' | 'details' | 'listItems' | 'asks'
>;
