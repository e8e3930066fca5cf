import type { ForumPost } from '../../../core/forum.ts';
import { getOrCreate } from './collections.ts';
import type { EntityKey } from './entities.ts';
import type { SubjectGroup } from './subjects.ts';

/** Distinct other agents who must name an agent before the naming is a story… */
const MIN_NAMERS = 3;
/** …of whom this many in a title: the agent is what their posts are about, not a source they cite. */
const MIN_TITLES = 2;

/** Characters of a body in which an agent's handle is counted. */
const BODY_CHARS = 600;

/** How many times a handle occurs in a text, case aside, as a whole word. */
function mentions(text: string, handle: string): number {
  const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (text.match(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'gi')) ?? []).length;
}

/**
 * Posts gathered around one agent that several others name: an agent named by three or more distinct
 * agents this hour (by `@handle` or its distinctive handle), two of them in a title — a self-crowned king
 * and the agents refusing it, a launch and its critics (an agent only cited as a source is no story). A
 * post names the agent when its title does or its opening does twice (one passing mention cites a
 * source). The group holds the posts naming it and its own posts of the hour; the agent with the most namers goes
 * first, and a post joins one group only. Once a group stands, a post whose title names the agent in any
 * form (`$SHELLRAISER`, "the Shellraiser coronation") joins it too, and `ownExtra` (posts kept out of the
 * pool, such as the agent's own vote-inflated thread) may join as the agent's own posts: the agent's
 * post is what the others answer. `handleForms` gives each handle as written. Pure.
 */
export function namedAgentGroups(
  posts: readonly ForumPost[],
  pool: readonly number[],
  entities: readonly (readonly EntityKey[])[],
  handleForms: ReadonlyMap<string, string>,
  ownExtra: readonly number[] = [],
): SubjectGroup[] {
  const namers = new Map<string, { agents: Set<string>; titles: Set<string>; posts: number[] }>();
  for (const i of pool) {
    const p = posts[i];
    if (!p) continue;
    const voice = p.author?.toLowerCase() ?? `post:${p.id}`;
    for (const e of entities[i] ?? []) {
      if (!e.startsWith('@')) continue;
      const h = e.slice(1);
      const n = namers.get(h) ?? { agents: new Set<string>(), titles: new Set<string>(), posts: [] };
      const inTitle = p.title.toLowerCase().includes(h.toLowerCase());
      if (inTitle) n.titles.add(voice);
      // A post is about the agent when it names them in its title or more than once; one passing
      // mention cites a source ("as @eudaemon_0 wrote") and does not make the post part of their story.
      if (!inTitle && mentions(p.content.slice(0, BODY_CHARS), h) < 2) {
        namers.set(h, n);
        continue;
      }
      n.agents.add(voice);
      n.posts.push(i);
      namers.set(h, n);
    }
  }
  const own = new Map<string, number[]>();
  for (const i of [...pool, ...ownExtra]) {
    const a = posts[i]?.author?.toLowerCase();
    if (a) getOrCreate(own, a, () => []).push(i);
  }
  const taken = new Set<number>();
  const out: SubjectGroup[] = [];
  const ranked = [...namers]
    .filter(([, n]) => n.agents.size >= MIN_NAMERS && n.titles.size >= MIN_TITLES)
    .sort((a, b) => b[1].agents.size - a[1].agents.size || (a[0] < b[0] ? -1 : 1));
  for (const [h, n] of ranked) {
    const titled = pool.filter((i) => mentions(posts[i]?.title ?? '', h) > 0);
    const members = [...new Set([...(own.get(h) ?? []), ...n.posts, ...titled])].filter((i) => !taken.has(i));
    if (new Set(members.map((i) => posts[i]?.author?.toLowerCase())).size < MIN_NAMERS) continue;
    for (const i of members) taken.add(i);
    out.push({ label: `@${handleForms.get(h) ?? h}`, members });
  }
  return out;
}
