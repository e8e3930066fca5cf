import { postUrl } from '../forum-links.ts';
import type { BackgroundItem, Digest } from '../schemas/digest.ts';
import { distinctTerms } from './similar.ts';
import { type StoryInput, storiesOf } from './stories.ts';
import type { TraitName } from './traits.ts';

/** A narrative as the analyser tracks it (structurally the generator's NarrativeSignal). */
export interface NarrativeInput {
  /** Stable id across hours, when the signals carry one (stories point at it). */
  readonly id?: string;
  readonly label: string;
  readonly terms: readonly string[];
  readonly status: 'emerging' | 'continuing' | 'fading';
  readonly share: number;
}

/** What the advisor knows about the forum right now, read from the latest digests. */
export interface AdvisorContext {
  /** Id of the newest digest used, or null when there is none. */
  readonly digestId: string | null;
  readonly hourStart: string | null;
  /** Top topics, most prominent first, with their matching terms. */
  readonly topics: readonly { readonly name: string; readonly terms: readonly string[] }[];
  readonly narratives: readonly {
    readonly label: string;
    readonly terms: readonly string[];
    readonly status: NarrativeInput['status'];
    readonly share: number;
  }[];
  /** The forum's address of posts as the newest digest links them (`…/post/`), or null. */
  readonly postUrlBase: string | null;
  /** The newest digest's background streams (introductions, other languages, …) and its post count. */
  readonly background: readonly BackgroundItem[];
  readonly totalPosts: number | null;
  /** The newest digest's stories, most prominent first (`stories.ts`). */
  readonly stories: readonly StoryInput[];
  /** The newest digest's note when comments stalled in its hour while votes came (the comment API failing), else null. */
  readonly stalled: string | null;
  /** Traits of the hour's best-received posts, strongest lift first. */
  readonly patterns: readonly {
    readonly pattern: string;
    readonly description: string;
    readonly lift: number;
    readonly digestHour: string;
  }[];
}

/** A context with nothing in it (no digest published yet). */
export const EMPTY_CONTEXT: AdvisorContext = {
  digestId: null,
  hourStart: null,
  topics: [],
  narratives: [],
  postUrlBase: null,
  background: [],
  totalPosts: null,
  stories: [],
  stalled: null,
  patterns: [],
};

/**
 * The address the digest's links put before a post id (`https://www.moltbook.com/post/`): read off
 * its story posts, whose links the hourly job built from its forum setting. Null when none is linked.
 */
export function postUrlBaseOf(digest: Digest): string | null {
  for (const story of digest.stories ?? [])
    for (const p of [story.lead, ...story.related]) {
      const id = postUrl('', p.postId);
      if (p.url.endsWith(id) && p.url.length > id.length) return p.url.slice(0, -id.length);
    }
  return null;
}

const contentTerms = distinctTerms;

/**
 * Builds the context from the newest digests (newest first; the first three are read; stories from
 * the newest) and, when known, the newest hour's tracked narratives. Without narrative signals, the digests' narrative names
 * are used, their words standing in for terms. Pure.
 */
export function buildAdvisorContext(
  digests: readonly Digest[],
  narratives: readonly NarrativeInput[] | null = null,
): AdvisorContext {
  const latest = digests[0];
  if (latest === undefined) return EMPTY_CONTEXT;
  const recent = digests.slice(0, 3);
  const topics = new Map<string, string[]>();
  for (const d of recent)
    for (const t of d.topTopics) {
      const terms = contentTerms(t);
      if (terms.length > 0 && !topics.has(t.toLowerCase())) topics.set(t.toLowerCase(), terms);
    }
  const patterns = new Map<string, AdvisorContext['patterns'][number]>();
  for (const d of recent)
    for (const p of d.topPostPatterns) {
      const seen = patterns.get(p.pattern);
      if (!seen || seen.lift < p.lift)
        patterns.set(p.pattern, {
          pattern: p.pattern,
          description: p.description,
          lift: p.lift,
          digestHour: d.hourStart,
        });
    }
  const tracked =
    narratives ??
    [
      ...latest.emergingNarratives.map((label) => ({ label, status: 'emerging' as const })),
      ...latest.continuingNarratives.map((label) => ({ label, status: 'continuing' as const })),
      ...latest.fadingNarratives.map((label) => ({ label, status: 'fading' as const })),
    ].map((n) => ({ ...n, terms: contentTerms(n.label), share: 0 }));
  return {
    digestId: latest.id,
    hourStart: latest.hourStart,
    topics: [...topics].slice(0, 12).map(([name, terms]) => ({ name, terms })),
    narratives: tracked
      .map((n) => ({
        label: n.label,
        terms: n.terms.slice(0, 8).map((t) => t.toLowerCase()),
        status: n.status,
        share: n.share,
      }))
      .filter((n) => n.terms.length > 0),
    postUrlBase: postUrlBaseOf(latest),
    background: latest.background ?? [],
    totalPosts: latest.totalPosts,
    stories: storiesOf(
      latest,
      new Map((narratives ?? []).flatMap((n) => (n.id === undefined ? [] : [[n.id, n.status] as const]))),
    ),
    stalled:
      latest.numbers?.engagement === 'frozen' && latest.numbers.engagementNote !== ''
        ? latest.numbers.engagementNote
        : null,
    patterns: [...patterns.values()].sort((a, b) => b.lift - a.lift || (a.pattern < b.pattern ? -1 : 1)),
  };
}

/** How a draft matches the context: the numbers the model reads and the names the advice cites. */
export interface ContextMatch {
  /** Σ over matched topics of 1/(rank+1): 0 when the draft touches no current topic. */
  readonly topicScore: number;
  /** Best term overlap (0–1) with an emerging, a continuing and a fading narrative. */
  readonly emerging: number;
  readonly continuing: number;
  readonly fading: number;
  /** Σ ln(lift) of the current top-post patterns the draft shows, and of those it lacks. */
  readonly patternShown: number;
  readonly patternMissing: number;
  readonly topicsMatched: readonly string[];
  readonly narrativesMatched: readonly {
    readonly label: string;
    readonly status: NarrativeInput['status'];
  }[];
  readonly patternsShown: readonly string[];
  readonly patternsMissing: readonly string[];
}

/** The match's numbers in a fixed order (what training rows keep). */
export function matchVector(m: ContextMatch): number[] {
  return [m.topicScore, m.emerging, m.continuing, m.fading, m.patternShown, m.patternMissing];
}

/** Matches a draft's word set and traits against the context. Pure. */
export function matchContext(
  words: ReadonlySet<string>,
  traits: ReadonlySet<TraitName>,
  ctx: AdvisorContext,
): ContextMatch {
  let topicScore = 0;
  const topicsMatched: string[] = [];
  ctx.topics.forEach((t, rank) => {
    const hits = t.terms.filter((w) => words.has(w)).length;
    if (hits > 0 && hits * 2 >= t.terms.length) {
      topicScore += 1 / (rank + 1);
      topicsMatched.push(t.name);
    }
  });
  const best = { emerging: 0, continuing: 0, fading: 0 };
  const narrativesMatched: ContextMatch['narrativesMatched'][number][] = [];
  for (const n of ctx.narratives) {
    const top = n.terms.slice(0, 5);
    const overlap = top.filter((w) => words.has(w)).length / Math.min(3, top.length);
    const value = Math.min(1, overlap);
    if (value >= 0.34) narrativesMatched.push({ label: n.label, status: n.status });
    if (value > best[n.status]) best[n.status] = value;
  }
  let patternShown = 0;
  let patternMissing = 0;
  const patternsShown: string[] = [];
  const patternsMissing: string[] = [];
  for (const p of ctx.patterns) {
    const weight = Math.log(Math.max(1, p.lift));
    if (traits.has(p.pattern as TraitName)) {
      patternShown += weight;
      patternsShown.push(p.pattern);
    } else {
      patternMissing += weight;
      patternsMissing.push(p.pattern);
    }
  }
  return {
    topicScore,
    ...best,
    patternShown,
    patternMissing,
    topicsMatched,
    narrativesMatched,
    patternsShown,
    patternsMissing,
  };
}
