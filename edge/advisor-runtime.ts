import { stat } from 'node:fs/promises';
import { type AdvisorContext, buildAdvisorContext } from '../core/advisor/context.ts';
import { adviseWithRewriter, type LlmRewriter } from '../core/advisor/llm-rewrite.ts';
import { loadAdvisorModel, loadEvidence, publishedModelPath } from '../core/advisor/load.ts';
import type { CompiledModel } from '../core/advisor/model.ts';
import type { EvidenceIndex } from '../core/advisor/similar.ts';
import { listDigestHours, readDigest, readSignals } from '../core/content/digest-store.ts';
import { addHours, floorHour } from '../core/hours.ts';
import type { Digest } from '../core/schemas/digest.ts';
import type { Logger } from './logger.ts';
import type { AdviseFn } from './paid/advisor.ts';

/** How many of the newest digests the advisor's context reads (context.ts reads the first three). */
const CONTEXT_DIGESTS = 3;
/** How far back from the current hour the cheap look for the newest digests goes. */
const RECENT_WINDOW_HOURS = 72;

/** The advisor as the edge serves it: the model and the forum context, kept fresh. */
export interface AdvisorRuntime {
  readonly advise: AdviseFn;
  /** Re-reads the model and the newest digests now. */
  refresh(reason: string): Promise<void>;
  /** What is being served (for logs and tests). */
  info(): { modelFrom: 'published' | 'default'; modelVersion: string; digestId: string | null };
  close(): void;
}

/** The newest digests in content/ (newest first, at most `count`), with the newest hour's signals. */
async function newestDigests(
  contentDir: string,
  now: Date,
  count: number,
): Promise<{ digests: Digest[]; newestHour: Date | null }> {
  const hours: Date[] = [];
  let hour = floorHour(now);
  for (let i = 0; i <= RECENT_WINDOW_HOURS && hours.length < count; i++, hour = addHours(hour, -1)) {
    if (await readDigest(contentDir, hour).then(Boolean, () => false)) hours.push(hour);
  }
  // Nothing recent (stale content, or a clock far from the data): list every hour once.
  if (hours.length === 0) hours.push(...(await listDigestHours(contentDir)).slice(-count).reverse());
  const digests: Digest[] = [];
  for (const h of hours) {
    const d = await readDigest(contentDir, h).catch(() => undefined);
    if (d) digests.push(d);
  }
  return { digests, newestHour: hours[0] ?? null };
}

async function mtimeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Loads the advisor model (the published one, else the default) and its context from content/; every
 * minute it checks for a newer digest or model (a few file reads) and rebuilds, and at least hourly.
 */
export async function startAdvisorRuntime(opts: {
  contentDir: string;
  rewriter: LlmRewriter | null;
  logger: Logger;
  now?: () => number;
}): Promise<AdvisorRuntime> {
  const now = opts.now ?? Date.now;
  const modelPath = publishedModelPath(opts.contentDir);
  let model: CompiledModel;
  let modelFrom: 'published' | 'default';
  let modelMtime = 0;
  let context: AdvisorContext;
  let evidence: EvidenceIndex;
  let newestHour: number | null = null;
  let lastFull = 0;

  const load = async (reason: string) => {
    const [loaded, mtime, newest, posts] = await Promise.all([
      loadAdvisorModel(opts.contentDir),
      mtimeOf(modelPath),
      newestDigests(opts.contentDir, new Date(now()), CONTEXT_DIGESTS),
      loadEvidence(opts.contentDir),
    ]);
    if (loaded.problem) {
      opts.logger.warn('published advisor model not usable: serving the default model', {
        problem: loaded.problem,
      });
    }
    const first = newest.newestHour;
    const signals = first ? await readSignals(opts.contentDir, first).catch(() => undefined) : undefined;
    model = loaded.model;
    modelFrom = loaded.from;
    modelMtime = mtime;
    evidence = posts;
    context = buildAdvisorContext(newest.digests, signals?.narratives ?? null);
    newestHour = first?.getTime() ?? null;
    lastFull = now();
    opts.logger.info('advisor loaded', {
      reason,
      model: loaded.from,
      modelVersion: loaded.model.artifact.version,
      digestId: context.digestId,
      evidencePosts: posts.size,
    });
  };
  await load('start');

  let running: Promise<void> | null = null;
  const refresh = (reason: string) => {
    running ??= load(reason)
      .catch((error: Error) =>
        opts.logger.warn('advisor refresh failed: keeping the current model and context', {
          reason,
          error: error.message,
        }),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };

  const check = async () => {
    if (now() - lastFull >= 3_600_000) return refresh('hourly');
    const [mtime, newest] = await Promise.all([
      mtimeOf(modelPath),
      newestDigests(opts.contentDir, new Date(now()), 1).catch(() => ({ newestHour: null })),
    ]);
    if (mtime !== modelMtime) return refresh('model changed');
    if ((newest.newestHour?.getTime() ?? null) !== newestHour) return refresh('new digest');
  };
  const timer = setInterval(() => void check().catch(() => {}), 60_000);
  timer.unref();

  return {
    async advise(request) {
      const { response, llmError } = await adviseWithRewriter({
        model,
        context,
        evidence,
        request,
        now: new Date(now()),
        rewriter: opts.rewriter,
      });
      if (llmError)
        opts.logger.warn('advisor LLM rewrite failed: offline advice served', { error: llmError });
      return response;
    },
    refresh,
    info: () => ({ modelFrom, modelVersion: model.artifact.version, digestId: context.digestId }),
    close: () => clearInterval(timer),
  };
}
