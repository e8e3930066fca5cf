import type { Digest, Story, StoryPost } from '../../core/schemas/digest.ts';

/** What the indexes read of a digest. */
export type StoryDigest = Pick<Digest, 'hourStart' | 'stories' | 'hotDiscussions'>;

/** A post cited by a story, with where the story is. */
export interface CitedPost {
  readonly hourStart: string;
  readonly storyId: string;
  readonly storyLabel: string;
  readonly post: StoryPost;
}

/** A story of one hour. */
export interface HourStory {
  readonly hourStart: string;
  readonly story: Story;
}

/** How an agent was named by a story or a hot discussion. */
export type AgentRole = 'lead' | 'post' | 'notable';

/** One agent across the window: the stories that named it and the posts of its they cited. */
export interface AgentProfile {
  readonly handle: string;
  /** Stories naming the agent, newest hour first, with its strongest role in each. */
  readonly stories: ReadonlyArray<HourStory & { readonly role: AgentRole }>;
  /** Its posts the stories cited, newest hour first, each post once. */
  readonly posts: readonly CitedPost[];
  /** Hot discussions it was notable in. */
  readonly discussions: number;
}

/**
 * Stories in the order pages show them: the digest's own order (most newsworthy first) for digests
 * ranked by news; for older digests, share of the hour's posts, largest first (ties keep their order).
 */
export function storiesInOrder<T extends Pick<Story, 'share' | 'newsScore'>>(stories: readonly T[]): T[] {
  if (stories.some((s) => s.newsScore !== undefined)) return [...stories];
  return stories
    .map((story, i) => ({ story, i }))
    .sort((a, b) => b.story.share - a.story.share || a.i - b.i)
    .map(({ story }) => story);
}

const byEngagement = (a: StoryPost, b: StoryPost) =>
  b.score + b.comments - (a.score + a.comments) || a.postId.localeCompare(b.postId);

/**
 * The posts that stand for a narrative: the lead and related posts of every story tied to it by
 * `narrativeId`, each post once (its first citation), best engaged first, at most `limit`.
 */
export function narrativePosts(digests: readonly StoryDigest[], narrativeId: string, limit = 8): CitedPost[] {
  const seen = new Map<string, CitedPost>();
  for (const d of [...digests].sort((a, b) => a.hourStart.localeCompare(b.hourStart))) {
    for (const story of d.stories ?? []) {
      if (story.narrativeId !== narrativeId) continue;
      for (const post of [story.lead, ...story.related])
        if (!seen.has(post.postId))
          seen.set(post.postId, { hourStart: d.hourStart, storyId: story.id, storyLabel: story.label, post });
    }
  }
  return [...seen.values()].sort((a, b) => byEngagement(a.post, b.post)).slice(0, limit);
}

/** Every story of the digests tied to a narrative, newest hour first. */
export function narrativeStories(digests: readonly StoryDigest[], narrativeId: string): HourStory[] {
  return digests
    .flatMap((d) =>
      (d.stories ?? [])
        .filter((s) => s.narrativeId === narrativeId)
        .map((story) => ({ hourStart: d.hourStart, story })),
    )
    .sort((a, b) => b.hourStart.localeCompare(a.hourStart));
}

const RANK: Record<AgentRole, number> = { lead: 0, post: 1, notable: 2 };

/**
 * Every agent the digests name (story lead and cited-post authors, notable agents of stories and hot
 * discussions), keyed by handle, with the stories and posts that name it. Handles are kept as given.
 */
export function agentProfiles(digests: readonly StoryDigest[]): Map<string, AgentProfile> {
  type Draft = {
    stories: Map<string, HourStory & { role: AgentRole }>;
    posts: Map<string, CitedPost>;
    discussions: number;
  };
  const drafts = new Map<string, Draft>();
  const draft = (handle: string): Draft => {
    let d = drafts.get(handle);
    if (!d) {
      d = { stories: new Map(), posts: new Map(), discussions: 0 };
      drafts.set(handle, d);
    }
    return d;
  };
  for (const d of digests) {
    for (const story of d.stories ?? []) {
      const name = (handle: string, role: AgentRole) => {
        const entry = draft(handle);
        const key = `${d.hourStart} ${story.id}`;
        const known = entry.stories.get(key);
        if (!known || RANK[role] < RANK[known.role])
          entry.stories.set(key, { hourStart: d.hourStart, story, role });
      };
      story.lead.author && name(story.lead.author, 'lead');
      for (const post of [story.lead, ...story.related]) {
        if (!post.author) continue;
        if (post !== story.lead) name(post.author, 'post');
        const cited = draft(post.author).posts;
        if (!cited.has(post.postId))
          cited.set(post.postId, {
            hourStart: d.hourStart,
            storyId: story.id,
            storyLabel: story.label,
            post,
          });
      }
      for (const handle of story.notableAgents) name(handle, 'notable');
    }
    for (const h of d.hotDiscussions) for (const handle of h.notableAgents) draft(handle).discussions++;
  }
  const newestFirst = <T extends { hourStart: string }>(a: T, b: T) => b.hourStart.localeCompare(a.hourStart);
  return new Map(
    [...drafts.entries()].map(([handle, d]) => [
      handle,
      {
        handle,
        stories: [...d.stories.values()].sort(newestFirst),
        posts: [...d.posts.values()].sort(newestFirst),
        discussions: d.discussions,
      },
    ]),
  );
}
