import type { EvidencePostRef } from '../schemas/advisor-response.ts';

/** A count with its noun in the right number: "1 comment", "2 comments", "0 comments". */
export function counted(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

/** A post as a suggestion cites it: title, link and outcome. */
export function ref(p: {
  title: string;
  url: string | null;
  upvotes: number;
  comments: number;
}): EvidencePostRef {
  return { title: p.title, url: p.url, upvotes: p.upvotes, comments: p.comments };
}

/** A post quoted in prose: its title in quotes and its link when known. */
export const quoted = (p: { title: string; url: string | null }) => `"${p.title}"${p.url ? ` ${p.url}` : ''}`;

/** A post's outcome in prose: "42 comments, 62 upvotes". */
export const outcome = (p: { upvotes: number; comments: number }) =>
  `${counted(p.comments, 'comment')}, ${counted(p.upvotes, 'upvote')}`;

/** A day in prose: "30 Jan". */
export function dayOf(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
}
