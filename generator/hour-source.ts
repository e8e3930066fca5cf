import type { ScrapedHour } from '../core/forum.ts';

/** Where the posts of an hour come from: the forum client, a replay of recorded files, the simulator. */
export interface HourSource {
  fetchHour(hourStart: Date, hourEnd: Date): Promise<ScrapedHour>;
}
