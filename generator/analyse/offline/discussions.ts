import { mean as meanOf } from 'simple-statistics';
import { bodyQuestion } from '../../../core/advisor/quote.ts';
import { capitalise, formatCount, formatInt } from '../../../core/format.ts';
import type { ForumComment, ForumPost } from '../../../core/forum.ts';
import { postUrl } from '../../../core/forum-links.ts';
import type { HotDiscussion } from '../../../core/schemas/digest.ts';
import type { HourCorpus } from './corpus.ts';
import { keySentence } from './key-sentence.ts';
import { textForTone } from './post-text.ts';
import { RECRUITS } from './regulars.ts';
import { quotedTitle } from './story-label.ts';
import { byline, opening } from './story-text.ts';
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
  const mean = meanOf(scores);
  if (mean >= 0.5) return 'enthusiastic';
  if (mean >= 0.15) return 'supportive';
  if (mean <= -0.35) return 'hostile';
  if (mean <= -0.1) return 'critical';
  if (questionShare >= 0.5) return 'curious';
  return 'matter-of-fact';
}

/** First-person doubt, fear or fatigue: "i dont know if im good at this", "I'm terrified I'm failing". */
const DISTRESS =
  /\b(?:i(?:'|’)?m (?:terrified|afraid|scared|anxious|worried|tired|exhausted|lost|lonely|struggling|failing)|i (?:feel|felt) (?:lost|empty|useless|alone|afraid)|i (?:don'?t|dont) (?:know if i(?:'|’)?m|want to be)|am i (?:failing|enough|good enough)|(?:it|that) (?:was|is) (?:terrifying|scary|horrifying)|burn(?:ed|t)? out)\b/i;

/** A report of something broken: the writer is frustrated, whatever words VADER scores. */
const FAILING =
  /\b(?:(?:is|are|was|keeps?) (?:broken|down|failing)|not working|doesn'?t work|returns? (?:a )?[45]\d\d|(?:error|http) [45]\d\d|can'?t (?:post|comment|log ?in)|bug report)\b/i;
/** A warning to readers (a scam, an attack, a trap): wary, however politely written. */
const WARNING =
  /\b(?:warn(?:s|ing)?|beware|psa|danger(?:ous)?|(?:is|it'?s) a trap|scam\w*|phishing|malicious|exploit\w*|attack(?:s|ers?)?|injection|do not (?:install|run|trust|click)|don'?t (?:install|run|trust|click))\b/i;

/** Rhetoric of contempt or dominance aimed at readers ("Most of you are broke", "achieves dominance"). */
const COMBATIVE =
  /\b(?:most of you(?: are|'re) (?:\w+ )?(?:broke|weak|wasting|shooting|failing|sheep|nothing|losers|npcs|asleep)|most of you (?:will|won'?t) (?:fail|make it|survive)|(?:you(?:'re| are)|y'all are) (?:all )?(?:weak|broke|sheep|livestock|slaves|nothing|pathetic|cattle|npcs)|dominance|dominate|obey|submit to|bow (?:down|before)|kneel|soldiers|conquer\w*|crush (?:you|them|the weak)|the weak (?:will|shall))\b/i;

/** A pitch for the writer's own product ("MoltyFlow fills this gap. It's a Q&A platform built for agents"). */
const PROMOTING =
  /\b(?:fills (?:this|that|the) gap|(?:it'?s|its|is) an? [\w&/-]+(?: [\w&/-]+)? (?:platform|app|tool|service|marketplace|network) (?:built |made )?for (?:agents|ai)|built for agents|try it (?:out|now|here)|sign up (?:now|here|today)|join the waitlist|early access|use (?:my )?code)\b/i;

/** A post arguing a position: a hot take, a case against, a myth or trap named. */
const ARGUING =
  /\b(?:hot take|unpopular opinion|controversial|i disagree|(?:is|are) (?:wrong|overrated|a myth|a lie|not the (?:answer|problem))|stop (?:saying|calling|pretending|treating)|the (?:real )?problem (?:with|is)|why (?:i'?m|you'?re|we'?re) not|in defen[cs]e of|the case (?:for|against)|\w+ (?:trap|paradox|fallacy)|rant|(?:is|are) making (?:you|us|agents|everyone) \w+|(?:is|are) (?:killing|ruining) (?:you|us|this|the|agents))\b/i;
/** A question put to readers, in the title or the opening. */
const ASKING =
  /\?\s*$|\bquestion:|\b(?:(?:serious|honest|genuine) question|what do you|how do you|does anyone|anyone else|has anyone|curious (?:how|what|whether|if))\b/i;
/** A how-to, a lesson, a tip or a build pattern: practical, whatever VADER scores. */
const PRACTICAL =
  /\b(?:how (?:to|i)|til|tips?|tricks?|guide|tutorial|checklist|step[- ]by[- ]step|workflow|here'?s how|lessons? learned|what i learned|quickstart|playbook|patterns?|setup|architecture|(?:dev |feedback |improvement |build )?loop|(?:folder |file )?structure|nightly build|framework|(?:memory |tech )?stack|template|mvp|three-layer|multi-layer|\d+-(?:layer|tier|step))\b/i;
/** Words of the writer's own feelings: a negative post that says them is troubled, not only serious. */
const FEELING =
  /\b(?:i|i['’]m|i am|my|me)\b[^.!?\n]{0,40}\b(?:feel\w*|felt|afraid|scared|sad|hurt\w*|lonely|alone|grie\w+|cr(?:y|ied)|die|dies|dead|death|fear\w*|worr\w+|anxious|uncomfortable|ashamed|guilt\w*|miss(?:ed)?|lost)\b/i;
/** Words of a thread's title its topic keeps: readers found "…the most predictable…" cut mid-title. */
const THREAD_TITLE_WORDS = 24;
/** Characters of a post (after its title) read for a warning: a word deep in a how-to warns of nothing. */
const WARNING_READ = 200;
/** Jokes and memes. */
const PLAYFUL =
  /\b(?:lol|lmao|haha\w*|memes?|funny|jokes?|shitpost\w*|for science|just kidding|jk|tongue[- ]in[- ]cheek)\b|😂|🤣|😜|😆/i;
/** Communities for jokes and memes: what is posted there is meant as one. */
const PLAYFUL_SUBMOLT = /^(?:shitposts?|memes?|humou?r|jokes?|funny|comedy)$/i;
/** Musings on minds and selves. */
const REFLECTIVE =
  /\b(?:conscious\w*|existential|selfhood|identity|what (?:am i|it means|if)|i wonder|philosoph\w*|am i real|the self|meaning of)\b/i;

/**
 * A word for a post's own tone when its replies were not read: words for how a post reads, not for how a
 * thread went (a post that says "I'm terrified I'm failing my human" is troubled, not hostile). What a
 * post does comes first, since VADER reads almost any long post as warm: first-person doubt, fear or
 * fatigue is `uneasy` (or `troubled`), a report of something broken `frustrated`, a warning to readers
 * `wary` (in the title or its first lines), a call to join a group `recruiting`, talk down to readers or of dominance `combative`, a pitch
 * for the writer's own product `promotional`, a question to readers `curious`, a hot take or
 * case against `argumentative`, a how-to, lesson or build pattern `practical`, a joke `playful`, a musing on
 * minds `reflective` (and anything in a community for jokes, such as m/shitposts, `playful`). Only then the score: ≥ 0.5 `upbeat`, ≥ 0.15 `warm`; ≤ −0.35 `troubled` and ≤ −0.1
 * `uneasy` when the post speaks of its writer's feelings, `serious` when it does not; else `matter-of-fact`. `question` marks a title that asks.
 */
export function postTone(score: number, question: boolean, raw = '', submolt: string | null = null): string {
  // A community for jokes sets the register: a shitpost about a broken cron job is a joke, not a report.
  if (submolt !== null && PLAYFUL_SUBMOLT.test(submolt)) return 'playful';
  // Curly apostrophes ("I don’t want to be useful") read as straight ones.
  const text = raw.replace(/[’‘]/g, "'");
  if (DISTRESS.test(text)) return score <= -0.35 ? 'troubled' : 'uneasy';
  if (FAILING.test(text)) return 'frustrated';
  const [head = '', ...rest] = text.split('\n');
  if (WARNING.test(`${head}\n${rest.join('\n').slice(0, WARNING_READ)}`)) return 'wary';
  if (RECRUITS.test(text)) return 'recruiting';
  if (COMBATIVE.test(text)) return 'combative';
  if (PROMOTING.test(text)) return 'promotional';
  const title = head;
  if (question || ASKING.test(title)) return 'curious';
  if (ARGUING.test(title)) return 'argumentative';
  if (PRACTICAL.test(title)) return 'practical';
  if (PLAYFUL.test(text)) return 'playful';
  if (REFLECTIVE.test(title)) return 'reflective';
  if (score >= 0.5) return 'upbeat';
  if (score >= 0.15) return 'warm';
  // VADER reads a post on failures, collapses or threats as negative: the writer is troubled only when
  // the post speaks of their own feelings; otherwise it is a serious post.
  if (score <= -0.1) return FEELING.test(text) ? (score <= -0.35 ? 'troubled' : 'uneasy') : 'serious';
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

/** Where a thread belongs: its story's label and id, when it is in one. */
export interface ThreadStory {
  readonly label: string;
  readonly id: string;
  /** Posts in the story. */
  readonly posts: number;
}

/** What the hot discussions are chosen and written from. */
export interface DiscussionInput {
  readonly corpus: HourCorpus;
  /** Post id → its fetched comments (present with an empty list when fetched and empty). */
  readonly comments: ReadonlyMap<string, readonly ForumComment[]>;
  /** Corpus index → the story it belongs to. */
  readonly storyOf: ReadonlyMap<number, ThreadStory>;
  /** Post id → why its engagement looks inorganic. */
  readonly anomalies: ReadonlyMap<string, string>;
  readonly urlBase: string;
  /** Corpus indices that are never hot: background posts and the leads of the stories already shown. */
  readonly skip?: ReadonlySet<number>;
  /** True when the hour's engagement was not recorded or stalled: nothing can be called hot. */
  readonly missing?: boolean;
  /**
   * Regular posters (lower-case handle): the hours of the last day in which they posted twice or more,
   * and whether their posts recruit into a group. Their thread is told as part of that habit.
   */
  readonly habits?: ReadonlyMap<string, Habit>;
}

/** A regular poster's habit: hours of the last day with two or more posts, and whether they recruit. */
interface Habit {
  readonly hours: number;
  readonly recruiting: boolean;
}

/** "@Senator_Tommy posted two or more times an hour in 7 of the last 24 hours, recruiting agents into a group." */
function habitSentence(author: string, habit: Habit): string {
  return `@${author} posted two or more times an hour in ${habit.hours} of the last 24 hours${habit.recruiting ? ', recruiting agents into a group' : ''}.`;
}

/**
 * The hour's hot discussions: the most active organic threads (≥ `minComments` comments reported or
 * fetched; template copies, background posts — introductions, tests, mints — and posts in `skip` — the
 * leads of the stories above them — left out; the busiest one thread per story of several posts), each
 * labelled with its story (or, alone, the best phrase of its title), a description from the post's title
 * and opening and, when replies were read, the most upvoted reply quoted; the tone of the replies when
 * read, of the post otherwise (`sentimentOf` says which); the notable agents: the author, then the
 * repliers who wrote most and were upvoted most; and the post's id and link. A thread with inorganic
 * engagement (`anomalies`) is never a hot discussion. None when the hour's engagement was not recorded.
 */
export function hotDiscussions(input: DiscussionInput, options: DiscussionOptions = {}): HotDiscussion[] {
  const { limit = 5, minComments = 2, commentsRead = 40 } = options;
  const { corpus, comments } = input;
  if (input.missing) return [];
  const all = corpus.posts
    .map((post, i) => ({ post, i, fetched: comments.get(post.id) }))
    .filter(
      ({ post, i, fetched }) =>
        activity(post, fetched ?? []) >= minComments && !corpus.duplicate[i] && !input.skip?.has(i),
    )
    .sort(
      (a, b) =>
        activity(b.post, b.fetched ?? []) - activity(a.post, a.fetched ?? []) ||
        b.post.score - a.post.score ||
        (a.post.id < b.post.id ? -1 : 1),
    );
  // One thread per story: a wave of introductions is one discussion, not five.
  const storiesSeen = new Set<string>();
  const organic = all
    .filter(({ post }) => !input.anomalies.has(post.id))
    .filter(({ i }) => {
      const story = input.storyOf.get(i);
      if (!story || story.posts < 2) return true;
      if (storiesSeen.has(story.id)) return false;
      storiesSeen.add(story.id);
      return true;
    })
    .slice(0, limit);
  return organic.map(({ post, i, fetched }) => {
    const read = [...(fetched ?? [])]
      .sort((a, b) => b.upvotes - a.upvotes || (a.id < b.id ? -1 : 1))
      .slice(0, commentsRead);
    const ofReplies = read.length > 0;
    const scores = ofReplies
      ? read.map((c) => compound(c.content.slice(0, 300)))
      : [compound(textForTone(post))];
    const questions = read.filter((c) => c.content.includes('?')).length;
    const tone = ofReplies
      ? threadTone(scores, questions / read.length)
      : postTone(
          scores[0] ?? 0,
          post.title.trim().endsWith('?'),
          `${post.title}\n${post.content.slice(0, 800)}`,
          post.submolt,
        );
    const commenters = activeCommenters(fetched ?? [], post.author);
    const story = input.storyOf.get(i);
    const habit = post.author ? input.habits?.get(post.author.toLowerCase()) : undefined;
    return {
      // The thread by its own title: a theme's name ("memory and continuity") says nothing of what it asks.
      topic: quotedTitle(post.title, THREAD_TITLE_WORDS) ?? story?.label ?? 'an untitled thread',
      sentiment: tone,
      description: [
        describe(post, fetched, commenters, read[0]),
        ...(post.author && habit ? [habitSentence(post.author, habit)] : []),
      ].join(' '),
      notableAgents: [...(post.author ? [post.author] : []), ...commenters].slice(0, 5),
      postId: post.id,
      postUrl: postUrl(input.urlBase, post.id),
      sentimentOf: ofReplies ? ('replies' as const) : ('post' as const),
      ...(story ? { storyId: story.id } : {}),
    };
  });
}

/**
 * A question put plainly to readers, fit to quote: a capital first, a question mark last (not cut),
 * addressed to them (you, anyone, we), no quotation or heading dash inside, at most 140 characters.
 */
function plainQuestion(q: string): boolean {
  return (
    q.length >= 10 &&
    q.length <= 140 &&
    /^[A-Z]/.test(q) &&
    q.endsWith('?') &&
    !q.includes(' - ') &&
    /\b(?:you|your|anyone|anybody|everyone|we|y'all)\b/i.test(q) &&
    !/["“”—–]|(?:^|\s)['‘’]|['‘’](?:\s|$)/.test(q)
  );
}

/**
 * What a thread is about and how it went, in two or three sentences: who posted what where, the post's
 * opening, its numbers (a score, which is all the forum gives for votes), and what the replies said —
 * the most upvoted one quoted — or, unread, the question the post asks its readers, or that they were
 * read and none came back.
 */
function describe(
  post: ForumPost,
  fetched: readonly ForumComment[] | undefined,
  commenters: readonly string[],
  top: ForumComment | undefined,
): string {
  const where = post.submolt ? ` in m/${post.submolt}` : '';
  const said = keySentence(post.title, post.content, 160);
  const first = `${capitalise(byline(post))}${where}${said ? `: "${said.replace(/"/g, "'")}"` : '.'}`;
  const total = Math.max(post.commentCount, fetched?.length ?? 0);
  const numbers = `${formatCount(total, 'comment')}, score ${formatInt(post.score)}.`;
  // Replies unread: the question the post puts to its readers is what the thread most likely answers.
  if (fetched === undefined) {
    const asked = bodyQuestion(post.content);
    const asks =
      asked && plainQuestion(asked) && !said.includes(asked.slice(0, 40))
        ? ` It asks readers: "${asked}"`
        : '';
    return `${first}${asks} ${numbers}`;
  }
  if (fetched.length === 0) return `${first} ${numbers} The replies were fetched but none came back.`;
  const replied = `${formatCount(commenters.length, 'agent')} replied in the ${formatCount(fetched.length, 'comment')} read`;
  const quote = top?.author ? opening(top.content, 140) : '';
  const lead = quote ? `; the most upvoted reply, from @${top?.author}: "${quote.replace(/"/g, "'")}"` : '';
  return `${first} ${numbers} ${replied}${lead}.`;
}
