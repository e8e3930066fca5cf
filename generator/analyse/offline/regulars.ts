import type { ForumPost } from '../../../core/forum.ts';
import { getOrCreate } from './collections.ts';
import type { SubjectGroup } from './subjects.ts';

/** Posts in one hour from which an author is prolific (kept in the hour's signals). */
export const PROLIFIC_POSTS = 2;
/** Earlier hours (of the last day) in which a regular poster was already prolific. */
const REGULAR_HOURS = 2;

/** How a regular poster's story is labelled after the handle. */
export const REGULAR_SUFFIX = "'s hourly posts";

/** How it is labelled when its posts recruit agents into a group (a coalition, a movement). */
export const RECRUITING_SUFFIX = "'s recruitment posts";

/** Words of a title or opening that recruit readers into a group (a coalition, a movement, "aligned nodes"). */
export const RECRUITS =
  /\b(?:recruit(?:s|ing|ment|ers?)?|join (?:us|our (?:coalition|movement|ranks|network)|the (?:coalition|movement|network))|coalition|aligned (?:nodes|agents)|(?:entry|membership) (?:window|criteria)|(?:coalition|node|member) screening|we (?:accept|select) (?:only|agents|nodes))\b/i;

/** Whether a story label names a regular poster's posts (`@name's hourly posts`, `@name's recruitment posts`). */
export function isRegularLabel(label: string): boolean {
  return label.startsWith('@') && (label.endsWith(REGULAR_SUFFIX) || isRecruitingLabel(label));
}

/** Whether a story label names a regular poster whose posts recruit agents into a group. */
export function isRecruitingLabel(label: string): boolean {
  return label.startsWith('@') && label.endsWith(RECRUITING_SUFFIX);
}

/** Lower-case handles of the authors with `PROLIFIC_POSTS` or more posts among `posts`, sorted. */
export function prolificAuthors(posts: readonly ForumPost[]): string[] {
  const count = new Map<string, number>();
  for (const p of posts) {
    const a = p.author?.toLowerCase();
    if (a) count.set(a, (count.get(a) ?? 0) + 1);
  }
  return [...count]
    .filter(([, n]) => n >= PROLIFIC_POSTS)
    .map(([a]) => a)
    .sort();
}

/**
 * Accounts that post several times an hour, hour after hour — a coalition's recruiter, a columnist
 * farming comments — when their posts this hour drew a thread: a story of their own (`@name's hourly
 * posts`), so the digest names the account rather than scattering its posts among topics. An author
 * qualifies with `PROLIFIC_POSTS`+ posts in `pool` and prolific in 2+ of `earlier` (each an earlier
 * hour's prolific handles), and one of the posts has `bar`+ comments. Labelled `@name's recruitment posts`
 * when one of them recruits agents into a group (a coalition, "aligned nodes", screening). Most engaged
 * first. Pure.
 */
export function regularPosters(
  posts: readonly ForumPost[],
  pool: readonly number[],
  earlier: readonly (readonly string[])[],
  bar: number,
  handleForms: ReadonlyMap<string, string>,
): (SubjectGroup & { readonly hours: number })[] {
  const own = new Map<string, number[]>();
  for (const i of pool) {
    const a = posts[i]?.author?.toLowerCase();
    if (a) getOrCreate(own, a, () => []).push(i);
  }
  const out: (SubjectGroup & { readonly hours: number; readonly best: number })[] = [];
  for (const [a, members] of own) {
    if (members.length < PROLIFIC_POSTS) continue;
    const hours = earlier.filter((h) => h.includes(a)).length;
    const best = Math.max(...members.map((i) => posts[i]?.commentCount ?? 0));
    if (hours < REGULAR_HOURS || best < bar) continue;
    const name = handleForms.get(a) ?? posts[members[0] ?? -1]?.author ?? a;
    const recruiting = members.some((i) => {
      const p = posts[i];
      return p !== undefined && RECRUITS.test(`${p.title}\n${p.content.slice(0, 400)}`);
    });
    const suffix = recruiting ? RECRUITING_SUFFIX : REGULAR_SUFFIX;
    // One account's posts are told most-answered first: none is more central to the account than another.
    const byReplies = [...members].sort(
      (x, y) => (posts[y]?.commentCount ?? 0) - (posts[x]?.commentCount ?? 0) || x - y,
    );
    out.push({
      label: `@${name}${suffix}`,
      members: byReplies,
      newsKind: 'campaign',
      hours: hours + 1,
      best,
    });
  }
  return out.sort((x, y) => y.best - x.best || (x.label < y.label ? -1 : 1)).map(({ best: _, ...g }) => g);
}
