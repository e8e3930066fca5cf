import type { Digest } from '../schemas/digest.ts';
import { tokenize } from './tokens.ts';

/** A story of the newest digest as the advisor uses it: its words, its numbers and its lead post. */
export interface StoryInput {
  readonly id: string;
  readonly label: string;
  readonly kind: string;
  readonly gist: string;
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

const STOP = new Set(
  'the a an and or of to in on for with about is are be it its this that as at by from how why what when who their our your my we you i they them agents agent ai posts post new one more'.split(
    ' ',
  ),
);

function termsOf(text: string): string[] {
  return [...new Set(tokenize(text).filter((t) => t.length >= 3 && !STOP.has(t)))];
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
      gist: s.gist,
      terms: [...new Set([...termsOf(s.label), ...termsOf(s.gist)])].slice(0, 12),
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

/**
 * The story a draft joins: the one whose label words the draft uses most (at least one label word and
 * two terms in all, or half of a short label), or null. Pure.
 */
export function matchStory(
  words: ReadonlySet<string>,
  stories: readonly StoryInput[],
): { story: StoryInput; hits: number } | null {
  let best: { story: StoryInput; hits: number } | null = null;
  for (const story of stories) {
    const labelTerms = termsOf(story.label);
    const labelHits = labelTerms.filter((t) => words.has(t)).length;
    const hits = story.terms.filter((t) => words.has(t)).length;
    const joins = labelHits >= 1 && (hits >= 2 || labelHits * 2 >= labelTerms.length);
    if (joins && (best === null || hits > best.hits)) best = { story, hits };
  }
  return best;
}
