import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LabelledRow } from '../schemas/advisor-rows.ts';
import { type CompiledModel, compileModel, type ModelArtifact, parseModelArtifact } from './model.ts';
import { EMPTY_EVIDENCE, type EvidenceIndex, type EvidencePost, EvidenceIndex as Index } from './similar.ts';

/** The default model shipped with the code (trained on simulated posts; see README). */
export const DEFAULT_MODEL_URL = new URL('./default-model.json', import.meta.url);

/** Where a published (forum-trained) model lives under the content folder. */
export function publishedModelPath(contentDir: string): string {
  return join(contentDir, 'advisor', 'model.json');
}

/** Where the learning step keeps its labelled rows (one JSONL file a UTC day) under the content folder. */
export function trainingDirPath(contentDir: string): string {
  return join(contentDir, 'advisor', 'training');
}

/**
 * The recent posts with their outcomes the similar-post look-up searches: the labelled rows the
 * learning step keeps (`<content>/advisor/training/<day>.jsonl`, the last 7 days), indexed. Lines that
 * are not valid rows are skipped; no folder gives an empty index.
 */
export async function loadEvidence(contentDir: string | null): Promise<EvidenceIndex> {
  if (contentDir === null) return EMPTY_EVIDENCE;
  const dir = trainingDirPath(contentDir);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(f)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_EVIDENCE;
    throw error;
  }
  const posts: EvidencePost[] = [];
  for (const f of files)
    for (const line of (await readFile(join(dir, f), 'utf8')).split('\n')) {
      if (line.trim() === '') continue;
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch {
        continue;
      }
      const row = LabelledRow.safeParse(raw);
      if (!row.success) continue;
      const r = row.data;
      posts.push({
        id: r.id,
        title: r.title,
        content: r.content,
        author: r.author,
        submolt: r.submolt,
        createdAt: r.createdAt,
        upvotes: r.upvotes,
        comments: r.comments,
        ageHours: r.ageHours,
      });
    }
  posts.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1));
  return Index.build(posts);
}

/**
 * The model artifact to serve: the one the hourly job published under `contentDir` when present and
 * valid, otherwise the default shipped in core/advisor/default-model.json (read by `readDefault`, for
 * bundlers that move this file away from it). Says which one it used, and why a published file
 * present was not used.
 */
export async function loadAdvisorArtifact(
  contentDir: string | null,
  readDefault: () => Promise<unknown> = async () => JSON.parse(await readFile(DEFAULT_MODEL_URL, 'utf8')),
): Promise<{ artifact: ModelArtifact; from: 'published' | 'default'; problem: string | null }> {
  let problem: string | null = null;
  if (contentDir !== null) {
    const path = publishedModelPath(contentDir);
    try {
      const artifact = parseModelArtifact(JSON.parse(await readFile(path, 'utf8')), path);
      return { artifact, from: 'published', problem: null };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problem = (error as Error).message;
    }
  }
  return {
    artifact: parseModelArtifact(await readDefault(), 'default-model.json'),
    from: 'default',
    problem,
  };
}

/** The model to serve (see loadAdvisorArtifact), compiled for prediction. */
export async function loadAdvisorModel(
  contentDir: string | null,
): Promise<{ model: CompiledModel; from: 'published' | 'default'; problem: string | null }> {
  const { artifact, ...rest } = await loadAdvisorArtifact(contentDir);
  return { model: compileModel(artifact), ...rest };
}
