import { postUrlBase } from '../../core/forum-links.ts';
import type { GeneratorConfig as Config } from '../config.ts';
import { createOpenAIAnalyser } from './llm/openai-analyser.ts';
import { createOfflineAnalyser } from './offline/index.ts';
import type { Analyser } from './types.ts';

/**
 * The analyser the configuration asks for: the offline one, or an OpenAI-compatible model with the
 * offline one as its fallback (`auto` picks the model when an endpoint or key is configured).
 */
export function selectAnalyser(
  config: Pick<
    Config,
    | 'ANALYSER'
    | 'OPENAI_BASE_URL'
    | 'OPENAI_API_KEY'
    | 'OPENAI_MODEL'
    | 'OPENAI_TIMEOUT_MS'
    | 'OPENAI_MAX_TOKENS'
    | 'FORUM_BASE_URL'
  >,
  log?: (event: { event: string; [key: string]: unknown }) => void,
): Analyser {
  const offline = createOfflineAnalyser({ postUrlBase: postUrlBase(config.FORUM_BASE_URL) });
  const wantsModel =
    config.ANALYSER === 'openai' ||
    (config.ANALYSER === 'auto' &&
      (config.OPENAI_BASE_URL !== undefined || config.OPENAI_API_KEY !== undefined));
  if (!wantsModel) return offline;
  return createOpenAIAnalyser({
    baseURL: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    ...(config.OPENAI_API_KEY === undefined ? {} : { apiKey: config.OPENAI_API_KEY }),
    model: config.OPENAI_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    maxOutputTokens: config.OPENAI_MAX_TOKENS,
    fallback: offline,
    ...(log ? { log } : {}),
  });
}
