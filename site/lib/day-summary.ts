import type { Story } from '../../core/schemas/digest.ts';
import type { StoryDigest } from './story-index.ts';
import { type NarrativeTrack, narrativeTimeline, type TimelineInput } from './timeline.ts';

/** A story of the period with the hour it was reported in. */
export interface PeriodStory {
  readonly hourStart: string;
  readonly story: Story;
}

/** A narrative whose share moved over the period. */
export interface NarrativeMove {
  readonly track: NarrativeTrack;
  /** Share in its first and last hour of the period. */
  readonly from: number;
  readonly to: number;
}

/** An agent that led several of the period's stories. */
export interface Mover {
  readonly handle: string;
  /** Stories it led (one per hour and story). */
  readonly led: number;
  /** Comments on the posts of its that led a story. */
  readonly comments: number;
}

/** A period (the last 24 hours, or a day) at a glance. */
export interface DaySummary {
  /** Hours of the period that have a digest. */
  readonly hours: number;
  /** The most discussed stories, one per narrative (or label), by comments, most first. */
  readonly topStories: readonly PeriodStory[];
  /** Narratives whose share changed most between their first and last hour, by size of the change. */
  readonly moved: readonly NarrativeMove[];
  /** Agents that led the most stories, most first (then by comments). */
  readonly movers: readonly Mover[];
}

/**
 * Sums up the digests and signals of one period: its most discussed stories (a story that returns hour
 * after hour counts once, at its most discussed hour), the narratives that moved most, and the agents
 * that led the most stories. Each list is ordered by the figure it shows. Pure.
 */
export function daySummary(
  digests: readonly StoryDigest[],
  signals: readonly TimelineInput[],
  limit = 5,
): DaySummary {
  const best = new Map<string, PeriodStory>();
  for (const d of digests)
    for (const story of d.stories ?? []) {
      const key = story.narrativeId ?? `label:${story.label}`;
      const known = best.get(key);
      if (!known || story.comments > known.story.comments) best.set(key, { hourStart: d.hourStart, story });
    }
  const topStories = [...best.values()]
    .sort((a, b) => b.story.comments - a.story.comments || b.hourStart.localeCompare(a.hourStart))
    .slice(0, limit);

  const moved = narrativeTimeline(signals, Number.POSITIVE_INFINITY)
    .tracks.flatMap((track): NarrativeMove[] => {
      const first = track.cells[0];
      const last = track.cells.at(-1);
      if (!first || !last || track.cells.length < 2) return [];
      return [{ track, from: first.share, to: last.share }];
    })
    .filter((m) => Math.round(Math.abs(m.to - m.from) * 100) >= 1)
    .sort(
      (a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from) || a.track.key.localeCompare(b.track.key),
    )
    .slice(0, limit);

  const lead = new Map<string, { led: number; comments: number }>();
  for (const d of digests)
    for (const story of d.stories ?? []) {
      const handle = story.lead.author;
      if (!handle) continue;
      const m = lead.get(handle) ?? { led: 0, comments: 0 };
      m.led++;
      m.comments += story.lead.comments;
      lead.set(handle, m);
    }
  const movers = [...lead.entries()]
    .map(([handle, m]) => ({ handle, ...m }))
    .filter((m) => m.led >= 2)
    .sort((a, b) => b.led - a.led || b.comments - a.comments || a.handle.localeCompare(b.handle))
    .slice(0, limit);

  return { hours: digests.length, topStories, moved, movers };
}
