import type { Digest } from '../../core/schemas/digest.ts';
import type { HourSignals } from '../../core/schemas/signals.ts';
import { inWindow } from './archive.ts';
import {
  agentPagePath,
  isPageableHandle,
  isPageableNarrative,
  narrativePagePath,
  storyHref as storyPermalink,
} from './links.ts';
import { type AgentProfile, agentProfiles } from './story-index.ts';
import { type NarrativeTrack, narrativeTimeline } from './timeline.ts';

/** What the pages need to link across the site: who and what has a page, and where. */
export interface SiteIndex {
  /** Agents with a page (named by a story or hot discussion of the index window), by handle. */
  readonly agents: ReadonlyMap<string, AgentProfile>;
  /** Narratives with a page (seen in the index window, with an id), by id; every hour of each. */
  readonly narratives: ReadonlyMap<string, NarrativeTrack>;
  /** The agent's page, when it has one. */
  agentHref(handle: string): string | undefined;
  /** The narrative's page and current label, when it has one. */
  narrative(id: string | null | undefined): { href: string; label: string } | undefined;
  /** The narrative of an hour named by its label in the digest (the hour's signals carry the id). */
  narrativeOfHour(
    hourStart: string,
    label: string,
  ): { href: string; label: string; share: number; posts: number } | undefined;
  /** A story's permalink. */
  storyHref(hourStart: string, storyId: string): string;
}

/** What the index is built from. */
export interface SiteIndexInput {
  /** Full digests (the hour-page window), any order. */
  readonly digests: readonly Digest[];
  /** Signals of the hour-page window, any order. */
  readonly signals: readonly HourSignals[];
  /** First hour (ISO) of the window whose agents and narratives get pages. */
  readonly indexStart: string | undefined;
  readonly pageWindowStart: string | undefined;
  /** Most agent pages (default MAX_AGENT_PAGES), for the agents named by the most stories. */
  readonly maxAgents?: number;
}

/** Agent pages built at most: the agents named by the most stories of the index window. */
export const MAX_AGENT_PAGES = 300;

/**
 * Builds the cross-links of the site: agent pages for the agents the window's digests name, narrative
 * pages for the window's narratives that have ids, and lookups from an hour's narrative labels to them.
 * Pure: the same input gives the same index.
 */
export function buildSiteIndex(input: SiteIndexInput): SiteIndex {
  const inIndex = (hourStart: string) =>
    input.indexStart !== undefined && inWindow(hourStart, input.indexStart);
  const profiles = agentProfiles(input.digests.filter((d) => inIndex(d.hourStart)));
  // The most named agents only: a week of a busy forum names thousands, most of them once.
  const agents = new Map(
    [...profiles]
      .filter(([handle]) => isPageableHandle(handle))
      .sort(([a, pa], [b, pb]) => pb.stories.length - pa.stories.length || a.localeCompare(b))
      .slice(0, input.maxAgents ?? MAX_AGENT_PAGES),
  );
  const tracks = narrativeTimeline(
    input.signals.filter((s) => inIndex(s.hourStart)),
    Number.POSITIVE_INFINITY,
  ).tracks;
  const narratives = new Map(tracks.flatMap((t) => (isPageableNarrative(t.id) ? [[t.id, t] as const] : [])));
  const byHour = new Map(input.signals.map((s) => [s.hourStart, s]));
  const narrative = (id: string | null | undefined) => {
    const track = id ? narratives.get(id) : undefined;
    return track && id ? { href: narrativePagePath(id), label: track.label } : undefined;
  };
  return {
    agents,
    narratives,
    agentHref: (handle) => (agents.has(handle) ? agentPagePath(handle) : undefined),
    narrative,
    narrativeOfHour(hourStart, label) {
      const signal = byHour.get(hourStart)?.narratives.find((n) => n.label === label);
      const linked = narrative(signal?.id);
      return signal && linked ? { ...linked, share: signal.share, posts: signal.posts } : undefined;
    },
    storyHref: (hourStart, storyId) => storyPermalink(hourStart, storyId, input.pageWindowStart),
  };
}
