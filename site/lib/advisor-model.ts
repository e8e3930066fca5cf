// Imported, not read by URL: the build bundles this module away from core/advisor/.
import defaultModel from '../../core/advisor/default-model.json' with { type: 'json' };
import { loadAdvisorArtifact } from '../../core/advisor/load.ts';
import { siteConfig } from './build-config.ts';

let cached: ReturnType<typeof loadAdvisorArtifact> | undefined;

/**
 * The advisor model the edge serves from this build's content folder (published, else the shipped
 * default), read once per build for the advisor page and its model card.
 */
export function loadServedModel(): ReturnType<typeof loadAdvisorArtifact> {
  cached ??= loadAdvisorArtifact(siteConfig.contentDir, async () => defaultModel);
  return cached;
}
