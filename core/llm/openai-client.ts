import OpenAI from 'openai';

/**
 * The one OpenAI-compatible client of the project (the digest analyser and the advisor's rewrites):
 * every credential pinned, so a key, organization or project meant for one endpoint is never sent to
 * another — the SDK would otherwise fall back to `OPENAI_API_KEY`, `OPENAI_ORG_ID` and
 * `OPENAI_PROJECT_ID` from the environment. No key: no Authorization header at all. Retries and logging
 * are the caller's (the SDK's are off).
 */
export function openAIClient(baseURL: string, apiKey: string | undefined): OpenAI {
  return new OpenAI({
    baseURL,
    apiKey: apiKey ?? 'unused',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    ...(apiKey === undefined ? { defaultHeaders: { Authorization: null } } : {}),
    maxRetries: 0,
    logLevel: 'off',
  });
}
