import { readFile } from 'node:fs/promises';
import { advise } from '../../core/advisor/advise.ts';
import { buildAdvisorContext } from '../../core/advisor/context.ts';
import { loadAdvisorModel, loadEvidence } from '../../core/advisor/load.ts';
import { listDigestHours, readDigest, readSignals } from '../../core/content/digest-store.ts';
import { addHours, floorHour } from '../../core/hours.ts';
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

/** Of `hours` (ascending), the last three published by `at`, newest first: an hour is published when it ends. Pure. */
export function publishedBy(hours: readonly Date[], at: Date): Date[] {
  return hours
    .filter((h) => addHours(h, 1).getTime() <= at.getTime())
    .slice(-3)
    .reverse();
}

/** The advisor's digest context as of `at`: the last three digests of `dir` published by then. */
async function contextAt(dir: string, at: Date) {
  const hours = publishedBy(await listDigestHours(dir), at);
  const digests = (await Promise.all(hours.map((h) => readDigest(dir, h)))).filter(
    (d): d is Digest => d !== undefined,
  );
  const signals = hours[0] ? await readSignals(dir, hours[0]) : undefined;
  return buildAdvisorContext(digests, signals?.narratives ?? null);
}

/**
 * Advice for real drafts as the service would have given it at `at`: the model, the digests and the
 * similar-post corpus of a content folder built only from hours before `at` (e.g. by a backfill). With
 * `digestsDir` (a folder backfilled further), each draft reads the digests published before it was
 * written, as the service's readers would, while the model and the similar posts stay those of `at`.
 */
export async function adviseReal(
  contentDir: string,
  drafts: readonly RealDraft[],
  at: Date,
  digestsDir?: string,
): Promise<{ draft: RealDraft; advice: AdvisorResponse }[]> {
  const { model } = await loadAdvisorModel(contentDir);
  const evidence = await loadEvidence(contentDir);
  // One context per hour a draft was written in: read from `digestsDir`, or `contentDir` as of `at` for every draft.
  const contexts = new Map<string, Awaited<ReturnType<typeof contextAt>>>();
  const out: { draft: RealDraft; advice: AdvisorResponse }[] = [];
  for (const draft of drafts) {
    const hour = digestsDir === undefined ? at : floorHour(new Date(draft.createdAt));
    const key = hour.toISOString();
    const context = contexts.get(key) ?? (await contextAt(digestsDir ?? contentDir, hour));
    contexts.set(key, context);
    out.push({ draft, advice: adviseWith(model, context, evidence, draft) });
  }
  return out;
}

/** The advice for one draft, as the edge would give it with this model, context and evidence. */
function adviseWith(
  model: Awaited<ReturnType<typeof loadAdvisorModel>>['model'],
  context: ReturnType<typeof buildAdvisorContext>,
  evidence: Awaited<ReturnType<typeof loadEvidence>>,
  draft: RealDraft,
): AdvisorResponse {
  return advise({
    model,
    context,
    evidence,
    request: AdvisorRequest.parse({
      prompt: `${draft.title}\n\n${draft.content}`.slice(0, MAX_PROMPT_CHARS),
      ...(draft.author ? { author: draft.author } : {}),
    }),
    now: new Date(draft.createdAt),
  });
}
