import type { ScrapedHour } from '../../core/forum.ts';
import type { HourSource } from '../run-hour.ts';
import { generateHour } from '../sim/world.ts';

/** A virtual clock the simulated source observes posts at. */
export interface SimClock {
  now(): Date;
  set(date: Date): void;
}

/** A settable clock starting at `start`. */
export function simClock(start: Date): SimClock {
  let t = start.getTime();
  return { now: () => new Date(t), set: (d) => (t = d.getTime()) };
}

/**
 * An in-process HourSource over the forum simulator: the posts of an hour with their engagement as
 * seen at the clock's time (so re-reading an hour a day later gives its 24 h labels).
 */
export function simulatedSource(options: {
  seed: number;
  postsPerHour: number;
  clock: SimClock;
}): HourSource {
  return {
    async fetchHour(hourStart: Date, hourEnd: Date): Promise<ScrapedHour> {
      const { posts, comments } = generateHour(options, hourStart, options.clock.now());
      return {
        hourStart: hourStart.toISOString(),
        hourEnd: hourEnd.toISOString(),
        posts: posts.map((p) => p.post).reverse(),
        comments,
        threads: { wanted: comments.size, fetched: comments.size, failed: 0 },
      };
    },
  };
}
