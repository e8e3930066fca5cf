import { resolve } from 'node:path';
import { parseEnv, wholeNumber } from '../../core/config/fields.ts';
import { resolveBaseUrl, SharedEnvSchema } from '../../core/config/shared.ts';

/** What the site build needs from the configuration. */
export interface SiteConfig {
  /** Public base URL, no trailing slash. */
  readonly baseUrl: string;
  /** Platform path segment of the API routes. */
  readonly platform: string;
  /** Absolute path of the content folder. */
  readonly contentDir: string;
  /** Days back from the latest digest that get a page per hour. */
  readonly hourPageDays: number;
  /** Payee of the paid routes when payments are configured (PAY_TO); undefined: the placeholder payee. */
  readonly payTo: `0x${string}` | undefined;
  /** Base URLs of the sibling services (for the catalog). */
  readonly siblings: { readonly gh: string; readonly signals: string; readonly markets: string };
}

/** Hour pages are built for this many days back from the latest digest; older hours live on day pages. */
export const HOUR_PAGE_WINDOW_DAYS = 30;

/** Days of history the charts and the narrative timeline show. */
export const TREND_DAYS = 7;

/**
 * The site build's variables: the shared ones it reads (base URL and the PORT behind its default,
 * platform, content, payee, siblings for the catalog) and its own SITE_HOUR_PAGE_DAYS.
 */
export const SiteEnvSchema = SharedEnvSchema.pick({
  PORT: true,
  BASE_URL: true,
  PLATFORM_SEGMENT: true,
  CONTENT_DIR: true,
  PAY_TO: true,
  GH_BASE_URL: true,
  SIGNALS_BASE_URL: true,
  MARKETS_BASE_URL: true,
}).extend({
  SITE_HOUR_PAGE_DAYS: wholeNumber(1, 36_600, HOUR_PAGE_WINDOW_DAYS).meta({
    description: 'days back from the latest digest that get a page per hour (see `site/README.md`, Scale)',
  }),
});

/** Reads the site build's variables; throws ConfigError naming each bad one. */
export function readSiteConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  const cfg = parseEnv(SiteEnvSchema, env);
  return {
    hourPageDays: cfg.SITE_HOUR_PAGE_DAYS,
    baseUrl: resolveBaseUrl(cfg),
    platform: cfg.PLATFORM_SEGMENT,
    contentDir: resolve(cfg.CONTENT_DIR),
    payTo: cfg.PAY_TO,
    siblings: { gh: cfg.GH_BASE_URL, signals: cfg.SIGNALS_BASE_URL, markets: cfg.MARKETS_BASE_URL },
  };
}
