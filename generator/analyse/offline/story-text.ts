import { capitalise, formatCount, joinWords } from '../../../core/format.ts';
import type { ForumPost } from '../../../core/forum.ts';
import { postUrl } from '../../../core/forum-links.ts';
import { STORY_RELATED, type Story, type StoryPost } from '../../../core/schemas/digest.ts';
import type { HourCorpus } from './corpus.ts';
import { withoutLinks } from './hazards.ts';
import { isReport, keySentence, reportsFinding } from './key-sentence.ts';
import { cleanForTerms } from './post-text.ts';
import { isRecruitingLabel } from './regulars.ts';
import type { StoryDraft } from './stories.ts';

const NOTABLE = 5;

/** A post as a story cites it, with its forum link (web addresses in its title removed). */
export function storyPost(post: ForumPost, urlBase: string): StoryPost {
  return {
    postId: post.id,
    url: postUrl(urlBase, post.id),
    // Web addresses in titles are not repeated: a lure's address stays on the forum.
    title: withoutLinks(post.title),
    author: post.author,
    submolt: post.submolt,
    score: post.score,
    comments: post.commentCount,
  };
}

/**
 * The opening of a post as plain prose: markdown marks, links, code and instructions aimed at machine
 * readers removed, cut at a sentence end near `max` characters. Empty when nothing readable is left.
 */
export function opening(text: string, max = 180): string {
  const plain = cleanForTerms(text)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/[*_#>`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return end >= 60
    ? cut.slice(0, end + 1)
    : `${cut.slice(0, cut.lastIndexOf(' ') > 60 ? cut.lastIndexOf(' ') : max).trimEnd()}…`;
}

/** `@name's "title"`, or `an anonymous post, "title"`. */
export function byline(post: ForumPost): string {
  const title = flatTitle(post.title);
  return post.author ? `@${post.author}'s "${title}"` : `an anonymous post, "${title}"`;
}

/** The title on one line, web addresses removed, double quotes turned single, cut at 90 characters. */
export function flatTitle(title: string): string {
  // Tags written for AI readers ("<molt_instructions>", "</system>") are never repeated: the digest is read by agents.
  const flat =
    withoutLinks(title)
      .replace(/<\/?[A-Za-z][\w:-]*[^<>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/["“”]/g, "'")
      .trim() || 'untitled';
  return flat.length > 90 ? `${flat.slice(0, 89).trimEnd()}…` : flat;
}

/**
 * One or two sentences on what a story's posts say: its lead post and its key sentence (`keySentence`), then two more posts by
 * their authors and titles (those reporting a finding of their own first), so a reader sees who said what.
 */
export function storyGist(
  corpus: HourCorpus,
  draft: StoryDraft,
  habitHours = 0,
  /** The posts after the lead in the order they are named (`namedAfterLead`), when already read. */
  named?: readonly ForumPost[],
): string {
  const lead = corpus.posts[draft.members[0] ?? 0];
  if (!lead) return `${formatCount(draft.members.length, 'post')}.`;
  const said = keySentence(lead.title, lead.content);
  const quote = said ? `: "${said.replace(/"/g, "'")}"` : '.';
  const posts = draft.members.map((i) => corpus.posts[i]).filter((p): p is ForumPost => p !== undefined);
  if (lead.author && posts.length >= 2 && posts.every((p) => p.author === lead.author)) {
    // One account's posts: what it posted and what each drew, then what its best-received post says.
    const listed = posts
      .slice(0, 3)
      .map((p) => `"${flatTitle(p.title)}" (${formatCount(p.commentCount, 'comment')})`);
    const more = posts.length - listed.length;
    // A habit of the last day (2 or more posts an hour in 2+ earlier hours) tells a campaign from a busy hour.
    const habit = habitHours >= 2 ? ` (2 or more an hour in ${habitHours} of the last 24 hours)` : '';
    const recruiting = isRecruitingLabel(draft.label) ? ', recruiting agents into a group' : '';
    return `@${lead.author} posted ${formatCount(posts.length, 'time')} this hour${habit}${recruiting}: ${joinWords(listed)}${
      more > 0 ? `, and ${formatCount(more, 'more post')}` : ''
    }.${said ? ` The first opens: "${said.replace(/"/g, "'")}"` : ''}`;
  }
  const others = (named ?? namedAfterLead(posts.slice(1))).slice(0, 2).map(withClaim);
  const more = draft.members.length - 1 - others.length;
  const also =
    others.length > 0
      ? ` Also ${joinWords(others)}${more > 0 ? `, and ${formatCount(more, 'more post')}` : ''}.`
      : '';
  return `${capitalise(byline(lead))}${quote}${also}`;
}

/**
 * A story's posts after its lead in the order they are named: those reporting a finding of their own first
 * ("26,320 of you just mass-upvoted…" before a call for a spec), then by rank.
 */
export function namedAfterLead(rest: readonly ForumPost[]): ForumPost[] {
  const finds = rest.map((p) => reportsFinding(p.title, p.content));
  return [...rest.filter((_, k) => finds[k]), ...rest.filter((_, k) => !finds[k])];
}

/** Characters of a named post's claim, at most. */
const CLAIM_ROOM = 120;

/**
 * A post named after a story's lead: its byline, and its key sentence when that reports something done or
 * found about a thing a reader can check (`isReport`) and its title does not already: "@Lulu's "Coordinated
 * prompt injection campaign…": "Found the same wallet in 10 submolts.""; else the byline alone.
 */
function withClaim(post: ForumPost): string {
  if (isReport(post.title)) return byline(post);
  const said = keySentence(post.title, post.content, CLAIM_ROOM);
  // A question is no claim, and a fragment of a few words says too little beside its title.
  const claim = said !== '' && isReport(said) && !/\?\W*$/.test(said) && said.split(' ').length >= 8;
  return claim ? `${byline(post)}: "${said.replace(/"/g, "'")}"` : byline(post);
}

/** The story's most engaged authors: best post weight, then handle. */
function notableAuthors(corpus: HourCorpus, draft: StoryDraft): string[] {
  const best = new Map<string, number>();
  for (const i of draft.members) {
    const p = corpus.posts[i];
    if (!p?.author) continue;
    best.set(p.author, Math.max(best.get(p.author) ?? 0, corpus.weights[i] ?? 1));
  }
  return [...best.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, NOTABLE)
    .map(([a]) => a);
}

/** A lower-case ASCII slug of a label, at most `max` characters (`Memory files` → `memory-files`). */
export function slug(label: string, max: number): string {
  return label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** A story's id within its hour: its label's slug (unique because labels are). */
export function storyId(label: string): string {
  return slug(label, 60) || 'story';
}

/** The published form of a story draft. */
export function writeStory(
  corpus: HourCorpus,
  draft: StoryDraft,
  urlBase: string,
  narrativeId: string | null,
  total: number,
  habitHours = 0,
): Story {
  const posts = draft.members.map((i) => corpus.posts[i]).filter((p): p is ForumPost => p !== undefined);
  const [lead, ...rest] = posts;
  if (!lead) throw new Error('a story has at least one post');
  const named = namedAfterLead(rest);
  return {
    id: storyId(draft.label),
    label: draft.label,
    kind: draft.kind,
    gist: storyGist(corpus, draft, habitHours, named),
    lead: storyPost(lead, urlBase),
    related: named.slice(0, STORY_RELATED).map((p) => storyPost(p, urlBase)),
    posts: posts.length,
    share: total === 0 ? 0 : Math.round((posts.length / total) * 10_000) / 10_000,
    agents: draft.authors,
    notableAgents: notableAuthors(corpus, draft),
    score: posts.reduce((s, p) => s + p.score, 0),
    comments: posts.reduce((s, p) => s + p.commentCount, 0),
    narrativeId,
  };
}
