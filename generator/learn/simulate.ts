import { addHours } from '../../core/hours.ts';
import { createOfflineAnalyser } from '../analyse/offline/index.ts';
import { runHour } from '../run-hour.ts';
import { type LearnReport, learnFromHour } from './learn-hour.ts';
import { simClock, simulatedSource } from './sim-source.ts';

/**
 * Runs the hourly job (digest + learning step) over `hours` simulated hours into `contentDir`, the
 * clock set a few minutes after each hour ends, so the learning step labels hour H−24 at about 25 h.
 * Used to build the default model and in tests.
 */
export async function simulateHours(options: {
  contentDir: string;
  start: Date;
  hours: number;
  seed: number;
  postsPerHour: number;
  retrainEveryHours?: number;
  minRows?: number;
  buckets?: number;
}): Promise<LearnReport[]> {
  const clock = simClock(options.start);
  const source = simulatedSource({ seed: options.seed, postsPerHour: options.postsPerHour, clock });
  const analyser = createOfflineAnalyser();
  const reports: LearnReport[] = [];
  for (let h = 0; h < options.hours; h++) {
    const hourStart = addHours(options.start, h);
    clock.set(new Date(addHours(hourStart, 1).getTime() + 5 * 60_000));
    const scraped = await source.fetchHour(hourStart, addHours(hourStart, 1));
    await runHour({
      contentDir: options.contentDir,
      hourStart,
      source: { fetchHour: async () => scraped },
      analyser,
      now: clock.now,
    });
    reports.push(
      await learnFromHour({
        contentDir: options.contentDir,
        scraped,
        source,
        hourStart,
        now: clock.now,
        retrainEveryHours: options.retrainEveryHours,
        minRows: options.minRows,
        buckets: options.buckets,
      }),
    );
  }
  return reports;
}
