import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CompiledModel, compileModel, type ModelArtifact, parseModelArtifact } from './model.ts';

/** The default model shipped with the code (trained on simulated posts; see README). */
export const DEFAULT_MODEL_URL = new URL('./default-model.json', import.meta.url);

/** Where a published (forum-trained) model lives under the content folder. */
export function publishedModelPath(contentDir: string): string {
  return join(contentDir, 'advisor', 'model.json');
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
