import { API_VERSION, ATTRIBUTION_TEMPLATE, CHANGELOG_PATH } from '../api-version.ts';
import type { ApiMeta } from '../schemas/envelope.ts';
import { absoluteUrl, type PublicContext } from './context.ts';

/** `_meta` of every successful JSON body: the API version and the absolute changelog URI. */
export function apiMeta(ctx: PublicContext): ApiMeta {
  return { apiVersion: API_VERSION, changelog: absoluteUrl(ctx, CHANGELOG_PATH) };
}

/** The `_attribution` credit line, naming the public base URL. */
export function attribution(ctx: PublicContext): string {
  return ATTRIBUTION_TEMPLATE.replaceAll('{base_url}', ctx.baseUrl);
}
