import { activityFacts } from '../../core/advisor/activity.ts';
import type { ForumPost } from '../../core/forum.ts';
import { type PostingRow, ROW_BODY_CHARS, ROW_TITLE_CHARS } from '../../core/schemas/advisor-rows.ts';

/** The row schemas live in core/ (the pipeline validates them too); re-exported for learn/'s modules. */
export { LabelledRow, PostingRow, ROW_BODY_CHARS, ROW_TITLE_CHARS } from '../../core/schemas/advisor-rows.ts';

/** The posting-time row of a forum post (text cut to the row bounds). */
export function postingRow(
  post: ForumPost,
  context: readonly number[],
  activity?: readonly number[],
): PostingRow {
  return {
    id: post.id,
    createdAt: new Date(post.createdAt).toISOString(),
    title: post.title.slice(0, ROW_TITLE_CHARS),
    content: post.content.slice(0, ROW_BODY_CHARS),
    hasUrl: post.url !== null,
    submolt: post.submolt?.toLowerCase() ?? null,
    author: post.author?.toLowerCase() ?? null,
    context: context.map((v) => Math.round(v * 1e4) / 1e4),
    ...(activity ? { activity: [...activity] } : {}),
    ...(post.authorKarma !== null ? { authorKarma: post.authorKarma } : {}),
    ...(post.authorFollowers !== undefined ? { authorFollowers: post.authorFollowers } : {}),
  };
}

/** The posting-time facts of a row that do not depend on learned tables (priors are the caller's). */
export function rowFacts(row: PostingRow) {
  const at = new Date(row.createdAt);
  return {
    title: row.title,
    content: row.content,
    hasUrl: row.hasUrl,
    hourOfDay: at.getUTCHours(),
    submolt: row.submolt,
    author: row.author,
    context: row.context,
    activity: row.activity ? activityFacts(row.activity) : null,
    authorKarma: row.authorKarma ?? null,
    authorFollowers: row.authorFollowers ?? null,
  };
}
