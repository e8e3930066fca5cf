import { plain, quote } from './text.ts';
import type { ContradictionKind, HourReport, Report } from './types.ts';

/** The letter of each contradiction check, as the task lists them. */
const LETTER: Readonly<Record<ContradictionKind, string>> = {
  'gone-but-present': 'a',
  'two-statuses': 'b',
  'top-topic-fading': 'c',
  'text-says-gone': 'd',
  'title-names-fading': 'e',
  'shift-against-numbers': 'f',
  'anomaly-without-warning': 'g',
};

/** Flip-flopping narratives printed in full in the totals. */
const WORST_SHOWN = 8;

function pct(share: number | null): string {
  return share === null ? 'n/a' : `${Math.round(share * 100)}%`;
}

function hourName(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function hourLines(h: HourReport): string[] {
  const lines = [`${hourName(h.hourStart)}  ${quote(h.title, 120)}  (tone: ${plain(h.tone, 30)})`];
  if (!h.hasSignals) lines.push('  no signals published for this hour (narratives read from the digest)');
  lines.push(`  contradictions: ${h.contradictions.length}`);
  for (const c of h.contradictions) lines.push(`    (${LETTER[c.kind]}) ${c.kind}: ${c.detail}`);
  const generic = h.genericLabels.map((g) => `${g.field} ${quote(g.label, 40)}`);
  lines.push(
    `  generic labels: ${h.genericLabels.length}${generic.length ? ` — ${generic.join(', ')}` : ''}`,
  );
  const unlinked = h.unlinkedDiscussions.map((t) => quote(t, 40));
  lines.push(
    `  hot discussions without a post link: ${unlinked.length} of ${h.hotDiscussions}${unlinked.length ? ` — ${unlinked.join(', ')}` : ''}`,
  );
  const s = h.storyCoverage;
  lines.push(
    s === null
      ? '  no stories (written before stories)'
      : `  stories: ${s.stories}; ${s.postsInStories} of ${s.qualityPosts} quality posts in a story of 2+ posts (${pct(s.share)})`,
  );
  return lines;
}

function totalLines(r: Report): string[] {
  const t = r.totals;
  const kinds = Object.entries(t.contradictionsByKind)
    .map(([k, n]) => `(${LETTER[k as ContradictionKind]}) ${k} ${n}`)
    .join(', ');
  const lines = [
    `totals over ${t.hours} hour${t.hours === 1 ? '' : 's'}`,
    `  contradictions: ${t.contradictions} — ${kinds}`,
    `  generic labels: ${t.genericLabels}`,
    `  hot discussions without a post link: ${t.unlinkedDiscussions} of ${t.hotDiscussions} (${pct(t.hotDiscussions === 0 ? null : t.unlinkedDiscussions / t.hotDiscussions)})`,
    `  tone-word changes: ${t.toneChanges.changed} of ${t.toneChanges.pairs} consecutive hour pairs (${pct(t.toneChanges.share)})`,
    `  narrative flip-flops: ${t.reversals} reversal${t.reversals === 1 ? '' : 's'} in ${t.flipFlops.length} of ${t.narratives} narratives (status back to an earlier one within 3 hours)`,
  ];
  for (const n of t.flipFlops.slice(0, WORST_SHOWN))
    lines.push(`    ${plain(n.label, 60)}: ${n.sequence.join(',')}  (${n.reversals})`);
  if (t.flipFlops.length > WORST_SHOWN) lines.push(`    … and ${t.flipFlops.length - WORST_SHOWN} more`);
  const withStories = t.hours - t.hoursWithoutStories;
  lines.push(
    withStories === 0
      ? '  quality posts in a named story: no stories (every digest was written before stories)'
      : `  quality posts in a named story: mean ${pct(t.meanStoryCoverage)} over ${withStories} hour${withStories === 1 ? '' : 's'} with stories${t.hoursWithoutStories ? `; ${t.hoursWithoutStories} without (written before stories)` : ''}`,
  );
  return lines;
}

/** The report as text for a person: one block per hour, then the totals. Digest text is quoted plainly. */
export function renderReport(r: Report, contentDir: string): string {
  const head = `digest report: ${r.from ?? '—'} … ${r.to ?? '—'} (${r.totals.hours} digests in ${plain(contentDir, 200)})`;
  const blocks = r.hours.map((h) => hourLines(h).join('\n'));
  return `${[head, ...blocks, totalLines(r).join('\n')].join('\n\n')}\n`;
}
