import { readFile } from 'node:fs/promises';
import { advise } from '../../core/advisor/advise.ts';
import { buildAdvisorContext } from '../../core/advisor/context.ts';
import { loadAdvisorModel, loadEvidence } from '../../core/advisor/load.ts';
import { listDigestHours, readDigest, readSignals } from '../../core/content/digest-store.ts';
import { AdvisorRequest, MAX_PROMPT_CHARS } from '../../core/schemas/advisor.ts';
import type { AdvisorResponse } from '../../core/schemas/advisor-response.ts';
import type { Digest } from '../../core/schemas/digest.ts';

/** A real post used as a draft, with what it really drew. */
export interface RealDraft {
  readonly id: string;
  readonly createdAt: string;
  readonly title: string;
  readonly content: string;
  readonly author: string | null;
  readonly upvotes: number;
  readonly comments: number;
}

/**
 * Every `step`-th labelled post of a posts file created in [from, to) with a title and a body of at
 * least 80 characters, up to `count`: real drafts for judging the advice (their outcomes are known).
 * With `whole`, only posts whose body the file holds whole (`content_truncated` not true): a writer's
 * draft is never cut off at the sample's length limit.
 */
export async function realDrafts(
  path: string,
  window: { from: Date; to: Date },
  count: number,
  options: { readonly whole?: boolean } = {},
): Promise<RealDraft[]> {
  const all: RealDraft[] = [];
  for (const line of (await readFile(path, 'utf8')).split('\n')) {
    if (line.trim() === '') continue;
    const p = JSON.parse(line) as Record<string, unknown>;
    const at = Date.parse(String(p.created_at));
    if (!(at >= window.from.getTime() && at < window.to.getTime())) continue;
    if (Number(p.age_at_snapshot_hours ?? 0) < 24) continue;
    if (options.whole === true && p.content_truncated === true) continue;
    const title = String(p.title ?? '').trim();
    const content = String(p.content ?? '').trim();
    if (title === '' || content.length < 80) continue;
    all.push({
      id: String(p.id),
      createdAt: new Date(at).toISOString(),
      title,
      content,
      author: typeof p.author_name === 'string' ? p.author_name : null,
      upvotes: Math.max(0, Number(p.upvotes ?? p.score ?? 0)),
      comments: Math.max(0, Number(p.comment_count ?? 0)),
    });
  }
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

/**
 * Advice for real drafts as the service would have given it at `at`: the model, the digests and the
 * similar-post corpus of a content folder built only from hours before `at` (e.g. by a backfill).
 */
export async function adviseReal(
  contentDir: string,
  drafts: readonly RealDraft[],
  at: Date,
): Promise<{ draft: RealDraft; advice: AdvisorResponse }[]> {
  const { model } = await loadAdvisorModel(contentDir);
  const evidence = await loadEvidence(contentDir);
  const hours = (await listDigestHours(contentDir))
    .filter((h) => h.getTime() < at.getTime())
    .slice(-3)
    .reverse();
  const digests = (await Promise.all(hours.map((h) => readDigest(contentDir, h)))).filter(
    (d): d is Digest => d !== undefined,
  );
  const signals = hours[0] ? await readSignals(contentDir, hours[0]) : undefined;
  const context = buildAdvisorContext(digests, signals?.narratives ?? null);
  return drafts.map((draft) => ({
    draft,
    advice: advise({
      model,
      context,
      evidence,
      request: AdvisorRequest.parse({
        prompt: `${draft.title}\n\n${draft.content}`.slice(0, MAX_PROMPT_CHARS),
        ...(draft.author ? { author: draft.author } : {}),
      }),
      now: new Date(draft.createdAt),
    }),
  }));
}
