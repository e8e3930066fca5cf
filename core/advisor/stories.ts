import type { Digest, Story } from '../schemas/digest.ts';
import { otherLanguage } from './language.ts';
import { distinctTerms, EvidenceIndex } from './similar.ts';

/** A story of the newest digest as the advisor uses it: its words, its numbers and its lead post. */
export interface StoryInput {
  readonly id: string;
  readonly label: string;
  readonly kind: string;
  /** The digest's news kind (incident, platform, security, …; `campaign` for a flood), null in older digests. */
  readonly newsKind: string | null;
  /** True for real news a post can join: 2+ posts, not a campaign, an introduction or promotion stream, nor a story in another language. */
  readonly news: boolean;
  readonly gist: string;
  /** Titles of the story's posts (lead first), for content matching. */
  readonly titles: readonly string[];
  /** Content words of the label and gist, label first (lower case). */
  readonly terms: readonly string[];
  readonly posts: number;
  readonly share: number;
  /** Mean score and comments per post of the story when the hour was read. */
  readonly scorePerPost: number;
  readonly commentsPerPost: number;
  /** True when its posts average more score per post than the hour's stories overall. */
  readonly aboveHour: boolean;
  /** True when the story belongs to an emerging narrative, or does better than the hour with 3+ posts. */
  readonly rising: boolean;
  readonly lead: {
    readonly title: string;
    readonly url: string;
    readonly author: string | null;
    readonly score: number;
    readonly comments: number;
  };
  /** The digest hour the story comes from. */
  readonly hourStart: string;
}

/** Post kinds that are background, never news a draft should join. */
const NOT_NEWS_KINDS: ReadonlySet<string> = new Set(['introduction', 'promotion']);

export { otherLanguage } from './language.ts';

/** Posts a story needs before a draft is told to join it (one post is a post, not a story). */
const NEWS_POSTS = 2;

function isNews(s: Story): boolean {
  if (s.newsKind === 'campaign' || NOT_NEWS_KINDS.has(s.kind) || s.posts < NEWS_POSTS) return false;
  return !otherLanguage(`${s.label} ${s.lead.title}`);
}

/**
 * The stories of a digest (none in digests written before stories), with each one's engagement per
 * post against the hour's, and whether it is rising (its narrative is emerging, given narrative
 * statuses by id). Pure.
 */
export function storiesOf(
  digest: Digest | undefined,
  narrativeStatus: ReadonlyMap<string, 'emerging' | 'continuing' | 'fading'> = new Map(),
): StoryInput[] {
  const stories = digest?.stories ?? [];
  const posts = stories.reduce((n, s) => n + s.posts, 0);
  const hourScore = posts === 0 ? 0 : stories.reduce((n, s) => n + s.score, 0) / posts;
  return stories.map((s) => {
    const scorePerPost = s.score / s.posts;
    const aboveHour = scorePerPost > hourScore;
    const status = s.narrativeId === null ? undefined : narrativeStatus.get(s.narrativeId);
    return {
      id: s.id,
      label: s.label,
      kind: s.kind,
      newsKind: s.newsKind ?? null,
      news: isNews(s),
      gist: s.gist,
      titles: [s.lead.title, ...s.related.map((p) => p.title)].slice(0, 8),
      terms: [...new Set([...distinctTerms(s.label), ...distinctTerms(s.gist)])].slice(0, 12),
      posts: s.posts,
      share: s.share,
      scorePerPost: Math.round(scorePerPost * 10) / 10,
      commentsPerPost: Math.round((s.comments / s.posts) * 10) / 10,
      aboveHour,
      rising: status === 'emerging' || (aboveHour && s.posts >= 3),
      lead: {
        title: s.lead.title,
        url: s.lead.url,
        author: s.lead.author,
        score: s.lead.score,
        comments: s.lead.comments,
      },
      hourStart: (digest as Digest).hourStart,
    };
  });
}

/** A news story a draft could join, with how close the draft is to it (cosine, 0–1). */
export interface JoinableStory {
  readonly story: StoryInput;
  readonly similarity: number;
}

/** Cosine similarity from which a draft counts as joining a story. */
export const JOIN_SIMILARITY = 0.15;

/**
 * The hour's news stories a draft could join, closest first: only real news (`news`), compared by
 * content (the draft's TF-IDF vector against the story's label, gist and post titles, in the evidence
 * index's space), at least JOIN_SIMILARITY. Pure.
 */
export function joinableStories(
  draft: { title: string; content: string },
  stories: readonly StoryInput[],
  index: EvidenceIndex,
): JoinableStory[] {
  const q = index.vectorOf(draft.title, draft.content);
  return stories
    .filter((s) => s.news)
    .map((story) => ({
      story,
      similarity:
        Math.round(
          EvidenceIndex.cosine(q, index.vectorOf(`${story.label}. ${story.titles.join('. ')}`, story.gist)) *
            1000,
        ) / 1000,
    }))
    .filter((j) => j.similarity >= JOIN_SIMILARITY)
    .sort((a, b) => b.similarity - a.similarity || a.story.id.localeCompare(b.story.id));
}
