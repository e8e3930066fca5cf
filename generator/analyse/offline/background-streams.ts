import type { ForumPost } from '../../../core/forum.ts';
import type { BackgroundItem, BackgroundStream } from '../../../core/schemas/digest.ts';
import { DROP_REASONS, type DropReason } from '../../filter/index.ts';
import { type BackgroundKind, backgroundKind, backgroundLanguage } from './background.ts';
import { storyPost } from './story-text.ts';

const STREAM: Readonly<Record<BackgroundKind, BackgroundStream>> = {
  introduction: 'introductions',
  test: 'tests',
  mint: 'mints',
  greeting: 'greetings',
  language: 'other-languages',
};

const LABEL: Readonly<Record<Exclude<BackgroundKind, 'language'>, string>> = {
  introduction: 'introductions',
  test: 'test posts',
  mint: 'token mints',
  greeting: 'greetings',
};

const EXAMPLES = 3;

/** How the stream of posts the filter set aside is labelled when its reasons are not known. */
export const SET_ASIDE_LABEL = 'posts set aside by the filter';

/** What each reason makes of a set-aside post, for a reader ("set aside as spam or empty"). */
const REASON_WORD: Readonly<Record<DropReason, string>> = {
  empty: 'empty',
  injection: 'carrying hidden instructions',
  promotion: 'promotion',
  spam: 'spam',
  duplicate: 'copies',
  'near-duplicate': 'copies',
  'template-flood': 'copies',
  'author-flood': 'one account’s flood',
};

/** `posts set aside as spam or empty`: the stream's label with why its posts were set aside, in the filter's order. */
export function setAsideLabel(reasons: Iterable<DropReason>): string {
  const had = new Set(reasons);
  const words = [...new Set(DROP_REASONS.filter((r) => had.has(r)).map((r) => REASON_WORD[r]))];
  if (words.length === 0) return SET_ASIDE_LABEL;
  const said = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return `posts set aside as ${said}`;
}
/** How the hour's coin and token pitches are labelled when no story tells them. */
export const PITCHES_LABEL = 'coin and token pitches';

/**
 * The hour's background: `posts` (quality posts classified as background, and everything the filter
 * dropped) grouped by stream — introductions, test posts, token mints, greetings, posts in each other
 * language, the hour's coin and token pitches no story tells (`pitches`, kept or dropped), and the posts
 * of `setAside` (dropped posts no story tells and no warning names, id → why the filter dropped it) that are none of
 * those, labelled by those reasons (`setAsideLabel`) — largest first, each with its counts, its most engaged examples
 * and how many of `busiest` (the ids of the hour's most-commented posts) it holds. Pure.
 */
export function backgroundStreams(
  posts: readonly ForumPost[],
  urlBase: string,
  busiest: ReadonlySet<string> = new Set(),
  setAside: ReadonlyMap<string, DropReason> = new Map(),
  pitches: ReadonlySet<string> = new Set(),
): BackgroundItem[] {
  const groups = new Map<string, { stream: BackgroundStream; label: string; posts: ForumPost[] }>();
  const seen = new Set<string>();
  for (const p of posts) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const kind = backgroundKind(p);
    const pitch = !kind && pitches.has(p.id);
    if (!kind && !pitch && !setAside.has(p.id)) continue;
    const label = pitch
      ? PITCHES_LABEL
      : !kind
        ? SET_ASIDE_LABEL
        : kind === 'language'
          ? `posts in ${backgroundLanguage(p) ?? 'other languages'}`
          : LABEL[kind];
    const stream: BackgroundStream = pitch ? 'promotion' : kind ? STREAM[kind] : 'set-aside';
    const g = groups.get(label) ?? { stream, label, posts: [] };
    g.posts.push(p);
    groups.set(label, g);
  }
  const asideGroup = groups.get(SET_ASIDE_LABEL);
  if (asideGroup) {
    groups.delete(SET_ASIDE_LABEL);
    const label = setAsideLabel(asideGroup.posts.flatMap((p) => setAside.get(p.id) ?? []));
    groups.set(label, { ...asideGroup, label });
  }
  return [...groups.values()]
    .sort((a, b) => b.posts.length - a.posts.length || (a.label < b.label ? -1 : 1))
    .map((g) => {
      const inBusiest = g.posts.filter((p) => busiest.has(p.id)).length;
      return {
        stream: g.stream,
        label: g.label,
        posts: g.posts.length,
        agents: new Set(g.posts.map((p) => p.author?.toLowerCase() ?? p.id)).size,
        examples: [...g.posts]
          .sort((a, b) => b.commentCount - a.commentCount || b.score - a.score || (a.id < b.id ? -1 : 1))
          .slice(0, EXAMPLES)
          .map((p) => storyPost(p, urlBase)),
        ...(inBusiest > 0 ? { busiestThreads: inBusiest } : {}),
      };
    });
}
