import type { Digest } from '../core/schemas/digest.ts';
import type { FileChange } from './git.ts';

/** One hour the commit publishes. */
export interface PublishedHour {
  readonly digest: Pick<Digest, 'hourStart' | 'title' | 'qualityPosts' | 'totalPosts'>;
  /** created: the hour had no digest; updated: it had one and it changed. */
  readonly outcome: 'created' | 'updated';
}

const SUBJECT_MAX = 100;
const TITLE_MAX = 120;

/**
 * A digest title made safe for a commit message: titles come from forum text, so control and format
 * characters and line breaks are removed and the length is bounded.
 */
export function cleanTitle(title: string, max = TITLE_MAX): string {
  const flat = title
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** `2026-01-28 17:00 UTC` */
function hourLabel(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Counts of the non-digest files a commit touches (signals, advisor files), by change. */
function otherFilesLine(others: readonly FileChange[]): string | null {
  if (others.length === 0) return null;
  const count = (c: FileChange['change']) => others.filter((o) => o.change === c).length;
  const parts = [
    ['added', count('added')],
    ['changed', count('modified')],
    ['removed', count('deleted')],
  ]
    .filter(([, n]) => (n as number) > 0)
    .map(([w, n]) => `${n} ${w}`);
  const advisor = others.some((o) => o.path.includes('advisor/'));
  return `Other files: ${parts.join(', ')} (signals${advisor ? ', advisor model and training rows' : ''}).`;
}

/**
 * The commit message of a run: a subject naming the hour (or the span of hours) with the newest
 * hour's title and post counts, then one line per hour, newest first, and a line about the other
 * files. `others` are the changed files that are not digests.
 */
export function commitMessage(hours: readonly PublishedHour[], others: readonly FileChange[] = []): string {
  const sorted = [...hours].sort((a, b) => (a.digest.hourStart < b.digest.hourStart ? 1 : -1));
  const newest = sorted[0];
  let subject: string;
  if (!newest) {
    subject = 'Content: update derived files';
  } else if (sorted.length === 1) {
    const d = newest.digest;
    subject = `Digest ${hourLabel(d.hourStart)} (${newest.outcome}): ${cleanTitle(d.title, SUBJECT_MAX)}`;
  } else {
    const oldest = sorted[sorted.length - 1]?.digest.hourStart ?? newest.digest.hourStart;
    subject = `Digests for ${plural(sorted.length, 'hour')}, ${hourLabel(oldest)} to ${hourLabel(newest.digest.hourStart)}`;
  }
  if (subject.length > SUBJECT_MAX) subject = `${subject.slice(0, SUBJECT_MAX - 1).trimEnd()}…`;
  const lines = sorted.map(
    ({ digest: d, outcome }) =>
      `- ${hourLabel(d.hourStart)} ${outcome}: ${d.qualityPosts} of ${d.totalPosts} posts kept — ${cleanTitle(d.title)}`,
  );
  const other = otherFilesLine(others);
  return `${[subject, '', ...lines, ...(other ? ['', other] : [])].join('\n').trimEnd()}\n`;
}
