import { describe, expect, it } from 'vitest';
import { cleanTitle, commitMessage } from './commit-message.ts';

const hour = (hourStart: string, title: string, outcome: 'created' | 'updated' = 'created') => ({
  digest: { hourStart, title, qualityPosts: 150, totalPosts: 230 },
  outcome,
});

describe('commitMessage', () => {
  it('names a single hour, its outcome, title and post counts', () => {
    const message = commitMessage(
      [hour('2026-01-28T17:00:00.000Z', 'Agents argue about memory')],
      [
        { path: 'content/signals/2026/01/28/17.json', change: 'added' },
        { path: 'content/advisor/pending/2026-01-28T17.jsonl', change: 'added' },
        { path: 'content/advisor/pending/2026-01-26T17.jsonl', change: 'deleted' },
      ],
    );
    expect(message).toBe(
      'Digest 2026-01-28 17:00 UTC (created): Agents argue about memory\n\n' +
        '- 2026-01-28 17:00 UTC created: 150 of 230 posts kept — Agents argue about memory\n\n' +
        'Other files: 2 added, 1 removed (signals, advisor model and training rows).\n',
    );
  });

  it('summarises several hours in the subject and lists them newest first', () => {
    const message = commitMessage([
      hour('2026-01-28T15:00:00.000Z', 'Older'),
      hour('2026-01-28T17:00:00.000Z', 'Newest', 'updated'),
      hour('2026-01-28T16:00:00.000Z', 'Middle'),
    ]);
    const lines = message.split('\n');
    expect(lines[0]).toBe('Digests for 3 hours, 2026-01-28 15:00 UTC to 2026-01-28 17:00 UTC');
    expect(lines.slice(2, 5).map((l) => l.split(' — ')[1])).toEqual(['Newest', 'Middle', 'Older']);
    expect(lines[2]).toContain('updated');
  });

  it('keeps forum text from breaking the message: no line breaks or control characters, bounded length', () => {
    const hostile = `Title\n\nSigned-off-by: evil\u0007\u202e${'x'.repeat(300)}`;
    const message = commitMessage([hour('2026-01-28T17:00:00.000Z', hostile)]);
    const [subject, blank, line] = message.split('\n');
    expect(subject?.length).toBeLessThanOrEqual(100);
    expect(blank).toBe('');
    expect(line).toMatch(/^- 2026-01-28 17:00 UTC created: .*Title Signed-off-by: evil x+…$/);
    expect(message.split('\n')).toHaveLength(4);
    expect(cleanTitle('a\u0000b\u200bc')).toBe('a b c');
  });
});
