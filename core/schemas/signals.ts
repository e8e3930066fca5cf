import { z } from 'zod';

/**
 * A narrative as the analyser tracked it in one hour: a cluster of posts sharing key terms.
 * Kept beside each digest (content/signals/…) so later hours can tell what emerged, continued or faded.
 */
export const NarrativeSignal = z
  .object({
    /** Stable id, kept while the narrative is matched from hour to hour by content (absent in older signals). */
    id: z.string().min(1).optional(),
    /** Human label, reused unchanged while the narrative continues so timelines can follow it. */
    label: z.string().min(1),
    /** Key terms (lower-case, stemmed or not, analyser's choice), strongest first; used for matching. */
    terms: z.array(z.string().min(1)).min(1),
    /** Share (0–1) of the hour's quality posts that belong to it. */
    share: z.number().min(0).max(1),
    /** Number of quality posts in it. */
    posts: z.int().nonnegative(),
    /** Hour (ISO) the narrative was first seen, carried over while it continues. */
    firstSeen: z.iso.datetime({ offset: true }),
    /** Lifecycle status this hour. */
    status: z.enum(['emerging', 'continuing', 'fading']),
    /**
     * For a narrative that is no story this hour (0 posts) yet still named: the hour's posts that name it.
     * It fades, but it is not gone: a story on it the hour after continues it.
     */
    mentions: z.int().positive().optional(),
  })
  .strict();
export type NarrativeSignal = z.infer<typeof NarrativeSignal>;

/** What one hour's analysis keeps for the hours after it. */
export const HourSignals = z
  .object({
    hourStart: z.iso.datetime({ offset: true }),
    /** Every narrative tracked this hour, including the fading ones. */
    narratives: z.array(NarrativeSignal),
    /** Tone word of the hour (same as the digest's overallSentiment). */
    tone: z.string().min(1),
    /** Mean VADER-style compound score of the quality posts, −1…1. */
    meanCompound: z.number().min(-1).max(1),
    /** Standard error of `meanCompound` (spread of the scored posts); absent in older signals. */
    toneNoise: z.number().min(0).max(1).optional(),
    /**
     * The phrase and entity keys of the hour's stories (absent in older signals): what later hours call
     * new or already seen.
     */
    terms: z.array(z.string().min(1)).optional(),
    /** Lower-case handles of the authors with two or more quality posts this hour (absent in older signals). */
    prolific: z.array(z.string().min(1)).optional(),
  })
  .strict();
export type HourSignals = z.infer<typeof HourSignals>;
