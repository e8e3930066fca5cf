import { canonicalJson } from '../../core/canonical-json.ts';
import { readDigest } from '../../core/content/digest-store.ts';
import { hourFiles } from '../../core/content/paths.ts';
import { Digest } from '../../core/schemas/digest.ts';
import { HourSignals } from '../analyse/types.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { renderDigestMarkdown } from './render-markdown.ts';

/** What publishing an hour did. */
export type PublishOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Writes an hour's digest (JSON + markdown) and signals, each atomically. When the hour already
 * holds a digest with the same id (same content), nothing is written, so re-running an hour on the
 * same input changes no byte. The JSON is written last: it is what readers treat as published.
 */
export async function publishHour(
  contentDir: string,
  digest: Digest,
  signals: HourSignals,
): Promise<PublishOutcome> {
  const valid = Digest.parse(digest);
  const validSignals = HourSignals.parse(signals);
  const hour = new Date(valid.hourStart);
  const existing = await readDigest(contentDir, hour).catch(() => undefined);
  if (existing?.id === valid.id) return 'unchanged';
  const files = hourFiles(contentDir, hour);
  await writeFileAtomic(files.signals, canonicalJson(validSignals));
  await writeFileAtomic(files.markdown, renderDigestMarkdown(valid));
  await writeFileAtomic(files.json, canonicalJson(valid));
  return existing ? 'updated' : 'created';
}
