import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addHours } from '../core/hours.ts';
import { simClock, simulatedSource } from './learn/sim-source.ts';
import { learnStep } from './learn-step.ts';
import type { LogEvent } from './log.ts';

const HOUR = new Date('2026-03-02T00:00:00.000Z');

describe('learnStep', () => {
  it('returns and logs a failure instead of throwing it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'murmur-learn-step-'));
    try {
      // A file where the content folder should be: every write of the step fails.
      const notADir = join(dir, 'content');
      await writeFile(notADir, 'not a folder');
      const source = simulatedSource({ seed: 9, postsPerHour: 30, clock: simClock(addHours(HOUR, 2)) });
      const scraped = await source.fetchHour(HOUR, addHours(HOUR, 1));
      const events: LogEvent[] = [];
      const outcome = await learnStep({
        contentDir: notADir,
        scraped,
        source,
        hourStart: HOUR,
        now: () => addHours(HOUR, 1),
        log: (e) => events.push(e),
      });
      expect(outcome.ok).toBe(false);
      expect(events).toMatchObject([{ event: 'advisor-learn-failed', hourStart: HOUR.toISOString() }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports what it learnt', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'murmur-learn-step-'));
    try {
      const source = simulatedSource({ seed: 9, postsPerHour: 30, clock: simClock(addHours(HOUR, 2)) });
      const scraped = await source.fetchHour(HOUR, addHours(HOUR, 1));
      const events: LogEvent[] = [];
      const outcome = await learnStep({
        contentDir: dir,
        scraped,
        source,
        hourStart: HOUR,
        now: () => addHours(HOUR, 1),
        log: (e) => events.push(e),
      });
      expect(outcome).toMatchObject({
        ok: true,
        report: { stored: scraped.posts.length > 0 ? expect.any(Number) : 0 },
      });
      expect(events[0]?.event).toBe('advisor-learn');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
