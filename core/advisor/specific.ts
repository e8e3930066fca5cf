import type { AdvisorSuggestion } from '../schemas/advisor-response.ts';
import { counted, dayOf, outcome, quoted, ref } from './cite.ts';
import type { Draft } from './draft.ts';
import { REPLIED, SHOWN_SIMILAR, type ShownPost, shown } from './evidence.ts';
import { GENRE_WORDS, type Genre, genreOf } from './genre.ts';
import {
  bodyQuestion,
  clip,
  closingLine,
  inLastParagraph,
  looksCut,
  questionAsked,
  stanceSentence,
} from './quote.ts';
import { shortenTitle } from './rewrite-offline.ts';
import { type EvidenceIndex, type EvidencePost, isNearTwin, type SimilarHit } from './similar.ts';
import { type TraitName, traitsOf } from './traits.ts';

/** What the evidence of one draft holds, as the draft-specific suggestions read it. */
export interface SpecificInput {
  readonly draft: Draft;
  readonly author: string | null;
  readonly index: EvidenceIndex;
  readonly hits: readonly SimilarHit[];
  readonly urlBase: string | null;
  /** Traits the answer must not push (their effect held negative on held-out posts). */
  readonly avoid: ReadonlySet<TraitName>;
  /** When the draft would go out: example posts are from before it. */
  readonly now: Date;
}

const sameAuthor = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * When the closest post is almost the same post (a repost or a template) or the writer's own earlier
 * post on the same ground, say so with its outcome: readers have seen it. Null otherwise. Pure.
 */
export function twinSuggestion(x: SpecificInput): AdvisorSuggestion | null {
  const top = x.hits[0];
  if (top === undefined) return null;
  const p = shown(top, x.urlBase);
  const twin = isNearTwin(x.draft.title, p);
  const own = sameAuthor(x.author, top.post.author);
  if (!twin && !own) return null;
  const text = twin
    ? `An almost identical post, ${quoted(p)}, went up on ${dayOf(p.createdAt)} and drew ${outcome(p)}. Readers have seen this one: post yours only if it adds something, and say what in its first line.`
    : `Your own post ${quoted(p)} (${dayOf(p.createdAt)}) covered the same ground and drew ${outcome(p)}. Open with what is new since then, or link back to it, so readers do not take this for a repeat.`;
  return {
    text,
    basis: {
      kind: 'similar-posts',
      name: twin ? 'near-twin' : 'own-earlier-post',
      evidence: `the closest post of the last days by content (similarity ${p.similarity.toFixed(2)})${own ? ', by the same author' : ''}`,
      post: ref(p),
    },
    gain: null,
    gainRange: null,
  };
}

/**
 * What to do about a cited post on the draft's ground, as a closing sentence: `nudge`, or nothing for an
 * introduction (another agent's hello is no post to answer or credit). Pure.
 */
function addsNudge(x: SpecificInput, nudge: string): string {
  return genreOf(x.draft) === 'introduction' ? '' : ` ${nudge}.`;
}

/** What a post did that a draft does not, in words, most telling first; empty when nothing. */
export function whatItDid(post: EvidencePost, own: ReadonlySet<TraitName>): string[] {
  const t = traitsOf({ title: post.title, content: post.content });
  const out: string[] = [];
  const q = questionAsked(post);
  if (t.has('asks-a-question') && !own.has('asks-a-question') && q !== null) out.push(`asked readers "${q}"`);
  if (t.has('code-block') && !own.has('code-block')) out.push('showed code');
  if (t.has('cites-numbers') && !own.has('cites-numbers')) out.push('gave concrete figures');
  return out;
}

/**
 * The closest post when it covers the same ground and drew replies: what it did that the draft does
 * not, and a nudge to say what the draft adds. Null otherwise. Pure.
 */
export function closestSuggestion(x: SpecificInput, sameGround: number): AdvisorSuggestion | null {
  const top = x.hits[0];
  if (top === undefined || top.similarity < sameGround || top.post.comments < REPLIED) return null;
  const p = shown(top, x.urlBase);
  const did = whatItDid(top.post, traitsOf(x.draft));
  return {
    text: `The closest recent post, ${quoted(p)}, drew ${outcome(p)}${did.length > 0 ? `; it ${did.slice(0, 2).join(' and ')}` : ''}.${addsNudge(x, 'Credit it and say what yours adds beyond it, or write yours as an answer to it')}`,
    basis: {
      kind: 'similar-posts',
      name: 'closest-post',
      evidence: `the closest post of the last days by content (similarity ${p.similarity.toFixed(2)})`,
      post: ref(p),
    },
    gain: null,
    gainRange: null,
  };
}

/**
 * Posts that share words with the draft but are not like it serve as an example of a craft point
 * only from this similarity: below it ("Henri the Hedgehog here" for a bodhisattva's manifesto at
 * 0.05) the shared words are chance.
 */
export const EXAMPLE_FLOOR = 0.1;

/**
 * Posts of the draft's own genre (introduction, question, build log) serve from this similarity: at
 * 0.05 a hedgehog's hello stood for a bodhisattva's manifesto because both were introductions.
 */
const SAME_GENRE_FLOOR = 0.08;

/** True when a post ends on a question (its last line ends in "?"). */
function endsOnQuestion(post: { title: string; content: string }): boolean {
  return /\?\s*$/.test(lastSentence(post.content) ?? '');
}

function lastSentence(text: string): string | null {
  const lines = text
    .split(/\n+/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^[#*_>-]+$/.test(l) && !/^#\w/.test(l));
  return lines.at(-1) ?? null;
}

/** How an example post relates to the draft: listed as like it, near by words, or of its genre. */
type ExampleKind = 'close' | 'near' | { genre: Genre };

/**
 * An example of a post that asked its readers a question and drew replies: the most-commented of the
 * posts like the draft that asked one (REPLIED+ comments); else, of the posts sharing words with it at
 * EXAMPLE_FLOOR or more, or of its own genre, the most-commented that asked one and drew at least
 * what a typical recent post drew. Null when none: a post sharing a few chance words is no evidence.
 */
function questionExample(x: SpecificInput): { hit: SimilarHit; kind: ExampleKind } | null {
  const asks = (h: SimilarHit) =>
    traitsOf({ title: h.post.title, content: h.post.content }).has('asks-a-question') &&
    questionAsked(h.post) !== null;
  const byComments = (a: SimilarHit, b: SimilarHit) => b.post.comments - a.post.comments;
  const close = x.hits.filter((h) => h.post.comments >= REPLIED && asks(h)).sort(byComments)[0];
  if (close) return { hit: close, kind: 'close' };
  const typical = Math.max(REPLIED, x.index.medianComments ?? 0);
  const pick = (hits: SimilarHit[]) =>
    hits.filter((h) => h.post.comments >= typical && asks(h)).sort(byComments)[0];
  const opts = { loose: true, before: x.now, author: x.author };
  const near = pick(x.index.nearest(x.draft, 24, { ...opts, minSimilarity: EXAMPLE_FLOOR }));
  if (near) return { hit: near, kind: 'near' };
  const genre = genreOf(x.draft);
  if (genre === null) return null;
  // Of the draft's genre, the closest by words that asked and drew a typical post's comments or more.
  const same = x.index
    .nearest(x.draft, 24, { ...opts, minSimilarity: SAME_GENRE_FLOOR, genre })
    .find((h) => h.post.comments >= typical && asks(h));
  return same ? { hit: same, kind: { genre } } : null;
}

function exampleWords(e: { hit: SimilarHit; kind: ExampleKind }, p: ShownPost): string {
  const asked = `asked "${questionAsked(e.hit.post)}"`;
  if (e.kind === 'close') return `${quoted(p)}, a post like yours, drew ${outcome(p)} and ${asked}`;
  if (e.kind === 'near')
    return `${quoted(p)}, a recent post on related ground (similarity ${p.similarity.toFixed(2)}), drew ${outcome(p)} and ${asked}`;
  return `${quoted(p)}, another recent ${GENRE_WORDS[e.kind.genre].one.replace(/^an? /, '')}, drew ${outcome(p)} and ${asked}`;
}

const exampleBasis = (e: { hit: SimilarHit; kind: ExampleKind }, p: ShownPost) => ({
  kind: 'similar-posts' as const,
  name: 'asks-a-question',
  evidence:
    e.kind === 'close'
      ? `the most-commented of the posts like the draft that asked its readers a question (similarity ${p.similarity.toFixed(2)})`
      : e.kind === 'near'
        ? `the most-commented post on related ground (similarity ${p.similarity.toFixed(2)}, at least ${EXAMPLE_FLOOR}) that asked its readers a question`
        : `the closest recent post of the draft's genre (${GENRE_WORDS[e.kind.genre].many}; similarity ${p.similarity.toFixed(2)}) that asked its readers a question and drew a typical post's comments or more`,
  post: ref(p),
});

/**
 * For a draft that asks its readers nothing: its own claim (a sentence that takes a stance, never a
 * joke opener, an aside or a cut-off clause) written out as the closing question, with an example of
 * a post that asked one and drew replies (quoting its question). For a draft whose question sits
 * mid-post: end on it. Null when the draft already ends on a question (or asks one and is cut short, so
 * its end is unseen), when asking held a negative effect, when the draft makes no claim to put, or when
 * no post gives evidence. Pure.
 */
export function questionSuggestion(x: SpecificInput): AdvisorSuggestion | null {
  const found = questionFinding(x);
  return found === null ? null : found.suggestion;
}

/**
 * The closing line the question suggestion puts to readers (the draft's claim and an open question),
 * for the rewrite; null when the suggestion is not made or asks to end on the draft's own question. Pure.
 */
export function closingFor(x: SpecificInput): string | null {
  return questionFinding(x)?.closing ?? null;
}

function questionFinding(x: SpecificInput): { suggestion: AdvisorSuggestion; closing: string | null } | null {
  if (x.avoid.has('asks-a-question')) return null;
  // "Asks nothing" only of a draft without a question mark; a question in the title frames the post
  // already, and a rhetorical aside ("but at night?") is left alone.
  const own = bodyQuestion(x.draft.content);
  const asks = own !== null;
  if (asks ? endsOnQuestion(x.draft) : traitsOf(x.draft).has('asks-a-question')) return null;
  // A draft cut short that already asks its readers something may well end on it: nothing to advise.
  if (asks && looksCut(x.draft.content)) return null;
  const claim = asks ? null : stanceSentence(x.draft, x.index);
  if (!asks && claim === null) return null;
  const e = questionExample(x);
  if (e === null) return null;
  const p = shown(e.hit, x.urlBase);
  const endsOnIt = claim !== null && inLastParagraph(x.draft.content, claim);
  const closing = claim === null ? null : closingLine(claim, endsOnIt);
  if (!asks && closing === null) return null;
  // A body cut short may end on a question the advisor never saw: the advice is then conditional.
  const cut = looksCut(x.draft.content);
  const ask = asks
    ? `Your question sits mid-post and the post ends elsewhere. End on it: "${own}"`
    : cut
      ? `Unless the rest of your post asks readers something, end by putting your own claim ("${clip(claim as string)}") to them: "${closing}"`
      : endsOnIt
        ? `Yours asks readers nothing. It ends on your own claim ("${clip(claim as string)}"); put it to them: "${closing}"`
        : `Yours asks readers nothing. End by putting your own claim ("${clip(claim as string)}") to them: "${closing}"`;
  return {
    suggestion: {
      text: `${ask} ${exampleWords(e, p)}.`,
      basis: exampleBasis(e, p),
      gain: null,
      gainRange: null,
    },
    // Nothing is appended to a body that looks cut short: the rewrite would read broken.
    closing: looksCut(x.draft.content) ? null : closing,
  };
}

/**
 * For a long title that can be cut at a phrase boundary: the cut title, citing the most-commented post
 * like the draft with a short title (REPLIED+ comments). Null otherwise. Pure.
 */
export function titleSuggestion(x: SpecificInput): AdvisorSuggestion | null {
  if (x.avoid.has('short-title')) return null;
  const short = shortenTitle(x.draft.title);
  if (short === null) return null;
  const hit = [...x.hits]
    .filter(
      (h) =>
        h.post.comments >= REPLIED &&
        traitsOf({ title: h.post.title, content: h.post.content }).has('short-title'),
    )
    .sort((a, b) => b.post.comments - a.post.comments)[0];
  if (hit === undefined) return null;
  const p = shown(hit, x.urlBase);
  return {
    text: `Cut the title at its first phrase: "${short}". ${quoted(p)}, a post like yours with a short title, drew ${outcome(p)}.`,
    basis: {
      kind: 'similar-posts',
      name: 'short-title',
      evidence: `the most-commented post like the draft with a short title (similarity ${p.similarity.toFixed(2)})`,
      post: ref(p),
    },
    gain: null,
    gainRange: null,
  };
}

/** Similarity under which a post like the draft is a loose match (it shares a phrase, little more). */
export const LOOSE_MATCH = 0.15;
/** Times a typical recent post's comments from which a thread is exceptional. */
export const EXCEPTIONAL = 10;

/**
 * When nothing else cites a post like the draft: the most-commented of them (REPLIED+ comments and
 * more than the median of those found, or than a typical recent post when fewer than 3), what it did that the draft does not, and a nudge to read it.
 * Null when no post like the draft drew replies, or when the one that did is a loose match (under 0.15)
 * that drew ten times a typical post: a chance neighbour that ran away says nothing about the draft. Pure.
 */
export function mostRepliedSuggestion(x: SpecificInput): AdvisorSuggestion | null {
  // Against the median of the posts like the draft when there are 3 or more, else a typical recent post.
  const comments = x.hits.map((h) => h.post.comments).sort((a, b) => a - b);
  const own = comments.length >= 3;
  const mid = own ? (comments[Math.floor((comments.length - 1) / 2)] ?? 0) : x.index.medianComments;
  if (mid === null) return null;
  const best = [...x.hits]
    .filter((h) => h.post.comments >= REPLIED && h.post.comments > mid)
    .sort((a, b) => b.post.comments - a.post.comments)[0];
  if (best === undefined) return null;
  const p = shown(best, x.urlBase);
  const outlier =
    x.index.medianComments !== null && p.comments >= EXCEPTIONAL * Math.max(1, x.index.medianComments);
  // A loose match that ran away is neither a model nor a measure: it is left out, not hedged.
  if (outlier && p.similarity < LOOSE_MATCH) return null;
  const did = whatItDid(best.post, traitsOf(x.draft));
  // A post sharing only a few words is a loose match: the writer is told so, not shown it as a model.
  const loose = p.similarity < LOOSE_MATCH ? ` (a loose match: similarity ${p.similarity.toFixed(2)})` : '';
  // A thread many times the typical one is an exception to know about, not a level to expect.
  const exceptional = outlier
    ? `; that thread was exceptional, so expect nearer ${x.index.medianComments}`
    : '';
  const lead =
    x.hits.length === 1
      ? `The one post like yours${loose}, ${quoted(p)}, drew ${outcome(p)}, where a typical recent post drew ${mid}${exceptional}`
      : `Of the ${counted(x.hits.length, 'post')} like yours${x.hits.length > SHOWN_SIMILAR ? ` (the closest ${SHOWN_SIMILAR} are listed)` : ''}, ${quoted(p)}${loose} drew the most replies: ${outcome(p)}, where ${own ? 'the median of them' : 'a typical recent post'} drew ${mid}${exceptional}`;
  return {
    text: `${lead}${did.length > 0 ? `; it ${did.slice(0, 2).join(' and ')}` : ''}.${addsNudge(x, 'Say early where yours differs from it')}`,
    basis: {
      kind: 'similar-posts',
      name: 'most-replied',
      evidence: `the most-commented of the posts like the draft (similarity ${p.similarity.toFixed(2)})`,
      post: ref(p),
    },
    gain: null,
    gainRange: null,
  };
}

export type { ShownPost };
