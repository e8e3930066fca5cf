import { isGenericLabel } from '../../core/labels.ts';
import type { GenericLabel, ReportHour, StoryCoverage } from './types.ts';

/**
 * Generic labels of one hour (see `core/labels.ts`), each field's label once: top topics, story labels,
 * hot-discussion topics, and narrative labels from the digest's lists and the hour's signals.
 */
export function genericLabels(hour: ReportHour): GenericLabel[] {
  const d = hour.digest;
  const fields: [GenericLabel['field'], readonly string[]][] = [
    ['topTopics', d.topTopics],
    ['stories', (d.stories ?? []).map((s) => s.label)],
    ['hotDiscussions', d.hotDiscussions.map((h) => h.topic)],
    [
      'narratives',
      [
        ...d.emergingNarratives,
        ...d.continuingNarratives,
        ...d.fadingNarratives,
        ...(hour.signals?.narratives ?? []).map((n) => n.label),
      ],
    ],
  ];
  const out: GenericLabel[] = [];
  for (const [field, labels] of fields)
    for (const label of new Set(labels)) if (isGenericLabel(label)) out.push({ field, label });
  return out;
}

/** Topics of the hour's hot discussions that carry no link to their post (`postUrl`). */
export function unlinkedDiscussions(hour: ReportHour): string[] {
  return hour.digest.hotDiscussions.filter((h) => h.postUrl === undefined).map((h) => h.topic);
}

/**
 * The share of the hour's quality posts inside a named story: posts of the stories with at least two
 * posts, divided by qualityPosts (a one-post "story" is a post, not a story). Null for a digest written
 * before stories (no `stories` field).
 */
export function storyCoverage(hour: ReportHour): StoryCoverage | null {
  const stories = hour.digest.stories;
  if (stories === undefined) return null;
  const postsInStories = stories.filter((s) => s.posts >= 2).reduce((sum, s) => sum + s.posts, 0);
  const quality = hour.digest.qualityPosts;
  return {
    stories: stories.length,
    postsInStories,
    qualityPosts: quality,
    share: quality === 0 ? null : Math.min(1, postsInStories / quality),
  };
}
