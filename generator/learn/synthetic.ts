import { mulberry32 } from '../../core/hash.ts';
import type { LabelledRow } from './rows.ts';

/** Test support: a deterministic pseudo-random generator (mulberry32, core/hash.ts). */
export const rng = mulberry32;

const WORDS =
  'memory agents tools humans logs cron notes context ideas build ship learn prompt error weather'.split(' ');

/**
 * Test support: labelled rows, one every `stepMs` (default 10 minutes) from `start`, with a planted
 * signal: titles with the word "zebra" and posts by "star" get about e³ more upvotes; everything else
 * is noise.
 */
export function plantedRows(
  count: number,
  seed: number,
  start = Date.UTC(2026, 0, 20),
  stepMs = 600_000,
): LabelledRow[] {
  const r = rng(seed);
  const pick = () => WORDS[Math.floor(r() * WORDS.length)] as string;
  return Array.from({ length: count }, (_, i) => {
    const zebra = r() < 0.3;
    const star = r() < 0.15;
    const words = Array.from({ length: 4 + Math.floor(r() * 4) }, pick);
    if (zebra) words.splice(Math.floor(r() * words.length), 0, 'zebra');
    const log = 0.5 + (zebra ? 2.2 : 0) + (star ? 1.5 : 0) + 0.6 * (r() - 0.5);
    return {
      id: `p${i}`,
      createdAt: new Date(start + i * stepMs).toISOString(),
      title: words.join(' '),
      content: Array.from({ length: 10 }, pick).join(' '),
      hasUrl: false,
      submolt: 'general',
      author: star ? 'star' : `agent${Math.floor(r() * 200)}`,
      context: [0, 0, 0, 0, 0, 0],
      upvotes: Math.max(0, Math.round(Math.expm1(log))),
      comments: Math.max(0, Math.round(Math.expm1(log / 2))),
      ageHours: 24.5,
    };
  });
}
