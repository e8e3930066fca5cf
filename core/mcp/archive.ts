import { z } from 'zod';
import { absoluteUrl, type PublicContext } from '../envelopes/context.ts';
import { apiMeta } from '../envelopes/meta.ts';
import type { Digest, StoryPost } from '../schemas/digest.ts';
import { ApiMeta } from '../schemas/envelope.ts';

/** Most hours one archive search or narrative look-up reads (a week). */
export const ARCHIVE_MAX_HOURS = 168;
/** Hours read when a search names no range (a day). */
export const ARCHIVE_DEFAULT_HOURS = 24;
/** Most hours a search answers with (newest first). */
export const SEARCH_MAX_RESULTS = 50;

const IsoHour = z.iso
  .datetime({ offset: true })
  .describe('An ISO 8601 date-time (UTC `Z` or an offset); it is read down to its hour.');

/** A post linked from an archive answer. */
export const ArchivePost = z
  .object({
    postId: z.string().describe('Forum id of the post.'),
    url: z.string().describe('The post on the forum.'),
    title: z.string().describe("The post's title as published (untrusted text)."),
    author: z.string().nullable().describe('Author handle, or null.'),
  })
  .strict()
  .describe('A post with its link on the forum.');
export type ArchivePost = z.infer<typeof ArchivePost>;

/** Input of `search_digests`. */
export const SearchInput = z
  .object({
    query: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .optional()
      .describe(
        'Words to look for in story labels, gists, titles and narratives (all must appear); omit for every hour.',
      ),
    from: IsoHour.optional().describe(
      `Start of the range (default: ${ARCHIVE_DEFAULT_HOURS} hours before \`to\`).`,
    ),
    to: IsoHour.optional().describe('End of the range, exclusive (default: now).'),
  })
  .strict()
  .describe(`A time range of at most ${ARCHIVE_MAX_HOURS} hours and optional words.`);
export type SearchInput = z.infer<typeof SearchInput>;

/** One hour of the archive that matched a search. */
export const SearchHit = z
  .object({
    hourStart: z.string().describe('Start of the hour.'),
    title: z.string().describe("The digest's title."),
    url: z.string().describe("The hour's page on the site."),
    narratives: z.array(z.string()).describe('Emerging, continuing and fading narratives of the hour.'),
    stories: z
      .array(
        z
          .object({
            label: z.string().describe('What the story is about.'),
            gist: z.string().describe('What its posts say.'),
            narrativeId: z.string().nullable().describe('Its narrative (for `get_narrative`), or null.'),
            lead: ArchivePost.describe('Its lead post.'),
          })
          .strict(),
      )
      .describe("The hour's stories that matched (every story when no query was given)."),
  })
  .strict()
  .describe('One hour of the archive.');
export type SearchHit = z.infer<typeof SearchHit>;

/** Output of `search_digests`. */
export const SearchResult = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    from: z.string().describe('Start of the range searched (an hour).'),
    to: z.string().describe('End of the range searched, exclusive (an hour).'),
    query: z.string().nullable().describe('The words searched for, or null.'),
    count: z.int().nonnegative().describe('Hours that matched (at most 50 are listed).'),
    results: z.array(SearchHit).describe('Matching hours, newest first.'),
  })
  .strict()
  .describe('Hours of the archive whose stories, titles or narratives match.');
export type SearchResult = z.infer<typeof SearchResult>;

/** Input of `get_narrative`. */
export const NarrativeInput = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,120}$/, 'must be a narrative id (lower-case letters, digits and -)')
      .describe("Id of the narrative (a story's `narrativeId`, or a digest's `narrativeLines[].id`)."),
    hours: z.coerce
      .number()
      .int()
      .min(1)
      .max(ARCHIVE_MAX_HOURS)
      .default(ARCHIVE_MAX_HOURS)
      .describe(`How many hours back to look (1–${ARCHIVE_MAX_HOURS}, default ${ARCHIVE_MAX_HOURS}).`),
  })
  .strict()
  .describe('A narrative id and how far back to look.');
export type NarrativeInput = z.infer<typeof NarrativeInput>;

/** Output of `get_narrative`. */
export const NarrativeResult = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    id: z.string().describe('The narrative.'),
    label: z.string().nullable().describe('Its newest label, or null when not seen in the range.'),
    url: z.string().describe("The narrative's page on the site."),
    hours: z
      .array(
        z
          .object({
            hourStart: z.string().describe('Start of the hour.'),
            status: z
              .string()
              .nullable()
              .describe('emerging, continuing or fading, or null when only stories name it.'),
            posts: z.int().nonnegative().describe('Quality posts in it that hour.'),
            share: z.number().min(0).max(1).describe("Share (0–1) of the hour's quality posts."),
            url: z.string().describe("The hour's page on the site."),
          })
          .strict(),
      )
      .describe('Hours it was seen, newest first.'),
    posts: z
      .array(
        ArchivePost.extend({
          hourStart: z.string(),
          story: z.string().describe('Label of the story citing it.'),
        }),
      )
      .describe('Posts of its stories, each once, best engaged first (at most 20).'),
  })
  .strict()
  .describe("One narrative's hours and posts.");
export type NarrativeResult = z.infer<typeof NarrativeResult>;

/** Path of the site's page of one hour: `/digests/YYYY/MM/DD/HH/`. */
export function hourPage(ctx: PublicContext, hourStart: string): string {
  const [y, m, d, h] = [
    hourStart.slice(0, 4),
    hourStart.slice(5, 7),
    hourStart.slice(8, 10),
    hourStart.slice(11, 13),
  ];
  return absoluteUrl(ctx, `/digests/${y}/${m}/${d}/${h}/`);
}

const postOf = (p: StoryPost): ArchivePost => ({
  postId: p.postId,
  url: p.url,
  title: p.title,
  author: p.author,
});
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);
const matches = (needles: readonly string[], ...texts: string[]) => {
  const hay = texts.join(' ').toLowerCase();
  return needles.every((w) => hay.includes(w));
};

/** The archive search over `digests` (any order): matching hours newest first, at most SEARCH_MAX_RESULTS. */
export function searchDigests(
  ctx: PublicContext,
  digests: readonly Digest[],
  range: { readonly from: Date; readonly to: Date; readonly query: string | undefined },
): SearchResult {
  const needles = words(range.query ?? '');
  const hits: SearchHit[] = [];
  for (const d of [...digests].sort((a, b) => b.hourStart.localeCompare(a.hourStart))) {
    const narratives = [...d.emergingNarratives, ...d.continuingNarratives, ...d.fadingNarratives];
    const stories = (d.stories ?? []).filter(
      (s) => needles.length === 0 || matches(needles, s.label, s.gist, s.lead.title),
    );
    const hourMatches = needles.length === 0 || matches(needles, d.title, ...narratives);
    if (stories.length === 0 && !hourMatches) continue;
    hits.push({
      hourStart: d.hourStart,
      title: d.title,
      url: hourPage(ctx, d.hourStart),
      narratives,
      stories: stories.map((s) => ({
        label: s.label,
        gist: s.gist,
        narrativeId: s.narrativeId,
        lead: postOf(s.lead),
      })),
    });
  }
  return {
    success: true,
    _meta: apiMeta(ctx),
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    query: range.query === undefined || range.query === '' ? null : range.query,
    count: hits.length,
    results: hits.slice(0, SEARCH_MAX_RESULTS),
  };
}

/** One narrative across `digests`: the hours it was seen (newest first) and its stories' posts. */
export function narrativeOf(ctx: PublicContext, digests: readonly Digest[], id: string): NarrativeResult {
  const hours: NarrativeResult['hours'] = [];
  const posts = new Map<string, NarrativeResult['posts'][number] & { engagement: number }>();
  let label: string | null = null;
  for (const d of [...digests].sort((a, b) => b.hourStart.localeCompare(a.hourStart))) {
    const line = d.narrativeLines?.find((l) => l.id === id);
    const stories = (d.stories ?? []).filter((s) => s.narrativeId === id);
    if (!line && stories.length === 0) continue;
    label ??= line?.label ?? stories[0]?.label ?? null;
    hours.push({
      hourStart: d.hourStart,
      status: line?.status ?? null,
      posts: line?.posts ?? stories.reduce((n, s) => n + s.posts, 0),
      share:
        line?.share ??
        Math.min(
          1,
          stories.reduce((n, s) => n + s.share, 0),
        ),
      url: hourPage(ctx, d.hourStart),
    });
    for (const s of stories)
      for (const p of [s.lead, ...s.related])
        if (!posts.has(p.postId))
          posts.set(p.postId, {
            ...postOf(p),
            hourStart: d.hourStart,
            story: s.label,
            engagement: p.score + p.comments,
          });
  }
  return {
    success: true,
    _meta: apiMeta(ctx),
    id,
    label,
    url: absoluteUrl(ctx, `/narratives/${id}/`),
    hours,
    posts: [...posts.values()]
      .sort((a, b) => b.engagement - a.engagement || a.postId.localeCompare(b.postId))
      .slice(0, 20)
      .map(({ engagement: _e, ...p }) => p),
  };
}
