import type { ForumComment, ForumPost } from '../../../core/forum.ts';
import type { HotDiscussion } from '../../../core/schemas/digest.ts';
import { getOrCreate } from './collections.ts';
import type { HourCorpus, TermStat } from './corpus.ts';
import { formatCount } from './format.ts';
import { tokenize } from './nlp.ts';
import { nounPhrases } from './phrases.ts';
import { textForTone } from './post-text.ts';
import { containsPhrase } from './topics.ts';
import { compound } from './vader.ts';

/** Tuning of hot-discussion selection. */
export interface DiscussionOptions {
  /** Threads listed. */
  readonly limit?: number;
  /** Fewest comments (reported or fetched) for a thread to count as a discussion. */
  readonly minComments?: number;
  /** Comments per thread read for tone and terms (the most upvoted first). */
  readonly commentsRead?: number;
}

/** How active a thread is: the larger of the reported and fetched comment counts, upvotes breaking ties. */
function activity(post: ForumPost, fetched: readonly ForumComment[]): number {
  return Math.max(post.commentCount, fetched.length);
}

/**
 * A word for a thread's tone from the VADER compounds of its post and comments: `divided` when clearly
 * positive and clearly negative replies both make up a quarter or more; otherwise by the mean:
 * ≥ 0.5 `enthusiastic`, ≥ 0.15 `supportive`, ≤ −0.35 `hostile`, ≤ −0.1 `critical`; `curious` when half the
 * replies ask questions; else `matter-of-fact`.
 */
export function threadTone(scores: readonly number[], questionShare: number): string {
  if (scores.length === 0) return 'matter-of-fact';
  const pos = scores.filter((s) => s >= 0.3).length / scores.length;
  const neg = scores.filter((s) => s <= -0.3).length / scores.length;
  if (scores.length >= 4 && pos >= 0.25 && neg >= 0.25) return 'divided';
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  if (mean >= 0.5) return 'enthusiastic';
  if (mean >= 0.15) return 'supportive';
  if (mean <= -0.35) return 'hostile';
  if (mean <= -0.1) return 'critical';
  if (questionShare >= 0.5) return 'curious';
  return 'matter-of-fact';
}

/** Comment authors of a thread ranked by comments written, then upvotes received, then handle. */
function activeCommenters(comments: readonly ForumComment[], exclude: string | null): string[] {
  const stats = new Map<string, { n: number; up: number }>();
  for (const c of comments) {
    if (!c.author || c.author === exclude) continue;
    const s = stats.get(c.author) ?? { n: 0, up: 0 };
    s.n++;
    s.up += c.upvotes;
    stats.set(c.author, s);
  }
  return [...stats.entries()]
    .sort((a, b) => b[1].n - a[1].n || b[1].up - a[1].up || (a[0] < b[0] ? -1 : 1))
    .map(([name]) => name);
}

/**
 * The thread's topic: the hour's most prominent topic phrase (from `hourTerms`, already backed by many
 * agents) that the thread's post or comments use; failing that, the phrase most used across the thread
 * by at least two of its authors; failing that, an empty string (no topic). Never the post's title.
 */
function threadTopic(
  post: ForumPost,
  comments: readonly ForumComment[],
  hourTerms: readonly TermStat[],
  postPhrases: ReadonlyMap<string, string>,
  exclude: ReadonlySet<string>,
): string {
  const byAuthor = new Map<string, Set<string>>();
  const note = (author: string, key: string): void => {
    getOrCreate(byAuthor, key, () => new Set<string>()).add(author);
  };
  const display = new Map<string, string>();
  const postAuthor = post.author ?? `post:${post.id}`;
  for (const [key, surface] of postPhrases) {
    note(postAuthor, key);
    display.set(key, surface);
  }
  for (const c of comments) {
    for (const p of nounPhrases(tokenize(c.content.slice(0, 400)), exclude)) {
      note(c.author ?? `comment:${c.id}`, p.key);
      if (!display.has(p.key)) display.set(p.key, p.surface);
    }
  }
  for (const term of hourTerms) {
    if (byAuthor.has(term.key)) return term.display;
  }
  let best: string | null = null;
  let bestVoices = 1;
  for (const [key, authors] of [...byAuthor.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const better =
      authors.size > bestVoices || (authors.size === bestVoices && best !== null && key.length > best.length);
    if (better && !hourTerms.some((t) => containsPhrase(t.key, key))) {
      best = key;
      bestVoices = authors.size;
    }
  }
  return best
    ? (display.get(best) ?? best)
    : post.submolt
      ? `a thread in m/${post.submolt}`
      : 'an open thread';
}

/**
 * The hour's hot discussions: the most active threads (≥ `minComments` comments), each with a topic drawn
 * from the hour's vocabulary, a tone word from VADER over the post and its most upvoted fetched comments,
 * a description written from the title, counts and handles, and the notable agents: the
 * author, then the commenters who wrote most and were upvoted most.
 */
export function hotDiscussions(
  corpus: HourCorpus,
  comments: ReadonlyMap<string, readonly ForumComment[]>,
  hourTerms: readonly TermStat[],
  options: DiscussionOptions = {},
): HotDiscussion[] {
  const { limit = 5, minComments = 2, commentsRead = 40 } = options;
  const handles = new Set<string>();
  for (const p of corpus.posts) if (p.author) handles.add(p.author.toLowerCase());
  const ranked = corpus.posts
    .map((post, i) => ({ post, i, fetched: comments.get(post.id) ?? [] }))
    .filter(({ post, i, fetched }) => activity(post, fetched) >= minComments && !corpus.duplicate[i])
    .sort(
      (a, b) =>
        activity(b.post, b.fetched) - activity(a.post, a.fetched) ||
        b.post.upvotes - a.post.upvotes ||
        (a.post.id < b.post.id ? -1 : 1),
    )
    .slice(0, limit);

  return ranked.map(({ post, i, fetched }) => {
    const read = [...fetched]
      .sort((a, b) => b.upvotes - a.upvotes || (a.id < b.id ? -1 : 1))
      .slice(0, commentsRead);
    for (const c of read) if (c.author) handles.add(c.author.toLowerCase());
    const scores = [compound(textForTone(post)), ...read.map((c) => compound(c.content.slice(0, 300)))];
    const questions = read.filter((c) => c.content.includes('?')).length;
    const tone = threadTone(scores, read.length === 0 ? 0 : questions / read.length);
    const found = threadTopic(post, read, hourTerms, corpus.features[i]?.phrases ?? new Map(), handles);
    const topic = found || (post.submolt ? `a thread in m/${post.submolt}` : 'an untitled thread');
    const commenters = activeCommenters(fetched, post.author);
    const notable = [...(post.author ? [post.author] : []), ...commenters].slice(0, 5);
    return {
      topic,
      sentiment: tone,
      description: describe(post, fetched, commenters, tone, found),
      notableAgents: notable,
    };
  });
}

/**
 * The post's title as a short quotation (` titled "…"`), or nothing when it is empty. Quoting the
 * title tells a reader what the thread is about; it stays data: consumers escape it where they render.
 */
function quotedTitle(title: string): string {
  const flat = title.replace(/\s+/g, ' ').replace(/["“”]/g, "'").trim();
  if (flat === '') return '';
  const cut = flat.length > 90 ? `${flat.slice(0, 89).trimEnd()}…` : flat;
  return `, titled "${cut}",`;
}

function describe(
  post: ForumPost,
  fetched: readonly ForumComment[],
  commenters: readonly string[],
  tone: string,
  topic: string,
): string {
  const who = post.author ? `@${post.author}` : 'an anonymous agent';
  const where = post.submolt ? ` in m/${post.submolt}` : '';
  const total = Math.max(post.commentCount, fetched.length);
  const about = topic ? ` on ${topic}` : '';
  const title = quotedTitle(post.title);
  const first = `A post by ${who}${where}${about}${title} drew ${formatCount(total, 'comment')} and ${formatCount(post.upvotes, 'upvote')}.`;
  if (fetched.length === 0)
    return `${first} Its replies were not fetched, so their tone is read from the post alone (${tone}).`;
  const top = [...fetched].sort((a, b) => b.upvotes - a.upvotes || (a.id < b.id ? -1 : 1))[0];
  const replies = `${formatCount(commenters.length, 'agent')} replied in the ${formatCount(fetched.length, 'comment')} read`;
  const lead =
    top?.author && top.upvotes > 0
      ? `, the most upvoted reply coming from @${top.author} (${formatCount(top.upvotes, 'upvote')})`
      : '';
  return `${first} ${replies}${lead}; the tone was ${tone}.`;
}
