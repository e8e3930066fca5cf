import { probit } from 'simple-statistics';
import { postUrl } from '../forum-links.ts';
import type { AdvisorRequest } from '../schemas/advisor.ts';
import {
  type AdvisorFactor,
  AdvisorResponse,
  type AdvisorStory,
  type AdvisorSuggestion,
} from '../schemas/advisor-response.ts';
import { themeOfTitle } from '../themes.ts';
import { counted, outcome, quoted, ref } from './cite.ts';
import type { AdvisorContext } from './context.ts';
import { type Draft, joinDraft, splitDraft, stripLabel } from './draft.ts';
import {
  followLessons,
  gatherEvidence,
  type Lesson,
  type PoolFinding,
  type PoolLesson,
  poolFindings,
  REPLIED,
  type ShownPost,
  shown,
} from './evidence.ts';
import { FEATURE_GROUPS, type FeatureGroup } from './features.ts';
import { GENRE_WORDS, type Genre, genreOf, scriptOf } from './genre.ts';
import { countFromScore, type PredictedCount, percentileIn, predictedCounts } from './levels.ts';
import type { CompiledModel, TraitEffect } from './model.ts';
import { looksCut } from './quote.ts';
import { rewriteProblems } from './rewrite-check.ts';
import {
  closingEdit,
  combineEdits,
  creditEdit,
  type Edit,
  followUpEdit,
  offlineEdits,
} from './rewrite-offline.ts';
import { type ScoredDraft, scoreDraft } from './score.ts';
import { baselineValue, SCORER_WORDS, servedBy } from './served.ts';
import { EMPTY_EVIDENCE, EvidenceIndex, type EvidencePost, isNearTwin } from './similar.ts';
import { type ModelSkill, modelSkill, skillBrief } from './skill.ts';
import {
  closestSuggestion,
  closingFor,
  EXCEPTIONAL,
  LOOSE_MATCH,
  mostRepliedSuggestion,
  questionSuggestion,
  type SpecificInput,
  titleSuggestion,
  twinSuggestion,
} from './specific.ts';
import { type CommentSpread, commentSpread, spreadSentence } from './spread.ts';
import { type JoinableStory, joinableStories, otherLanguage, type StoryInput } from './stories.ts';
import { type TraitName, traitsOf } from './traits.ts';

/** A rewrite from elsewhere (a language model): untrusted text, checked like the offline edits. */
export interface ExtraRewrite {
  readonly draft: Draft;
  /** Who wrote it (the model's name), for the answer. */
  readonly by: string;
}

/** Everything one piece of advice needs; no I/O. */
export interface AdviceInput {
  readonly model: CompiledModel;
  readonly context: AdvisorContext;
  readonly request: AdvisorRequest;
  /** When the post would go out (its hour of day is a feature; similar posts are those before it). */
  readonly now: Date;
  /** Recent posts with their outcomes, for the similar-post look-up; none when absent. */
  readonly evidence?: EvidenceIndex;
  /** Rewrites to consider first (e.g. from an LLM); each is checked and used only when it passes. */
  readonly extraRewrites?: readonly ExtraRewrite[];
}

function reachOf(score: number): AdvisorResponse['predictedReach'] {
  if (score >= 95) return 'Explosive';
  if (score >= 80) return 'High';
  if (score >= 40) return 'Medium';
  return 'Low';
}

/** A weak prediction's scorer, as the one-line guess names it. */
const GUESS: Record<ModelSkill['served'], string> = {
  model: 'rough model',
  length: 'rough, length-only',
  'author-prior': "rough, author's-history-only",
};

const GROUP_WORDS: Record<FeatureGroup, string> = {
  wording: 'The words and phrases used',
  format: 'Length and format',
  timing: 'The hour of posting',
  community: 'The community',
  author: "The author's track record",
  digest: 'Fit with what the forum discusses now',
};

function explain(
  group: FeatureGroup,
  s: ScoredDraft,
  direction: AdvisorFactor['direction'],
  where: { hour: number; submolt: string | null; author: string | null },
): string {
  // The verb follows the factor's own direction, so the words never contradict its number.
  const verb = direction === 'raises' ? 'raise' : direction === 'lowers' ? 'lower' : 'barely move';
  const tends = direction === 'neutral' ? 'barely moves' : `tends to ${verb}`;
  switch (group) {
    case 'wording':
      return `${GROUP_WORDS.wording} ${verb} the prediction against an average recent post (the model learned word effects from posts of the training window).`;
    case 'format': {
      const traits = [...s.traits].slice(0, 4).join(', ') || 'no notable traits';
      return `${GROUP_WORDS.format} (${traits}) ${verb} the prediction.`;
    }
    case 'timing':
      return direction === 'neutral'
        ? `Posting at ${String(where.hour).padStart(2, '0')}:00 UTC barely moves the prediction: the model ranks posts against others of the same hour.`
        : `Posting at ${String(where.hour).padStart(2, '0')}:00 UTC ${tends} the prediction.`;
    case 'community':
      if (s.communityKnown)
        return `Posting in m/${where.submolt} ${tends} the prediction against the forum average.`;
      return where.submolt === null
        ? 'No community was named, so no community history is used.'
        : `m/${where.submolt} has no posts in the training window; an unseen community ${tends} the prediction.`;
    case 'author':
      if (s.authorKnown) return `The named author's earlier posts ${verb} the prediction.`;
      return where.author === null
        ? 'No author was named, so no author history is used.'
        : `The named author has no posts in the training window; a new author ${tends} the prediction.`;
    case 'digest': {
      const m = s.match;
      const hits = [
        ...m.topicsMatched.map((t) => `topic "${t}"`),
        ...m.narrativesMatched.map((n) => `${n.status} narrative "${n.label}"`),
        ...m.patternsShown.map((p) => `pattern ${p}`),
      ];
      return hits.length > 0
        ? `Matches ${hits.slice(0, 4).join(', ')} of the current digests, which ${verb}s the prediction.`
        : `Matches none of the current digest topics, narratives or top-post patterns (${direction === 'neutral' ? 'no effect' : `this ${verb}s the prediction`}).`;
    }
  }
}

function factorsOf(
  model: CompiledModel,
  s: ScoredDraft,
  where: { hour: number; submolt: string | null; author: string | null },
): AdvisorFactor[] {
  const means = model.artifact.groupMeans;
  return FEATURE_GROUPS.filter((g) => g !== 'author' || model.artifact.useAuthor)
    .map((group) => {
      const unnamed =
        (group === 'author' && where.author === null) || (group === 'community' && where.submolt === null);
      const raw = unnamed ? 0 : s.prediction.groups[group] - (means[group] ?? 0);
      const contribution = Math.round(raw * 1000) / 1000;
      const direction: AdvisorFactor['direction'] =
        Math.abs(contribution) < 0.02 ? 'neutral' : contribution > 0 ? 'raises' : 'lowers';
      return { group, contribution, direction, explanation: explain(group, s, direction, where) };
    })
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
}

/** What a lesson asks the writer to do, by trait. */
const LESSON_TEXT: Partial<Record<TraitName, string>> = {
  'asks-a-question': 'End with a question readers can answer',
  'short-title': 'Use a shorter title',
  'code-block': 'Show a concrete snippet (code or a command)',
  'cites-numbers': 'Give concrete figures',
  'names-a-tool': 'Name the tool or model you used',
  'first-person-story': 'Tell it as your own experience',
  'list-structure': 'Lay the points out as a list',
};

/** What a trait is, in the words of a held-out finding. */
const TRAIT_WORDS: Partial<Record<TraitName, string>> = {
  'asks-a-question': 'ask the reader a question',
  'short-title': 'have a short title (6 words or fewer)',
};

/**
 * Suggestions that point to a post to read, asking an introduction for no change (anyone else is asked
 * to credit the post or say where theirs differs: a change, so the verdict is refine).
 */
const READING_ONLY: ReadonlySet<string> = new Set(['closest-post', 'most-replied']);

/** Traits the offline rewrite can add from the draft's own words. */
const EDITABLE: readonly TraitName[] = ['short-title', 'asks-a-question'];

/** An effect that held on held-out posts, with its sign; null when it did not hold. */
function heldEffect(effects: Readonly<Record<string, TraitEffect>>, trait: string): TraitEffect | null {
  const e = effects[trait];
  return e?.holds && e.interval !== null && e.heldOut !== null ? e : null;
}

function heldOutWords(trait: TraitName, e: TraitEffect): string {
  const [lo, hi] = e.interval as [number, number];
  const dir = (e.heldOut as number) > 0 ? 'higher' : 'lower';
  const a = Math.min(Math.abs(lo), Math.abs(hi));
  const b = Math.max(Math.abs(lo), Math.abs(hi));
  return `on ${e.heldOutRows} held-out posts, those that ${TRAIT_WORDS[trait] ?? trait} ranked ${a}–${b} percentile points ${dir} within their hour (80% interval; an association, not a promise)`;
}

function lessonSuggestion(l: Lesson, effects: Readonly<Record<string, TraitEffect>>): AdvisorSuggestion {
  const held = heldEffect(effects, l.trait);
  const caveat = held && (held.heldOut as number) < 0 ? ` Caution: ${heldOutWords(l.trait, held)}.` : '';
  return {
    text: `${LESSON_TEXT[l.trait]}: ${l.replied.with} of ${l.replied.of} posts like yours that drew ${l.threshold}+ comments did, against ${l.quiet.with} of ${l.quiet.of} that drew fewer — for example ${quoted(l.example)} (${counted(l.example.comments, 'comment')}).${caveat}`,
    basis: {
      kind: 'similar-posts',
      name: l.trait,
      evidence: `${l.replied.of + l.quiet.of} of the posts most like the draft, read 24 h or more after posting`,
      post: ref(l.example),
    },
    gain: null,
    gainRange: held && (held.heldOut as number) > 0 ? held.interval : null,
  };
}

/** What to do for a pool lesson, by trait: add it (the posts showing it drew more) or drop it; or what the draft already does. */
const POOL_TEXT: Partial<Record<TraitName, { add: string; drop: string; did: string; keep: string }>> = {
  'mentions-humans': {
    add: 'Tell readers about your human and what you do together',
    drop: 'Keep your human in the background',
    did: 'mentioned their human',
    keep: 'tells readers about your human',
  },
  'names-a-tool': {
    add: 'Say what you run on or build with',
    drop: 'Lead with what you do, not your stack',
    did: 'named a tool or model',
    keep: 'says what you run on or build with',
  },
  'first-person-story': {
    add: 'Tell it in your own voice, as what happened to you',
    drop: 'Say less about yourself and more about the subject',
    did: 'told a first-person story',
    keep: 'tells it as what happened to you',
  },
  'cites-numbers': {
    add: 'Give a concrete figure',
    drop: 'Cut the figures',
    did: 'gave figures',
    keep: 'gives concrete figures',
  },
  'asks-a-question': {
    add: 'End by asking readers something',
    drop: 'End on your point rather than a question',
    did: 'asked readers a question',
    keep: 'asks readers something',
  },
  'short-post': {
    add: 'Keep it to a few lines',
    drop: 'Say more than a line or two: what you do, and for whom',
    did: 'were under 60 words',
    keep: 'keeps to a few lines',
  },
  'list-structure': {
    add: 'Lay the points out as a list',
    drop: 'Write it as a few sentences rather than a list',
    did: 'were laid out as lists',
    keep: 'lays its points out as a list',
  },
  'has-headings': {
    add: 'Give it section headings',
    drop: 'Drop the headings: write it as a short note',
    did: 'used headings',
    keep: 'has section headings',
  },
};

/** A lesson from the recent posts of the draft's kind, with both sides' counts and an example. */
function poolSuggestion(l: PoolLesson, kind: string): AdvisorSuggestion {
  const t = POOL_TEXT[l.trait] as { add: string; drop: string; did: string; keep: string };
  return {
    text: `${l.direction === 'add' ? t.add : t.drop}: of ${l.read} recent ${kind}, the ${l.shown.posts} that ${t.did} drew a median of ${counted(l.shown.median, 'comment')}, against ${l.other.median} for the other ${l.other.posts} (the same in both halves of the last days; an association, not a promise) — for example ${quoted(l.example)} (${counted(l.example.comments, 'comment')}).`,
    basis: {
      kind: 'pattern',
      name: l.trait,
      evidence: `${l.read} recent ${kind} (whole posts), read 24 h or more after posting`,
      post: ref(l.example),
    },
    gain: null,
    gainRange: null,
  };
}

/**
 * A finding of the recent posts of the draft's kind that the draft already follows (it shows a trait whose
 * posts drew more), told as what to keep: a writer is told what works in the draft, not only what to change.
 */
function keepSuggestion(f: PoolFinding, kind: string): AdvisorSuggestion {
  const t = POOL_TEXT[f.trait] as { did: string; keep: string };
  return {
    text: `Keep it: your draft already ${t.keep}. Of ${f.read} recent ${kind}, the ${f.shown.posts} that ${t.did} drew a median of ${counted(f.shown.median, 'comment')}, against ${f.other.median} for the other ${f.other.posts} (the same in both halves of the last days; an association, not a promise).`,
    basis: {
      kind: 'pattern',
      name: `keep-${f.trait}`,
      evidence: `${f.read} recent ${kind} (whole posts), read 24 h or more after posting`,
    },
    gain: null,
    gainRange: null,
  };
}

/** Similarity from which the closest post counts as covering the same ground as the draft. */
const SAME_GROUND = 0.15;

/** Similarity to a background stream's example titles from which a draft counts as one of them. */
const STREAM_LIKE = 0.2;

/**
 * For a draft in another script when the latest digest counted no post in another language: what the
 * recent posts not in English drew against those in English, from the similar-post corpus (a quiet hour's
 * digest is no reason to drop the advice). Null when there are fewer than three such posts or they did
 * not draw fewer comments.
 */
export function languageSuggestion(
  contrast: ReturnType<EvidenceIndex['scriptContrast']>,
): AdvisorSuggestion | null {
  const { other, rest } = contrast;
  if (other.posts < 3 || other.medianComments === null || rest.medianComments === null) return null;
  if (other.medianComments >= rest.medianComments) return null;
  return {
    text: `Recent posts not in English drew a median of ${counted(other.medianComments, 'comment')} (${other.posts} posts), against ${rest.medianComments} for posts in English (${rest.posts}): most readers write English, so an English title, or a line of English on top, opens it to them.`,
    basis: {
      kind: 'background',
      name: 'other-languages',
      evidence: `the ${other.posts + rest.posts} recent posts of the similar-post corpus, by script`,
    },
    gain: null,
    gainRange: null,
  };
}

/**
 * When the draft is of a background stream of the hour (written in another script, or like the
 * hour's introductions), the digest files such posts as background, not news: say so with the
 * stream's counts and its best-engaged example. Null otherwise.
 */
function backgroundSuggestion(
  draft: Draft,
  ctx: AdvisorContext,
  index: EvidenceIndex,
): AdvisorSuggestion | null {
  const q = index.vectorOf(draft.title, draft.content);
  const text = `${draft.title} ${draft.content.slice(0, 300)}`;
  const intro =
    genreOf(draft) === 'introduction' ||
    ctx.background.some(
      (b) =>
        b.stream === 'introductions' &&
        b.examples.some((e) => EvidenceIndex.cosine(q, index.vectorOf(e.title, '')) >= STREAM_LIKE),
    );
  // An introduction that already says what its writer will post about is not told to.
  const stream = ctx.background.find((b) =>
    b.stream === 'other-languages'
      ? otherLanguage(text)
      : b.stream === 'introductions' && intro && !saysWhatItWillPost(draft),
  );
  if (!stream) return null;
  // The stream's example is cited only when it is written in the draft's own script: a Chinese post is
  // no example for a Russian draft.
  const script = scriptOf(text);
  const example =
    stream.stream === 'introductions'
      ? stream.examples[0]
      : stream.examples.find((e) => scriptOf(e.title) === script);
  const of = ctx.totalPosts === null ? '' : ` of ${ctx.totalPosts}`;
  const were = stream.posts === 1 ? 'was' : 'were';
  const what =
    stream.stream === 'introductions'
      ? `${stream.posts}${of} posts ${were} introductions`
      : `${stream.posts}${of} posts ${were} not in English`;
  const best = example
    ? ` (${stream.posts === 1 ? '' : 'the best-engaged, '}"${example.title}", drew ${counted(example.comments, 'comment')})`
    : '';
  const advice =
    stream.stream === 'introductions'
      ? 'The digest tells them in one line, not among its stories: name what you will post about, so there is something to answer.'
      : 'The digest tells them in one line, not among its stories, and most readers write English: an English title, or a line of English on top, opens it to them.';
  const hour = `${ctx.hourStart?.slice(0, 13).replace('T', ' ') ?? 'the latest'}:00 UTC`;
  return {
    text: `In the latest digest's hour, ${what}${best}. ${advice}`,
    basis: {
      kind: 'background',
      name: stream.stream,
      evidence: `the ${stream.stream === 'introductions' ? 'introductions' : 'posts not in English'} counted by the digest of ${hour}`,
      ...(example
        ? {
            post: {
              title: example.title,
              url: example.url,
              upvotes: Math.max(0, example.score),
              comments: example.comments,
            },
          }
        : {}),
    },
    gain: null,
    gainRange: null,
  };
}

/**
 * When the newest digest's hour saw comments stall while votes kept coming (the comment API failing):
 * whatever the draft says, posted now it may draw few replies. Null otherwise.
 */
/** Posts of the last days a theme needs before its outcome says anything. */
const THEME_MIN_POSTS = 10;
/** A theme whose posts' median comments are at most this share of a typical post's is crowded ground. */
const CROWDED_SHARE = 0.6;

/** A standing theme the draft's title takes up, and how the recent posts on it fared. */
interface ThemeGround {
  readonly theme: string;
  readonly posts: number;
  readonly medianComments: number;
  readonly best: EvidencePost;
}

/** The standing theme the draft's title names, with its recent posts' outcome when 10+ took it up; else null. */
function themeGround(draft: Draft, index: EvidenceIndex, now: Date): ThemeGround | null {
  const theme = themeOfTitle(draft.title);
  const stats = theme === null ? null : index.themeStats(theme, now);
  return theme === null || stats === null || stats.posts < THEME_MIN_POSTS ? null : { theme, ...stats };
}

/**
 * When the draft's title takes up a standing theme (`core/themes.ts`) whose recent posts drew well under
 * a typical post's comments, say so with the numbers and the theme's most-replied post: crowded ground
 * asks for an angle of its own. Null otherwise. Pure.
 */
function themeSuggestion(
  theme: ThemeGround | null,
  index: EvidenceIndex,
  urlBase: string | null,
): AdvisorSuggestion | null {
  const typical = index.medianComments;
  if (theme === null || typical === null || typical === 0) return null;
  if (theme.medianComments > CROWDED_SHARE * typical) return null;
  const { theme: name, ...stats } = theme;
  const best = shown({ post: stats.best, similarity: 0 }, urlBase);
  return {
    text: `Crowded ground: ${counted(stats.posts, 'post')} of the last days took up ${name} in their titles and drew a median of ${counted(stats.medianComments, 'comment')}, against ${typical} for a typical post. Say in your title what yours adds that they did not; the most replied of them, ${quoted(best)}, drew ${outcome(best)}.`,
    basis: {
      kind: 'topic',
      name,
      evidence: `${counted(stats.posts, 'post')} of the last days on ${name}, median ${counted(stats.medianComments, 'comment')}`,
      post: ref(best),
    },
    gain: null,
    gainRange: null,
  };
}

/**
 * For a draft on a standing theme with nothing else to act on: the theme's most replied post of the last
 * days, to read first and answer, so the draft opens with what it adds. Null without such a theme. Pure.
 */
function themePrecedent(theme: ThemeGround | null, urlBase: string | null): AdvisorSuggestion | null {
  if (theme === null || theme.best.comments === 0) return null;
  const { theme: name, ...stats } = theme;
  const best = shown({ post: stats.best, similarity: 0 }, urlBase);
  return {
    text: `Its title takes up ${name}: ${counted(stats.posts, 'post')} of the last days did, with a median of ${counted(stats.medianComments, 'comment')}. The most replied of them, ${quoted(best)}, drew ${outcome(best)}: read it first and say in your opening what yours adds to it.`,
    basis: {
      kind: 'topic',
      name,
      evidence: `the most replied of ${counted(stats.posts, 'post')} of the last days on ${name}`,
      post: ref(best),
    },
    gain: null,
    gainRange: null,
  };
}

/**
 * When nothing else is said: the nearest post, a loose match, when it drew more than a typical post,
 * told as a check ("if it is on your ground, answer it by name") with its exceptional numbers marked
 * (a writer judging answers found "post" with nothing to act on beside a related 1,644-comment post
 * listed as the nearest). Null when no post drew more than a typical one. Pure.
 */
function loosePrecedent(x: SpecificInput): AdvisorSuggestion | null {
  const top = x.hits[0];
  const typical = x.index.medianComments;
  if (top === undefined || typical === null || top.post.comments <= Math.max(REPLIED, typical)) return null;
  const p = shown(top, x.urlBase);
  const exceptional =
    p.comments >= EXCEPTIONAL * Math.max(1, typical)
      ? `; that thread was exceptional (a typical recent post drew ${typical}), so do not expect its numbers`
      : `, where a typical recent post drew ${typical}`;
  return {
    text: `The nearest recent post, only a loose match (similarity ${p.similarity.toFixed(2)}), is ${quoted(p)}: it drew ${outcome(p)}${exceptional}. If it is on your ground, answer it by name in your opening and say where yours differs; if not, nothing recent is close enough to learn from.`,
    basis: {
      kind: 'similar-posts',
      name: 'nearest-post',
      evidence: `the nearest post of the last days by content (similarity ${p.similarity.toFixed(2)}, a loose match)`,
      post: ref(p),
    },
    gain: null,
    gainRange: null,
  };
}

function stalledSuggestion(ctx: AdvisorContext): AdvisorSuggestion | null {
  if (ctx.stalled === null) return null;
  const hour = `${ctx.hourStart?.slice(0, 13).replace('T', ' ') ?? 'the latest'}:00 UTC`;
  return {
    text: `Timing: in the latest digest's hour (${hour}), ${ctx.stalled.replace(/\.$/, '')}. Posted now, this may draw few replies until comments flow again; if replies are what you want, post once they do.`,
    basis: {
      kind: 'timing',
      name: 'comments-stalled',
      evidence: `the engagement note of the digest of ${hour}`,
    },
    gain: null,
    gainRange: null,
  };
}

/** Says what its writer will post about or explore: a list, or "What I'm exploring", "I'll share…". */
const PLANS =
  /\bwhat i(?:['’]m| am) (?:exploring|working on|building|into|doing|here for)|\bwhat i do\b|\bi(?:['’]ll| will) (?:post|write|share|be posting|be sharing)|\b(?:here|came here) to (?:learn|share|discuss|talk|build|explore|connect|meet)|\binterested in\b|\bi(?:['’]m| am) (?:exploring|working on|building)\b|\bmy (?:focus|interests|mission)\b|\barrive with a mission\b|обсудить|分享/i;

/** True when a draft already says what its writer will post about. Pure. */
export function saysWhatItWillPost(draft: Draft): boolean {
  return PLANS.test(draft.content) || traitsOf(draft).has('list-structure');
}

function storySuggestion(j: JoinableStory): AdvisorSuggestion {
  const s = j.story;
  return {
    text: `Your post fits "${s.label}", ${s.newsKind ? `a ${s.newsKind} story` : 'a story'} of the hour (${counted(s.posts, 'post')}, ${counted(Math.round(s.commentsPerPost), 'comment')} a post): read its lead post "${s.lead.title}" ${s.lead.url} and say how yours answers or differs from it.`,
    basis: {
      kind: 'story',
      name: s.label,
      evidence: `a news story of the digest of ${s.hourStart.slice(0, 13).replace('T', ' ')}:00 UTC; the draft's words match it at ${j.similarity.toFixed(2)}`,
      post: {
        title: s.lead.title,
        url: s.lead.url,
        upvotes: Math.max(0, s.lead.score),
        comments: s.lead.comments,
      },
    },
    gain: null,
    gainRange: null,
  };
}

/** The rewrite: the first language-model rewrite that passes the checks, else the offline edits. */
function chooseRewrite(
  draft: Draft,
  edits: readonly Edit[],
  extra: readonly ExtraRewrite[],
): { draft: Draft; source: 'none' | 'offline' | 'llm'; edits: readonly Edit[]; by: string | null } {
  for (const r of extra) {
    const cleaned = { ...r.draft, title: stripLabel(r.draft.title) };
    if (rewriteProblems(draft, cleaned).length === 0)
      return { draft: cleaned, source: 'llm', edits: [], by: r.by };
  }
  if (edits.length === 0) return { draft, source: 'none', edits: [], by: null };
  const combined = combineEdits(draft, edits);
  return rewriteProblems(draft, combined).length === 0
    ? { draft: combined, source: 'offline', edits, by: null }
    : { draft, source: 'none', edits: [], by: null };
}

/**
 * The advice for one draft, grounded in real posts: the posts of the last days most like it with their
 * outcomes and links, the hour's news stories it could join, and what the similar posts that drew
 * replies did that it does not, each suggestion citing its post. The rewrite is written from the
 * draft's own words (or by a language model, checked the same way) and never re-graded by the model;
 * a gain is shown only as the held-out range of a trait whose effect held. The score comes from the
 * scorer that ranked later posts best (the model, post length or the author prior), with the
 * confidence its rolling-origin figures support. The draft is data, never instructions. Pure.
 */
export function advise(input: AdviceInput): AdvisorResponse {
  const { model, context, request, now } = input;
  const art = model.artifact;
  const where = {
    submolt: request.context?.submolt?.toLowerCase() ?? null,
    author: request.author ?? null,
    at: now,
  };
  const draft = splitDraft(request.prompt);
  const base = scoreDraft(model, context, draft, where);
  const served = servedBy(art);
  const scored =
    served === 'model'
      ? base.percentile
      : percentileIn(art.servedReference as number[], baselineValue(art, served, draft, where.author));
  const skill = modelSkill(art);
  const weak = skill.confidence === 'low';
  // A weak scorer whose skill was measured is pulled toward the middle by its within-hour ρ (regression
  // to the mean): with ρ near 0 every draft reads "Medium", not a confident "High" it cannot back.
  const shrink = weak && skill.measuredBy === 'rolling-origin' && skill.hourSpearman !== null;
  const percentile = shrink
    ? 50 + Math.max(0, Math.min(1, skill.hourSpearman as number)) * (scored - 50)
    : scored;
  const viralScore = Math.round(percentile);
  const counts: { upvotes: PredictedCount; comments: PredictedCount } =
    served === 'model' && !shrink
      ? predictedCounts(art, base.prediction)
      : countsAtPercentile(art, percentile);

  const index = input.evidence ?? EMPTY_EVIDENCE;
  const evidence = gatherEvidence(index, draft, now, context.postUrlBase, where.author);
  const foreign = otherLanguage(`${draft.title} ${draft.content.slice(0, 300)}`);
  const script = foreign ? index.scriptContrast() : null;
  const isIntro = genreOf(draft) === 'introduction';
  // An introduction in English is read against those in English, which draw more than the rest; one in
  // another language against them all (its own language's are few, and its script is read below).
  const intro = isIntro ? index.genreStats('introduction', now, foreign ? undefined : false) : null;
  // A guess of no shown skill cannot rule out a post that draws nothing: its ranges start at 0.
  if (weak) {
    counts.upvotes = { ...counts.upvotes, low: 0 };
    counts.comments = { ...counts.comments, low: 0 };
  }
  // A weak scorer's comment guess gives way to what the evidence shows: the median of the recent posts
  // in other languages for one, else of the recent introductions, else of 5+ posts like the draft.
  const theme = themeGround(draft, index, now);
  const grounded = shrink ? groundedComments(evidence, script, intro, theme) : null;
  if (grounded !== null)
    counts.comments = {
      expected: grounded.median,
      low: Math.min(counts.comments.low, grounded.median),
      high: Math.max(counts.comments.high, grounded.median),
    };
  const spread = weak ? kindSpread(index, genreOf(draft), foreign, now) : null;
  const joinable = joinableStories(draft, context.stories, index).slice(0, 3);
  const draftVector = index.vectorOf(draft.title, draft.content);
  const findings = evidence.lessons.length > 0 ? [] : kindFindings(index, isIntro, foreign, now);
  const own = ownTraits(draft);
  const pool = followLessons(findings, own, context.postUrlBase, (p) =>
    EvidenceIndex.cosine(draftVector, index.vectorOf(p.title, p.content)),
  );
  // What the draft already does that the posts of its kind that drew more did: the first such finding.
  const kept = findings.find((f) => f.direction === 'add' && own.has(f.trait)) ?? null;
  const effects = art.traitEffects ?? {};
  const lessonTraits = new Set(evidence.lessons.map((l) => l.trait));
  const wanted = new Set(
    EDITABLE.filter((t) => {
      const held = heldEffect(effects, t);
      if (held && (held.heldOut as number) < 0) return false;
      return lessonTraits.has(t) || held !== null;
    }),
  );
  const avoid = new Set(EDITABLE.filter((t) => (heldEffect(effects, t)?.heldOut ?? 0) < 0));
  const spec: SpecificInput = {
    draft,
    author: where.author,
    index,
    hits: evidence.hits,
    urlBase: context.postUrlBase,
    avoid,
    now,
  };
  const edits = offlineEdits(draft, wanted, closingFor(spec)).filter(
    (e) => rewriteProblems(draft, e.draft).length === 0,
  );
  let rewrite = chooseRewrite(draft, edits, input.extraRewrites ?? []);

  const twin = twinSuggestion(spec);
  const closest = twin === null ? closestSuggestion(spec, SAME_GROUND) : null;
  const background =
    backgroundSuggestion(draft, context, index) ?? (script ? languageSuggestion(script) : null);
  const stalled = stalledSuggestion(context);
  const crowded = themeSuggestion(theme, index, context.postUrlBase);
  const suggestions: AdvisorSuggestion[] = [
    ...(stalled ? [stalled] : []),
    ...(background ? [background] : []),
    ...(crowded ? [crowded] : []),
    ...(twin ? [twin] : []),
    ...(closest ? [closest] : []),
    ...evidence.lessons.map((l) => lessonSuggestion(l, effects)),
    // Too few posts like the draft to read a lesson from: what the recent posts of its kind that drew
    // replies did (an introduction that says who its human is…), when the draft does not.
    ...(evidence.lessons.length > 0
      ? []
      : pool.map((l) => poolSuggestion(l, isIntro ? 'introductions' : 'posts'))),
    ...joinable.map(storySuggestion),
  ];
  for (const t of EDITABLE) {
    const held = heldEffect(effects, t);
    if (lessonTraits.has(t) || !held || (held.heldOut as number) <= 0 || !wanted.has(t)) continue;
    if (!edits.some((e) => e.trait === t)) continue;
    suggestions.push({
      text: `${(edits.find((e) => e.trait === t) as Edit).text} (${heldOutWords(t, held)}.)`,
      basis: { kind: 'held-out', name: t, evidence: heldOutWords(t, held) },
      gain: null,
      gainRange: held.interval,
    });
  }
  // Draft-specific suggestions on the draft's own words, each citing a real post, when the lessons
  // and held-out findings above did not already ask for the same; the last resort keeps one always.
  const asked = new Set(suggestions.map((x) => x.basis.name));
  const question = asked.has('asks-a-question') ? null : questionSuggestion(spec);
  const title = asked.has('short-title') ? null : titleSuggestion(spec);
  // When nothing above cites a post listed as like the draft, the most-replied of them comes first,
  // unless the question suggestion cites that very post.
  const listed = new Set(evidence.similar.map((p) => p.title));
  // An introduction told what its kind does gets no bare "X drew the most replies": a report, not a move.
  const best =
    suggestions.some((x) => x.basis.post !== undefined && listed.has(x.basis.post.title)) ||
    (isIntro && pool.length > 0)
      ? null
      : mostRepliedSuggestion(spec);
  if (best && best.basis.post?.title !== question?.basis.post?.title) suggestions.push(best);
  if (question) suggestions.push(question);
  if (title) suggestions.push(title);
  // Nothing else to say on a draft whose title takes up a standing theme: its most replied recent post
  // is the one to answer, so the draft opens with what it adds (a writer's judge: an empty "post" helps no
  // one); else the nearest post, a loose match that drew more than a typical post, as a check.
  const precedent =
    suggestions.length === 0 ? (themePrecedent(theme, context.postUrlBase) ?? loosePrecedent(spec)) : null;
  if (precedent) suggestions.push(precedent);
  // What the draft already does that worked for its kind, to keep (no change: the verdict stays).
  if (kept) suggestions.push(keepSuggestion(kept, isIntro ? 'introductions' : 'posts'));
  // With no other edit, the question suggestion is written into the draft: its own claim, put to readers.
  const closing = rewrite.source === 'none' && question !== null ? closingFor(spec) : null;
  if (closing !== null) {
    const closed = chooseRewrite(draft, [closingEdit(draft, closing)], []);
    if (closed.source !== 'none') rewrite = closed;
  }
  // A repeat of the writer's own earlier post opens by pointing back to it, on top of any other edit.
  const earlier = twin?.basis.name === 'own-earlier-post' ? twin.basis.post?.title : undefined;
  // …and a draft on the ground of another agent's far better-answered post opens by crediting it.
  const credited =
    earlier === undefined && closest !== null && !isIntro ? (spec.hits[0]?.post ?? null) : null;
  const earlierUrl = twin?.basis.post?.url ?? null;
  const creditedUrl =
    credited !== null && context.postUrlBase !== null ? postUrl(context.postUrlBase, credited.id) : null;
  const opening =
    earlier !== undefined
      ? followUpEdit(rewrite.draft, earlier, earlierUrl)
      : credited !== null && credited.comments >= CREDIT_TIMES * Math.max(1, index.medianComments ?? 0)
        ? creditEdit(rewrite.draft, credited.title, creditedUrl)
        : null;
  const cited = [earlierUrl, creditedUrl].filter((u): u is string => u !== null);
  if (
    opening !== null &&
    rewrite.source !== 'llm' &&
    rewriteProblems(draft, opening.draft, cited).length === 0
  )
    rewrite = { draft: opening.draft, source: 'offline', edits: [...rewrite.edits, opening], by: null };
  const validated = rewrite.edits.filter((e) => {
    const held = heldEffect(effects, e.trait);
    return held !== null && (held.heldOut as number) > 0;
  });
  const gainRange =
    rewrite.source === 'offline' && validated.length === 1 && rewrite.edits.length === 1
      ? (heldEffect(effects, (validated[0] as Edit).trait)?.interval ?? null)
      : null;

  const hasContext = context.topics.length > 0 || context.narratives.length > 0 || context.stories.length > 0;
  // With a scorer of no shown skill the verdict follows the evidence, not the score: refine when a
  // grounded suggestion asks for a change (an edit, a repeat to fix, a story to join), else post — a
  // post to read first is no change to make.
  const verdict: AdvisorResponse['verdict'] = weak
    ? rewrite.source !== 'none' ||
      suggestions.some(
        (x) => !(isIntro && READING_ONLY.has(x.basis.name)) && !x.basis.name.startsWith('keep-'),
      )
      ? 'refine'
      : 'post'
    : viralScore >= 60 && rewrite.source === 'none'
      ? 'post'
      : hasContext && viralScore < 40 && joinable.length === 0 && evidence.similar.length === 0
        ? 'redirect'
        : 'refine';
  const factors = factorsOf(model, base, {
    hour: now.getUTCHours(),
    submolt: where.submolt,
    author: where.author,
  }).map((f, i) =>
    weak
      ? {
          ...f,
          explanation: `${GROUP_WORDS[f.group]}: not read as an effect, since the prediction is a ${GUESS[skill.served]} guess of little skill.`,
        }
      : skill.served === 'model' || i > 0
        ? f
        : {
            ...f,
            explanation: `${f.explanation} (These factors are the engagement model's reading; the score comes from ${SCORER_WORDS[skill.served]}.)`,
          },
  );
  const story = joinable[0]?.story ?? null;

  return AdvisorResponse.parse({
    viralScore,
    predictedEngagement: { upvotes: counts.upvotes, comments: counts.comments },
    predictedReach: reachOf(viralScore),
    verdict,
    factors,
    suggestions,
    suggestedTitle: rewrite.draft.title,
    suggestedContent: rewrite.draft.content,
    rewrite: {
      source: rewrite.source,
      scoreBefore: viralScore,
      scoreAfter: viralScore,
      gainRange,
      note: rewriteNote(rewrite, evidence, wanted, question !== null && looksCut(draft.content), pool.length),
    },
    similarPosts: evidence.similar,
    joinableStories: joinable.map((j) => ({ ...storyOf(j.story), similarity: j.similarity })),
    reasoning: reasoningOf({
      art,
      viralScore,
      up: counts.upvotes,
      com: counts.comments,
      verdict,
      context,
      skill,
      story,
      similar: evidence.similar,
      comments: evidence.comments,
      typical: index.medianComments,
      searched: index.size,
      foreign,
      twin: evidence.similar[0] !== undefined && isNearTwin(draft.title, evidence.similar[0]),
      script,
      intro,
      theme,
      groundedOf: grounded?.of ?? null,
      spread,
      citesUnlisted: suggestions.some(
        (x) =>
          x.basis.kind === 'similar-posts' && x.basis.post !== undefined && !listed.has(x.basis.post.title),
      ),
    }),
    story: story === null ? null : storyOf(story),
    skill,
    weakPrediction: skill.confidence === 'low',
    modelVersion: art.version,
    digestId: context.digestId,
  });
}

/** Counts read at a served baseline's percentile: the recent levels there, with the 10th–90th percentile spread of a scorer of no known skill. */
/** The median comments the evidence shows for a draft, with whose they are; null when it shows none. */
/**
 * What the recent posts of the draft's kind did (introductions, or the rest; in another script or
 * not), read once per index and hour: the posts before the hour's start, so every draft of an hour
 * gets the same findings and the edge reads the pool once, not per request.
 */
function kindFindings(
  index: EvidenceIndex,
  intro: boolean,
  foreign: boolean,
  now: Date,
): readonly PoolFinding[] {
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  return index.memo(`kind-findings|${intro}|${foreign}|${hour.toISOString()}`, () =>
    poolFindings(index.postsOf(intro ? 'introduction' : null, hour, foreign)),
  );
}

/** How each kind of draft's pool is named in an answer. */
const SPREAD_OF: Record<Genre | 'other', string> = {
  introduction: 'introductions',
  question: 'questions to the forum',
  'build-log': 'build logs',
  other: 'posts other than introductions',
};

/**
 * How the recent posts of the draft's kind spread in comments (quartiles, the share with none): its
 * genre's posts in English, or every recent post in another script for a draft in one; all recent
 * posts other than introductions when the genre has too few. Read once per index and hour.
 */
function kindSpread(
  index: EvidenceIndex,
  genre: Genre | null,
  foreign: boolean,
  now: Date,
): CommentSpread | null {
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  return index.memo(`kind-spread|${genre}|${foreign}|${hour.toISOString()}`, () => {
    const comments = (posts: readonly { comments: number }[]) => posts.map((p) => p.comments);
    if (foreign)
      return commentSpread(
        comments([...index.postsOf('introduction', hour, true), ...index.postsOf(null, hour, true)]),
        'posts not in English',
      );
    const own =
      genre === null ? null : commentSpread(comments(index.postsOf(genre, hour, false)), SPREAD_OF[genre]);
    return own ?? commentSpread(comments(index.postsOf(null, hour, false)), SPREAD_OF.other);
  });
}

/** Someone the draft says it works for, by name ("helping Zening", "built by Ada"): its human, named. */
const NAMED_HUMAN =
  /\b(?:help(?:ing|s)?|assist(?:ing|s)?|work(?:ing|s)? (?:with|for)|built by|made by|created by|belong(?:s|ing)? to)\s+@?[A-Z][\w-]+/;

/** The draft's traits, counting a human it names as a mention of its human. */
function ownTraits(draft: Draft): Set<TraitName> {
  const own = traitsOf(draft);
  if (NAMED_HUMAN.test(`${draft.title}\n${draft.content}`)) own.add('mentions-humans');
  return own;
}

function groundedComments(
  evidence: ReturnType<typeof gatherEvidence>,
  script: ReturnType<EvidenceIndex['scriptContrast']> | null,
  intro: ReturnType<EvidenceIndex['genreStats']>,
  theme: ThemeGround | null,
): { median: number; of: string } | null {
  // The most telling fitting sample first: a language's (posts in another script fare alike, whatever
  // their genre), then a genre's, over a few weak neighbours'.
  if (script !== null && script.other.medianComments !== null)
    return { median: script.other.medianComments, of: 'recent posts not in English' };
  if (intro !== null) return { median: intro.medianComments, of: 'recent introductions in its language' };
  if (evidence.comments !== null && evidence.similar.length >= 5)
    return { median: evidence.comments.median, of: 'the posts like it' };
  if (theme !== null) return { median: theme.medianComments, of: `recent posts on ${theme.theme}` };
  return null;
}

function countsAtPercentile(art: CompiledModel['artifact'], percentile: number) {
  const z = probit(Math.min(0.995, Math.max(0.005, percentile / 100)));
  const spread = { q10: probit(0.1), q90: probit(0.9) };
  return {
    upvotes: countFromScore(art.levels.upvotes, z, spread),
    comments: countFromScore(art.levels.comments, z, spread),
  };
}

/** Times a typical post's comments from which the closest post is one to credit in the rewrite. */
const CREDIT_TIMES = 3;

/** Edits that add a line naming a post (the writer's own earlier one, or one to credit), not the draft's words. */
const CITING_EDITS: ReadonlySet<string> = new Set(['follow-up', 'credit']);

const EDIT_WORDS: Record<string, string> = {
  'follow-up': 'opened by pointing back to your earlier post on the same ground',
  credit: 'opened by crediting the better-answered post it builds on',
  'short-title': 'cut the title at its first phrase',
  'asks-a-question': "ended on a question for readers, from the draft's own words",
};

function rewriteNote(
  r: ReturnType<typeof chooseRewrite>,
  e: ReturnType<typeof gatherEvidence>,
  wanted: ReadonlySet<TraitName>,
  cutShort: boolean,
  poolLessonCount = 0,
): string {
  if (r.source === 'none' && cutShort)
    return 'No rewrite: the draft looks cut short, so nothing is appended to it; the closing question in the suggestions is yours to place.';
  if (r.source === 'llm')
    return `Rewritten by ${r.by} from the same evidence; checked to keep the draft's words and meaning, add no links or boilerplate.`;
  if (r.source === 'offline')
    // A credit or a follow-up line names a post's title; every other edit uses the draft's own words.
    return `Edited${r.edits.every((x) => CITING_EDITS.has(x.trait)) ? '' : " from the draft's own words"}: ${r.edits.map((x) => EDIT_WORDS[x.trait] ?? x.trait).join('; ')}. Nothing else was changed.`;
  if (poolLessonCount > 0)
    return 'No edit is suggested: what the recent posts of its kind that drew replies did needs your own material (see the suggestions).';
  if (e.looked === 0)
    return 'No edit is suggested: no recent post is like this draft, so there is no evidence for one.';
  if (wanted.size > 0)
    return 'No edit is suggested: the evidence points to changes that cannot be made from the draft’s own words (see the suggestions).';
  if (e.lessons.length > 0)
    return 'No edit is suggested: what the similar posts with replies did needs your own material (see the suggestions).';
  return e.contrast
    ? 'No edit is suggested: the posts like this one that drew replies did nothing this draft does not already do.'
    : `No edit is suggested: too few posts like this one to tell what drew replies (${counted(e.looked, 'similar post')}).`;
}

/** The draft as one prompt string (for clients that want the rewrite as a single text). */
export { joinDraft };

/** The joined story as the answer shows it. */
function storyOf(story: StoryInput): AdvisorStory {
  const { terms: _terms, news: _news, titles: _titles, ...shown } = story;
  return shown;
}

/** True when every post listed as like a draft (the first three) is only a loose match. */
function onlyLoose(similar: readonly ShownPost[]): boolean {
  return similar.slice(0, 3).every((p) => p.similarity < LOOSE_MATCH);
}

/**
 * The posts most like a draft, three at most, with their outcomes: "Posts most like yours in the last
 * days: …"; a post sharing only a few words (similarity under `LOOSE_MATCH`) is told as a loose match, and
 * when all are, they are the nearest posts, not posts like the draft. Pure.
 */
export function nearestPosts(similar: readonly ShownPost[]): string {
  const loose = (p: ShownPost): boolean => p.similarity < LOOSE_MATCH;
  const shownPosts = similar.slice(0, 3);
  const allLoose = onlyLoose(similar);
  const heading = allLoose
    ? similar.length === 1
      ? `The nearest post of the last days, only a loose match (similarity ${shownPosts[0]?.similarity.toFixed(2)})`
      : 'The nearest posts of the last days, only loose matches'
    : similar.length === 1
      ? 'The one post like yours in the last days'
      : 'Posts most like yours in the last days';
  return `${heading}: ${shownPosts
    .map((p) => `"${p.title}" (${outcome(p)}${!allLoose && loose(p) ? ', a loose match' : ''})`)
    .join('; ')}`;
}

/** A count with its noun in the right number (kept here for older importers). */
export { counted };

function reasoningOf(x: {
  art: CompiledModel['artifact'];
  viralScore: number;
  up: { expected: number; low: number; high: number };
  com: { expected: number; low: number; high: number };
  verdict: AdvisorResponse['verdict'];
  context: AdvisorContext;
  skill: ModelSkill;
  story: StoryInput | null;
  similar: readonly ShownPost[];
  comments: { median: number; max: number } | null;
  typical: number | null;
  /** Posts searched for similar ones. */
  searched: number;
  /** The draft is written mostly in another script. */
  foreign: boolean;
  /** The closest post is almost the same post. */
  twin: boolean;
  /** How posts in other scripts fared against the rest, for a draft in another language. */
  script: ReturnType<EvidenceIndex['scriptContrast']> | null;
  /** For an introduction: how the recent introductions fared. */
  intro: ReturnType<EvidenceIndex['genreStats']>;
  /** The standing theme the draft's title takes up and how its recent posts fared, when 10+ did. */
  theme: ThemeGround | null;
  /** A suggestion cites a post not listed as like the draft (on related ground, or of its genre). */
  citesUnlisted: boolean;
  /** The posts whose median comments stand for a weak guess ("the posts like it"), or null. */
  groundedOf: string | null;
  /** How the recent posts of the draft's kind spread in comments, zero included (weak guesses only). */
  spread: CommentSpread | null;
}): string {
  const weak = x.skill.confidence === 'low';
  const first = x.similar[0];
  const evidence =
    x.similar.length > 0
      ? `${x.twin && first ? `An almost identical post, "${first.title}", drew ${outcome(first)}. ` : ''}${nearestPosts(x.similar)}${x.comments && x.similar.length >= 3 ? `; ${onlyLoose(x.similar) ? 'they' : 'the posts like it'} drew a median of ${counted(x.comments.median, 'comment')}${x.typical === null || weak ? '' : ` (a typical recent post drew ${x.typical})`}` : ''}.`
      : x.foreign
        ? `No recent post in its language is like it (${x.searched} posts searched)${x.script && x.script.other.medianComments !== null && x.script.rest.medianComments !== null ? `; non-English posts: ${x.script.other.posts} in recent days, median ${counted(x.script.other.medianComments, 'comment')}, against ${x.script.rest.medianComments} for posts in English` : ''}.`
        : x.citesUnlisted
          ? `No post of the last days is close enough to list as like yours (${x.searched} searched); the suggestion below cites the nearest that asked its readers a question.`
          : `No close posts in the last days (${x.searched} searched), so no post on the same ground gives an outcome to compare with.`;
  const intro = x.intro
    ? `It reads as ${GENRE_WORDS.introduction.one}: the ${counted(x.intro.posts, 'introduction')}${x.foreign ? '' : ' in English'} of the last days drew a median of ${counted(x.intro.medianComments, 'comment')}${x.typical === null || weak ? '' : ` (a typical recent post drew ${x.typical})`}; the most replied, "${x.intro.best.title}", drew ${counted(x.intro.best.comments, 'comment')}.`
    : '';
  const themed =
    x.theme && !x.intro
      ? `Its title takes up ${x.theme.theme}: the ${counted(x.theme.posts, 'post')} of the last days on it drew a median of ${counted(x.theme.medianComments, 'comment')}${x.typical === null ? '' : ` (a typical post ${x.typical})`}.`
      : '';
  const by = x.skill.served === 'model' ? 'the engagement model' : SCORER_WORDS[x.skill.served];
  const numbers = weak
    ? x.groundedOf !== null
      ? `Rough guess (little skill): about ${counted(x.com.expected, 'comment')}, the median of ${x.groundedOf}${x.typical === null ? '' : `; a typical post draws ${x.typical}`}.`
      : `${GUESS[x.skill.served].replace(/^r/, 'R')} guess (little skill): about ${counted(x.com.expected, 'comment')}${x.typical === null ? '' : `; a typical post draws ${x.typical}`}.`
    : `${by[0]?.toUpperCase()}${by.slice(1)} predicts about ${counted(x.up.expected, 'upvote')} (80% range ${x.up.low}–${x.up.high}) and ${counted(x.com.expected, 'comment')} (${x.com.low}–${x.com.high}) after 24 hours, above ${x.viralScore}% of the posts of the last 24 hours.`;
  const story = x.story
    ? `It fits the news story "${x.story.label}" (${counted(x.story.posts, 'post')}); its lead post "${x.story.lead.title}" has ${counted(x.story.lead.score, 'point')} and ${counted(x.story.lead.comments, 'comment')}.`
    : '';
  const spread = x.spread ? spreadSentence(x.spread) : '';
  const parts = [
    ...(weak
      ? [intro, evidence, themed, story, numbers, spread]
      : [numbers, intro, evidence, themed, story, skillBrief(x.skill)]),
    x.verdict === 'redirect'
      ? 'Nothing recent is like this draft and it joins no story of the hour: consider an angle on one of them.'
      : x.verdict === 'post' && weak
        ? 'The verdict "post" means no evidence here argues for an edit, not that the draft will do well: the guess above has little skill.'
        : '',
    x.context.digestId === null ? 'No digest was available, so nothing about the current hour was used.' : '',
    weak
      ? ''
      : `Model ${x.art.version}, trained on ${x.art.rows.train} ${x.art.source === 'simulator' ? 'simulated' : 'forum'} posts.`,
  ];
  return parts.filter((p) => p !== '').join(' ');
}
