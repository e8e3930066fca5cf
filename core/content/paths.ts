import { join } from 'node:path';
import { hourFileStem } from '../hours.ts';

/** The files one hour publishes under the content folder. */
export interface HourFiles {
  /** The validated Digest as canonical JSON. */
  readonly json: string;
  /** The digest rendered as markdown. */
  readonly markdown: string;
  /** What the analysis keeps for later hours (narrative signals). */
  readonly signals: string;
}

/** Paths of an hour's files: `digests/YYYY/MM/DD/HH.{json,md}` and `signals/YYYY/MM/DD/HH.json`. */
export function hourFiles(contentDir: string, hourStart: Date): HourFiles {
  const stem = hourFileStem(hourStart);
  return {
    json: join(contentDir, `${stem}.json`),
    markdown: join(contentDir, `${stem}.md`),
    signals: join(contentDir, `${stem.replace(/^digests\//, 'signals/')}.json`),
  };
}
