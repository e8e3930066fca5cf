import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CompiledModel, compileModel, parseModelArtifact } from './model.ts';

/** The default model shipped with the code (trained on simulated posts; see README). */
export const DEFAULT_MODEL_URL = new URL('./default-model.json', import.meta.url);

/** Where a published (forum-trained) model lives under the content folder. */
export function publishedModelPath(contentDir: string): string {
  return join(contentDir, 'advisor', 'model.json');
}

/**
 * Loads the model to serve: the one the hourly job published under `contentDir` when present and
 * valid, otherwise the default shipped in core/advisor/default-model.json. Says which one it used.
 */
export async function loadAdvisorModel(
  contentDir: string | null,
): Promise<{ model: CompiledModel; from: 'published' | 'default'; problem: string | null }> {
  let problem: string | null = null;
  if (contentDir !== null) {
    const path = publishedModelPath(contentDir);
    try {
      const artifact = parseModelArtifact(JSON.parse(await readFile(path, 'utf8')), path);
      return { model: compileModel(artifact), from: 'published', problem: null };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problem = (error as Error).message;
    }
  }
  const raw = JSON.parse(await readFile(DEFAULT_MODEL_URL, 'utf8'));
  return { model: compileModel(parseModelArtifact(raw, 'default-model.json')), from: 'default', problem };
}
