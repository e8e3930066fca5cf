import { round } from '../../../core/canonical-json.ts';
import type { HourSignals, NarrativeSignal, PreviousHour } from '../types.ts';
import { hoursLedBy } from './led-hours.ts';
import { slug } from './story-text.ts';

/** A narrative candidate of this hour: one multi-post story. */
export interface NarrativeDraft {
  readonly label: string;
  /** Characteristic phrase keys, strongest first (a wave story's first term is `wave:<kind>`). */
  readonly terms: readonly string[];
  readonly posts: number;
  /** posts / the hour's quality posts. */
  readonly share: number;
  /** True when the story is among the hour's top topics: a top topic is never called fading. */
  readonly prominent: boolean;
  /** Its label names its subject (a failure, an agent): a matched narrative takes this label, not the reverse. */
  readonly fixedLabel?: boolean;
  /**
   * Its label is its lead's quoted title: one hour's thread. It carries a narrative it continues (and then
   * shows under that narrative's name) but never starts one.
   */
  readonly quoted?: boolean;
  /**
   * A launch that drew one of the hour's big threads, labelled by what it launched ("moltdev"): one post,
   * yet it may start a narrative, since what was launched is what later hours talk of.
   */
  readonly launch?: boolean;
}

/** Thresholds of `narrativeLifecycle`. */
export interface LifecycleOptions {
  /** Similarity (see `narrativeSimilarity`) at or above which a story continues a narrative. */
  readonly matchThreshold?: number;
  /** How far back (hours) a narrative is remembered for matching. */
  readonly lookbackHours?: number;
  /** Share growth over the previous hour that makes a present narrative emerging again (0.5 = +50%)… */
  readonly growth?: number;
  /** …when the share also grew by at least this much (keeps 2 → 3 posts from counting as a surge). */
  readonly minGrowthShare?: number;
  /** Quality posts this hour: absence is news only when the narrative's previous share would give ≥ 3 of them. */
  readonly qualityPosts?: number;
  /** Posts a story needs to start a new narrative (one that continues nothing); a continuing one needs 2. */
  readonly minNewPosts?: number;
  /** Labels that name a subject (see `isSubjectLabel`): such a narrative is continued only by a story with a fixed label. */
  readonly isSubjectLabel?: (label: string) => boolean;
  /**
   * For a story whose label names a subject and continues no narrative: the earliest earlier hour whose
   * digest told a post on that subject, or null. Such a story is back from then: continuing, not new.
   */
  readonly subjectSince?: (label: string) => string | null;
  /**
   * For a story of its own words continuing no narrative: the earliest earlier hour of the day whose digest
   * told a story under that very label, or null. Such a story is back too ("supply chain" ten hours on).
   */
  readonly toldSince?: (label: string) => string | null;
}

/** Earlier hours a narrative is matched across by default (`lookbackHours`). */
export const NARRATIVE_LOOKBACK_HOURS = 6;

/** Posts a vanished narrative would have had this hour at its previous share, below which its absence is noise. */
const ABSENCE_EVIDENCE = 3;

const HOUR_MS = 3_600_000;
const MATCH_TERMS = 8;

/** A label's words, lower case, punctuation and hyphens as spaces: "Agent-to-agent" → "agent to agent". */
function labelWords(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@$]+/gu, ' ')
    .trim();
}

/** True when one label's words run inside the other's ("agent to agent" in "agent to agent communication"). */
function labelContains(a: string, b: string): boolean {
  const x = labelWords(a);
  const y = labelWords(b);
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  // One word ("memory") names too many themes to join two of them.
  if (!short.includes(' ') || short.length < 6) return false;
  return ` ${long} `.includes(` ${short} `);
}

/**
 * How alike two narratives are by content: 1 for two waves of the same kind (`wave:introduction`); else
 * the Dice coefficient of their 8 strongest terms, counted only when at least two terms are shared (one
 * common word never links two themes); 0.5 at least when their labels are the same words, or one label's
 * words (two or more) run inside the other's.
 */
export function narrativeSimilarity(
  a: { readonly label: string; readonly terms: readonly string[] },
  b: { readonly label: string; readonly terms: readonly string[] },
): number {
  const waveA = a.terms[0]?.startsWith('wave:') ? a.terms[0] : null;
  const waveB = b.terms[0]?.startsWith('wave:') ? b.terms[0] : null;
  if (waveA || waveB) return waveA === waveB ? 1 : 0;
  const A = new Set(a.terms.slice(0, MATCH_TERMS));
  const B = new Set(b.terms.slice(0, MATCH_TERMS));
  let shared = 0;
  for (const t of A) if (B.has(t)) shared++;
  const dice =
    shared >= Math.min(2, A.size, B.size) && A.size + B.size > 0 ? (2 * shared) / (A.size + B.size) : 0;
  const sameLabel = labelWords(a.label) === labelWords(b.label) || labelContains(a.label, b.label) ? 0.5 : 0;
  return Math.max(dice, sameLabel);
}

/** A stable id for a narrative first seen this hour: its label's slug and the hour. */
export function narrativeId(label: string, hourStart: string): string {
  return `${slug(label, 40) || 'narrative'}-${hourStart.slice(0, 13).replace(/[^0-9]/g, '')}`;
}

interface Known {
  readonly id: string;
  readonly label: string;
  readonly terms: readonly string[];
  readonly firstSeen: string;
  /** Share by hours ago (1 = the previous hour); absent = not seen that hour. */
  readonly shares: ReadonlyMap<number, number>;
  /** Posts by hours ago, beside `shares`. */
  readonly posts: ReadonlyMap<number, number>;
  /** Hours ago in which the narrative was listed as no longer seen (0 posts, and no post still named it). */
  readonly gone: ReadonlySet<number>;
}

function knownNarratives(window: readonly HourSignals[], now: number): Known[] {
  const byId = new Map<
    string,
    {
      id: string;
      label: string;
      terms: readonly string[];
      firstSeen: string;
      shares: Map<number, number>;
      posts: Map<number, number>;
      gone: Set<number>;
    }
  >();
  // Oldest first, so the newest sighting's terms win.
  for (const s of [...window].reverse()) {
    const ago = Math.round((now - Date.parse(s.hourStart)) / HOUR_MS);
    for (const n of s.narratives) {
      const id = n.id ?? narrativeId(n.label, n.firstSeen);
      const k = byId.get(id) ?? {
        id,
        label: n.label,
        terms: n.terms,
        firstSeen: n.firstSeen,
        shares: new Map(),
        posts: new Map(),
        gone: new Set(),
      };
      if (n.posts > 0) {
        k.shares.set(ago, n.share);
        k.posts.set(ago, n.posts);
        k.terms = n.terms;
      } else if (!n.mentions) k.gone.add(ago);
      byId.set(id, k);
    }
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Gives each of this hour's narratives an identity and a status, from earlier hours' signals.
 *
 * - **identity**: a story continues a narrative remembered from the last `lookbackHours` [6] when
 *   `narrativeSimilarity` ≥ `matchThreshold` [0.3]; pairs are matched one to one, the pair with the
 *   highest similarity × √posts first; a narrative whose label names a subject (`isSubjectLabel`) only
 *   by a story with a fixed label. A
 *   matched narrative keeps its id, label and firstSeen; an unmatched one gets a new id and is first seen
 *   this hour.
 * - **emerging**: new (a story of `minNewPosts` [2] posts or more whose label is not a quoted title, or a
 *   launch that drew a big thread, by what it launched); or
 *   back after the previous hour listed it as no longer seen (never "no longer seen", then "continuing"
 *   the hour after); or, first seen within the lookback, clearly growing: share up by ≥ `growth` [50%]
 *   and by ≥ `minGrowthShare` [2 points] on the previous hour, with more posts than then (a theme talked
 *   of all day that grows continues, up from the hour before).
 * - **fading**: shrinking for at least two hours (share below the previous hour's, which was below the one
 *   before, and at most ¾ of it), unless the story is among the hour's top topics; or absent this hour
 *   after being present in the previous one, when this hour is big enough for the absence to mean
 *   something (its previous share of this hour's `qualityPosts` is at least 3 posts): listed once with 0
 *   posts. A narrative absent from a small hour is just not listed; it is remembered and can continue.
 * - **continuing**: every other present narrative, and an agent's story (`@Shellraiser`) matching none
 *   whose agent led one of the top 3 stories of an hour in the lookback: first seen that hour.
 * - a subject's story matching none whose subject an earlier digest's story carried (`subjectSince`) is
 *   continuing, first seen that hour: not new this hour, and no surge for having been quiet a few hours,
 *   however many posts bring it back; so is a story of its own words back under a label an earlier
 *   digest of the day told (`toldSince`).
 * Invariants: a present narrative is never listed with 0 posts; no label appears twice; a top topic is
 * never fading. Returned order: this hour's narratives (input order), then the vanished ones.
 */
export function narrativeLifecycle(
  current: readonly NarrativeDraft[],
  hourStart: string,
  previous: readonly PreviousHour[],
  options: LifecycleOptions = {},
): NarrativeSignal[] {
  const {
    matchThreshold = 0.3,
    lookbackHours = NARRATIVE_LOOKBACK_HOURS,
    growth = 0.5,
    minGrowthShare = 0.02,
    qualityPosts,
    minNewPosts = 2,
    isSubjectLabel = () => false,
    subjectSince = () => null,
    toldSince = () => null,
  } = options;
  const now = Date.parse(hourStart);
  const window = previous
    .map((p) => p.signals)
    .filter((s): s is HourSignals => s !== null)
    .filter((s) => {
      const age = now - Date.parse(s.hourStart);
      return age > 0 && age <= lookbackHours * HOUR_MS;
    });
  const known = knownNarratives(window, now).filter((k) => k.shares.size > 0);

  const pairs: { i: number; j: number; sim: number }[] = [];
  current.forEach((c, i) => {
    known.forEach((k, j) => {
      // A subject's narrative ("memory and continuity") is not carried on by posts merely sharing its words.
      if (!c.fixedLabel && isSubjectLabel(k.label)) return;
      const sim = narrativeSimilarity(c, k);
      if (sim >= matchThreshold) pairs.push({ i, j, sim });
    });
  });
  // A bigger story carries a narrative before a smaller, slightly closer one: two posts sharing its words
  // must not take the name from the eight posts that continue it.
  const weight = (p: { i: number; sim: number }): number => p.sim * Math.sqrt(current[p.i]?.posts ?? 1);
  pairs.sort((a, b) => weight(b) - weight(a) || a.i - b.i || a.j - b.j);
  const matchOf = new Map<number, Known>();
  const taken = new Set<number>();
  for (const { i, j } of pairs) {
    if (matchOf.has(i) || taken.has(j)) continue;
    const k = known[j];
    if (!k) continue;
    matchOf.set(i, k);
    taken.add(j);
  }

  const labels = new Set<string>();
  const out: NarrativeSignal[] = [];
  current.forEach((draft, i) => {
    const k = matchOf.get(i);
    // A new narrative needs a story of its own words and enough posts; continuing one needs only to be seen.
    if (!k && (draft.quoted || (draft.posts < minNewPosts && !draft.launch))) return;
    // A label given with the story's group (what failed, which agent) says more than the old one: it wins.
    // A quoted post title names one hour's lead, not a narrative: a phrase replaces it when one comes.
    let label = draft.fixedLabel || k?.label.startsWith('“') ? draft.label : (k?.label ?? draft.label);
    if (labels.has(label.toLowerCase())) {
      if (k) return; // two stories matched the same words: the larger one (earlier) carries it
      label = `${label} (${draft.terms.find((t) => !label.includes(t)) ?? 'more'})`;
      if (labels.has(label.toLowerCase())) return;
    }
    labels.add(label.toLowerCase());
    // An agent's story is about the agent: one whose posts led a top story in the last hours (under
    // another name: "vote-inflated posts", a lone thread) continues, it is not new this hour.
    const since = k ? null : agentLedSince(label, previous, hourStart, lookbackHours);
    // A subject (karma farming, agent religions) an earlier digest's story already carried is back, not new.
    const back = k || since ? null : draft.fixedLabel ? subjectSince(label) : toldSince(label);
    // Back within the day, it carries on the forum's conversation (often told under another name in the
    // hours between): continuing since it was first seen, however many posts bring it back (its return is
    // still news: the ranking reads it as new).
    const status = k
      ? statusOf(draft, k, { growth, minGrowthShare, youngSince: now - lookbackHours * 3_600_000 })
      : since || back
        ? 'continuing'
        : 'emerging';
    const firstSeen = k?.firstSeen ?? since ?? back ?? hourStart;
    out.push({
      id: k?.id ?? narrativeId(label, firstSeen),
      label,
      terms: [...draft.terms],
      share: round(draft.share, 4),
      posts: draft.posts,
      firstSeen,
      status,
    });
  });

  const matched = new Set([...matchOf.values()].map((k) => k.id));
  for (const k of known) {
    if (matched.has(k.id) || !k.shares.has(1) || labels.has(k.label.toLowerCase())) continue;
    if (qualityPosts !== undefined && (k.shares.get(1) ?? 0) * qualityPosts < ABSENCE_EVIDENCE) continue;
    labels.add(k.label.toLowerCase());
    out.push({
      id: k.id,
      label: k.label,
      terms: [...k.terms],
      share: 0,
      posts: 0,
      firstSeen: k.firstSeen,
      status: 'fading',
    });
  }
  return out;
}

/** Top stories of an earlier hour an agent's post must lead for the agent's story to continue. */
const LED_TOP = 3;

/**
 * For an agent's label (`@Shellraiser`): the earliest hour of the last `lookbackHours` whose digest had a
 * top story led by that agent's post; null for any other label or when none did.
 */
function agentLedSince(
  label: string,
  previous: readonly PreviousHour[],
  hourStart: string,
  lookbackHours: number,
): string | null {
  if (!/^@[\w-]+$/.test(label)) return null;
  const hours = hoursLedBy(previous, hourStart, label.slice(1), {
    windowMs: lookbackHours * HOUR_MS,
    topStories: LED_TOP,
  });
  return [...hours].sort()[0] ?? null;
}

function statusOf(
  draft: NarrativeDraft,
  k: Known,
  o: { growth: number; minGrowthShare: number; youngSince: number },
): NarrativeSignal['status'] {
  // Back after the previous hour listed it as no longer seen: it returns, emerging. Absent from hours that
  // did not say so (too small for its absence to mean anything), it was never reported gone: it continues.
  if (!k.shares.has(1) && k.gone.has(1)) return 'emerging';
  const s1 = k.shares.get(1);
  const s2 = k.shares.get(2);
  // Growth is in posts as well as in share: a share up only because the hour was smaller is no surge.
  const p1 = k.posts.get(1) ?? 0;
  // Only a young narrative (first seen within the lookback) emerges by growing: a theme talked of all day
  // that draws more posts this hour continues, up from the hour before.
  if (
    Date.parse(k.firstSeen) >= o.youngSince &&
    s1 !== undefined &&
    draft.share >= s1 * (1 + o.growth) &&
    draft.share - s1 >= o.minGrowthShare &&
    draft.posts > p1
  )
    return 'emerging';
  if (
    !draft.prominent &&
    s1 !== undefined &&
    s2 !== undefined &&
    draft.share < s1 &&
    s1 < s2 &&
    draft.share <= 0.75 * s2
  )
    return 'fading';
  return 'continuing';
}

/** Labels by status, in the order given (the analyser's: most newsworthy first, the vanished last). */
export function narrativeLists(signals: readonly NarrativeSignal[]): {
  emerging: string[];
  continuing: string[];
  fading: string[];
} {
  const by = (status: NarrativeSignal['status']): string[] =>
    signals.filter((s) => s.status === status).map((s) => s.label);
  return { emerging: by('emerging'), continuing: by('continuing'), fading: by('fading') };
}
