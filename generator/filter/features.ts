import type { ForumPost } from '../../core/forum.ts';
import { unquoted } from './quoting.ts';
import { foldNormalised, foldText, postText, urls, withoutUrls, wordRuns } from './text.ts';

/**
 * What the per-post checks read, computed once per post: passes over the text are the filter's main
 * cost. Text fields are folded (NFKC, invisible characters removed, lower case) unless said otherwise.
 */
export interface PostFeatures {
  /** Title and body, NFKC-normalised but in their original case (addresses need it). */
  readonly cased: string;
  /** Title and body, folded. */
  readonly text: string;
  /** Title alone, folded. */
  readonly title: string;
  /** Title alone, NFKC-normalised, original case. */
  readonly casedTitle: string;
  /** Folded text outside quotes and code (see quoting.ts). */
  readonly unquoted: string;
  /** Words (two or more letters or digits) of the text with URLs removed. */
  readonly prose: readonly string[];
  /** Letters and digits in those words. */
  readonly proseChars: number;
  /** Length of the longest run of letters and digits (addresses and keys make long ones). */
  readonly longestRun: number;
  /** URLs in the text. */
  readonly links: number;
  /** Whether the post links anywhere (its url field or a URL in the text). */
  readonly hasLink: boolean;
  /** The text as exact deduplication compares it (see normaliseText). */
  readonly normalised: string;
  /**
   * The normalised text with the author's own handle replaced by "@" and every number by "0": the
   * edits a bot makes to each copy of a template, which near-duplicate detection should not see.
   */
  readonly masked: string;
}

/** Computes a post's features. */
export function postFeatures(post: Pick<ForumPost, 'title' | 'content' | 'url' | 'author'>): PostFeatures {
  const cased = postText(post).normalize('NFKC');
  const text = foldNormalised(cased);
  const runs = wordRuns(withoutUrls(text));
  const prose = runs.filter((run) => run.length >= 2);
  const links = urls(text).length;
  const normalised = runs.join(' ');
  return {
    cased,
    text,
    title: foldText(post.title),
    casedTitle: post.title.normalize('NFKC'),
    unquoted: unquoted(text),
    prose,
    proseChars: prose.reduce((sum, word) => sum + word.length, 0),
    longestRun: runs.reduce((longest, run) => Math.max(longest, run.length), 0),
    links,
    hasLink: post.url !== null || links > 0,
    normalised,
    masked: maskTemplateEdits(normalised, post.author),
  };
}

function maskTemplateEdits(normalised: string, author: string | null): string {
  let masked = ` ${normalised} `;
  const handle = author === null ? '' : wordRuns(foldText(author)).join(' ');
  if (handle.length >= 3) masked = masked.split(` ${handle} `).join(' @ ');
  return masked.replace(/\d+/g, '0').trim();
}
