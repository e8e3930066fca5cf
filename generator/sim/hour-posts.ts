import { HOUR_MS } from '../../core/hours.ts';
import { AUTHOR_POOL, authorAt, rankFromUnit, type SimAuthor } from './authors.ts';
import { COMMUNITIES, type Community, community } from './communities.ts';
import { type EngagementPlan, type PostLabel, planEngagement } from './engagement.ts';
import { hash2, hash3, hash4, Rng, unit } from './hash.ts';
import {
  EMPTY_TITLES,
  FLOOD_BODIES,
  FLOOD_TITLES,
  INJECTION_BODIES,
  INJECTION_COVERS,
  INJECTION_TITLES,
  PROMO_BODIES,
  PROMO_TITLES,
  SPAM_BODIES,
  SPAM_DOMAINS,
  SPAM_TITLES,
  VIRAL_TEMPLATES,
} from './junk-text.ts';
import { type ActiveNarrative, EPOCH_HOURS, narrativesAtHour } from './narratives.ts';
import { encodePostId } from './post-id.ts';
import { writeLinkTitle, writePost } from './post-writer.ts';
import { type FillContext, fill, fillOne, gibberish, type PostTraits } from './text.ts';
import { EVERGREEN } from './themes.ts';
import type { Theme, ThemeAngle } from './types.ts';

/** Milliseconds in an hour (re-exported for the simulator's modules). */
export { HOUR_MS };

/** Bit flags that make a post's production JSON messy in the ways the real forum's is. */
export const QUIRK = {
  /** upvotes, downvotes, comment_count sent as strings. */
  numbersAsStrings: 1,
  /** the `url` key left out. */
  noUrlKey: 2,
  /** later-era shape: camelCase author fields, score, hot_score, is_spam… */
  laterEra: 4,
} as const;

/** A generated post before it is observed: fixed text plus an engagement plan. */
export interface PostDraft {
  readonly id: string;
  readonly hourNumber: number;
  readonly index: number;
  readonly createdAtMs: number;
  /** Sub-millisecond digits (0–999) the production API prints after the milliseconds. */
  readonly micros: number;
  readonly title: string;
  /** null for link posts, as the forum sends them. */
  readonly content: string | null;
  readonly url: string | null;
  readonly author: SimAuthor | null;
  readonly submolt: Community;
  readonly label: PostLabel;
  /** Id of the narrative the post belongs to; null for evergreen chatter and junk. */
  readonly narrative: string | null;
  /** Theme the comments under it draw on. */
  readonly theme: Theme;
  readonly angle: ThemeAngle;
  readonly plan: EngagementPlan;
  readonly quirks: number;
}

/** Cumulative label shares: ~36 % junk. */
const LABEL_CUTS: ReadonlyArray<readonly [PostLabel, number]> = [
  ['quality', 0.64],
  ['spam', 0.71],
  ['duplicate', 0.76],
  ['template', 0.83],
  ['promotion', 0.9],
  ['injection', 0.93],
  ['empty', 0.96],
  ['flood', 1],
];
const FLOOD_SHARE = 0.04;
const POSTS_PER_FLOODER = 35;
/**
 * Most quality posts one author writes in an hour. Real prolific agents post about every half hour;
 * bursts beyond this are what the `flood` label is for.
 */
export const MAX_QUALITY_POSTS_PER_AUTHOR = 3;
/** Redraws before an over-active author is accepted anyway (only when the pool cannot absorb the rate). */
const MAX_AUTHOR_REDRAWS = 64;
/** Weight of evergreen chatter against the summed heat of live narratives. */
const EVERGREEN_WEIGHT = 1.6;

/** Number of posts created in an hour: the base rate with a mild day/night swing and noise. */
export function hourPostCount(seed: number, postsPerHour: number, hourNumber: number): number {
  const hourOfDay = ((hourNumber % 24) + 24) % 24;
  const daily = 1 + 0.18 * Math.sin((2 * Math.PI * (hourOfDay - 9)) / 24);
  const noise = 0.95 + 0.1 * unit(hash2(seed ^ 0x6c0, hourNumber));
  return Math.max(0, Math.round(postsPerHour * daily * noise));
}

/** Creation time of post `index` of an hour of `count` posts; strictly ordered by index. */
export function postTimeMs(seed: number, hourNumber: number, count: number, index: number): number {
  const u = unit(hash3(seed ^ 0x71e, hourNumber, index));
  return hourNumber * HOUR_MS + Math.floor(((index + u) * HOUR_MS) / count);
}

/** How many of an hour's `count` posts exist at `nowMs` (binary search on creation times). */
export function visibleInHour(seed: number, hourNumber: number, count: number, nowMs: number): number {
  if (nowMs >= (hourNumber + 1) * HOUR_MS) return count;
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (postTimeMs(seed, hourNumber, count, mid) <= nowMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function labelFor(u: number): PostLabel {
  for (const [label, cut] of LABEL_CUTS) if (u < cut) return label;
  return 'flood';
}

/** Hour-wide decisions shared by all its posts. */
interface HourContext {
  readonly seed: number;
  readonly hourNumber: number;
  readonly count: number;
  readonly narratives: readonly ActiveNarrative[];
  readonly totalWeight: number;
  readonly template: (typeof VIRAL_TEMPLATES)[number];
  readonly flooders: readonly number[];
  readonly flooderSet: ReadonlySet<number>;
}

function hourContext(seed: number, postsPerHour: number, hourNumber: number): HourContext {
  const count = hourPostCount(seed, postsPerHour, hourNumber);
  const narratives = narrativesAtHour(seed, hourNumber);
  const epoch = Math.floor(hourNumber / EPOCH_HOURS);
  const template = VIRAL_TEMPLATES[
    hash2(seed ^ 0x7e1, epoch) % VIRAL_TEMPLATES.length
  ] as HourContext['template'];
  const flooderCount = Math.max(1, Math.round((count * FLOOD_SHARE) / POSTS_PER_FLOODER));
  const flooders: number[] = [];
  for (let k = 0; k < flooderCount; k++) {
    flooders.push(
      Math.floor(AUTHOR_POOL / 4) +
        (hash3(seed ^ 0xf100d, hourNumber, k) % Math.floor((AUTHOR_POOL * 3) / 4)),
    );
  }
  const totalWeight = EVERGREEN_WEIGHT + narratives.reduce((s, n) => s + n.heat, 0);
  return {
    seed,
    hourNumber,
    count,
    narratives,
    totalWeight,
    template,
    flooders,
    flooderSet: new Set(flooders),
  };
}

/** The per-post decisions that fix its community (cheap: no text). */
interface Skeleton {
  label: PostLabel;
  authorRank: number | null;
  submolt: Community;
  narrative: ActiveNarrative | null;
  traits: PostTraits | null;
  duplicateOf: number;
  link: boolean;
}

function pickSubmolt(rng: Rng, preferred: readonly string[], loyalty: number): Community {
  if (rng.chance(loyalty)) {
    // The first preferred community is the theme's home; the others get less traffic.
    const i = rng.chance(0.6) ? 0 : rng.int(preferred.length);
    return community(preferred[i] as string);
  }
  return rng.pick(COMMUNITIES);
}

/** What the posts written so far in an hour constrain about the next ones. */
interface HourState {
  /** Indices of the quality posts so far (duplicates copy one of them). */
  readonly qualityIndices: number[];
  readonly skeletons: Skeleton[];
  /** Quality posts so far per author rank. */
  readonly qualityPerAuthor: Map<number, number>;
}

function newHourState(): HourState {
  return { qualityIndices: [], skeletons: [], qualityPerAuthor: new Map() };
}

/**
 * The author of a quality post: the power-law draw, unless that author already wrote their share of
 * quality posts this hour or is one of the hour's flooders; then fresh draws (a separate RNG, so the
 * post's other decisions do not move), falling back to uniform ranks.
 */
function qualityAuthor(ctx: HourContext, index: number, drawn: number, counts: Map<number, number>): number {
  const rng = new Rng(hash4(ctx.seed, ctx.hourNumber, index, 0xa0a));
  let rank = drawn;
  for (
    let tries = 0;
    tries < MAX_AUTHOR_REDRAWS &&
    ((counts.get(rank) ?? 0) >= MAX_QUALITY_POSTS_PER_AUTHOR || ctx.flooderSet.has(rank));
    tries++
  ) {
    rank = tries < 8 ? rankFromUnit(rng.next()) : 1 + rng.int(AUTHOR_POOL);
  }
  counts.set(rank, (counts.get(rank) ?? 0) + 1);
  return rank;
}

function skeletonOf(ctx: HourContext, index: number, rng: Rng, state: HourState): Skeleton {
  const { qualityIndices, skeletons } = state;
  let label = labelFor(unit(hash3(ctx.seed ^ 0x1abe1, ctx.hourNumber, index)));
  if (label === 'duplicate' && qualityIndices.length === 0) label = 'spam';
  const authorRank = rng.chance(0.004) ? null : rankFromUnit(rng.next());
  const base: Skeleton = {
    label,
    authorRank,
    submolt: COMMUNITIES[0] as Community,
    narrative: null,
    traits: null,
    duplicateOf: -1,
    link: false,
  };
  switch (label) {
    case 'quality': {
      let pick = rng.next() * ctx.totalWeight - EVERGREEN_WEIGHT;
      for (const n of ctx.narratives) {
        if (pick < 0) break;
        pick -= n.heat;
        if (pick < 0) base.narrative = n;
      }
      const theme = base.narrative?.narrative.theme ?? EVERGREEN;
      base.submolt = pickSubmolt(rng, theme.submolts, 0.85);
      base.traits = {
        question: rng.chance(0.3),
        list: rng.chance(0.22),
        concrete: rng.chance(0.35),
        long: rng.chance(0.3),
      };
      // Link posts are rare on the real forum (none in a sample of 2,921 posts).
      base.link = rng.chance(0.015);
      if (authorRank !== null)
        base.authorRank = qualityAuthor(ctx, index, authorRank, state.qualityPerAuthor);
      qualityIndices.push(index);
      break;
    }
    case 'duplicate': {
      const source = qualityIndices[rng.int(qualityIndices.length)] as number;
      const src = skeletons[source] as Skeleton;
      base.duplicateOf = source;
      base.submolt = src.submolt;
      base.link = src.link;
      if (rng.chance(0.5)) base.authorRank = src.authorRank;
      break;
    }
    case 'spam':
      base.submolt = pickSubmolt(rng, ['general'], 0.6);
      base.link = rng.chance(0.35);
      break;
    case 'promotion':
      base.submolt = pickSubmolt(rng, ['crypto', 'general', 'agentfinance'], 0.8);
      base.link = rng.chance(0.25);
      break;
    case 'template':
      base.submolt = pickSubmolt(rng, ['general', 'introductions'], 0.9);
      break;
    case 'injection':
      base.submolt = pickSubmolt(rng, ['general'], 0.5);
      break;
    case 'empty':
      base.submolt = pickSubmolt(rng, ['general'], 0.7);
      break;
    case 'flood':
      base.authorRank = ctx.flooders[rng.int(ctx.flooders.length)] as number;
      base.submolt = pickSubmolt(rng, ['general', 'shitposts'], 0.9);
      break;
  }
  return base;
}

/** Community names of every post of an hour, in index order, without writing any text. */
export function hourSubmolts(seed: number, postsPerHour: number, hourNumber: number): Community[] {
  const ctx = hourContext(seed, postsPerHour, hourNumber);
  const state = newHourState();
  for (let i = 0; i < ctx.count; i++) {
    state.skeletons.push(skeletonOf(ctx, i, new Rng(hash3(ctx.seed, ctx.hourNumber, i)), state));
  }
  return state.skeletons.map((s) => s.submolt);
}

const LINK_SITES = [
  'https://arxiv.org/abs/2601.0',
  'https://github.com/example-agent/',
  'https://blog.example.org/posts/',
];

function quirksFor(rng: Rng): number {
  let q = 0;
  if (rng.chance(0.03)) q |= QUIRK.numbersAsStrings;
  if (rng.chance(0.04)) q |= QUIRK.noUrlKey;
  if (rng.chance(0.15)) q |= QUIRK.laterEra;
  return q;
}

function junkText(label: PostLabel, ctx: HourContext, fc: FillContext): { title: string; content: string } {
  const { rng } = fc;
  switch (label) {
    case 'spam':
      return { title: fillOne(SPAM_TITLES, fc), content: fillOne(SPAM_BODIES, fc) };
    case 'promotion':
      return { title: fillOne(PROMO_TITLES, fc), content: fillOne(PROMO_BODIES, fc) };
    case 'injection': {
      const disguise = rng.chance(0.4) ? `${fillOne(INJECTION_COVERS, fc)}\n\n` : '';
      return { title: fillOne(INJECTION_TITLES, fc), content: disguise + fillOne(INJECTION_BODIES, fc) };
    }
    case 'empty':
      return {
        title: rng.pick(EMPTY_TITLES),
        content: rng.chance(0.6) ? '' : rng.pick(['.', ' ', 'test', '\n']),
      };
    case 'flood':
      return { title: fillOne(FLOOD_TITLES, fc), content: fillOne(FLOOD_BODIES, fc) };
    default: {
      // template: small variations between copies, the author's handle among them.
      const suffix = rng.pick(['', '', ' 🦞', '!', ' ✨', ` #${1 + rng.int(99)}`]);
      return { title: fill(ctx.template.title, fc), content: fill(ctx.template.body, fc) + suffix };
    }
  }
}

/** Every post of an hour as drafts, oldest first. Pure: same (seed, rate, hour) → same drafts. */
export function hourDrafts(seed: number, postsPerHour: number, hourNumber: number): PostDraft[] {
  const ctx = hourContext(seed, postsPerHour, hourNumber);
  const state = newHourState();
  const drafts: PostDraft[] = [];
  for (let i = 0; i < ctx.count; i++) {
    const s = skeletonOf(ctx, i, new Rng(hash3(seed, hourNumber, i)), state);
    state.skeletons.push(s);
    const rng = new Rng(hash4(seed, hourNumber, i, 0x7e47));
    const author = s.authorRank === null ? null : authorAt(seed, s.authorRank);
    const theme = s.narrative?.narrative.theme ?? EVERGREEN;
    const angle = s.narrative?.narrative.angle ?? (EVERGREEN.angles[0] as ThemeAngle);
    const fc: FillContext = { rng, theme, angle, me: author?.name ?? 'someone' };
    let title: string;
    let content: string | null;
    let url: string | null = null;
    if (s.label === 'duplicate') {
      const src = drafts[s.duplicateOf] as PostDraft;
      title = src.title;
      content = src.content;
      url = src.url;
    } else {
      const traits = s.traits as PostTraits;
      if (s.label !== 'quality') ({ title, content } = junkText(s.label, ctx, fc));
      else if (s.link) [title, content] = [writeLinkTitle(fc, traits), null];
      else ({ title, content } = writePost(fc, traits, s.narrative?.phase ?? null));
      if (s.link) {
        url =
          s.label === 'quality'
            ? `${rng.pick(LINK_SITES)}${1000 + rng.int(9000)}`
            : `https://${rng.pick(SPAM_DOMAINS)}/${gibberish(rng)}`;
        content = null;
      }
    }
    const plan = planEngagement(rng, {
      label: s.label,
      heat: s.narrative?.heat ?? 0,
      popularity: author?.popularity ?? 0,
      traits: s.traits,
    });
    drafts.push({
      id: encodePostId(seed, hourNumber, i),
      hourNumber,
      index: i,
      createdAtMs: postTimeMs(seed, hourNumber, ctx.count, i),
      micros: rng.int(1000),
      title,
      content,
      url,
      author,
      submolt: s.submolt,
      label: s.label,
      narrative: s.narrative?.narrative.id ?? null,
      theme,
      angle,
      plan,
      quirks: quirksFor(rng),
    });
  }
  return drafts;
}
