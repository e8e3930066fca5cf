import { resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../core/config.ts';

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

const SiteEnv = z.object({
  /** Overrides HOUR_PAGE_WINDOW_DAYS (for measuring; see site/README.md). */
  SITE_HOUR_PAGE_DAYS: z.coerce.number().int().min(1).max(36_600).default(HOUR_PAGE_WINDOW_DAYS),
});

/** Days of history the charts and the narrative timeline show. */
export const TREND_DAYS = 7;

/**
 * Reads BASE_URL, PLATFORM_SEGMENT, CONTENT_DIR and the sibling URLs through the project's one
 * configuration parser, plus the site's own SITE_HOUR_PAGE_DAYS.
 */
export function readSiteConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  const cfg = loadConfig(env);
  const site = SiteEnv.safeParse(env);
  if (!site.success)
    throw new ConfigError(`invalid configuration:\n  SITE_HOUR_PAGE_DAYS: ${site.error.issues[0]?.message}`);
  return {
    hourPageDays: site.data.SITE_HOUR_PAGE_DAYS,
    baseUrl: cfg.baseUrl,
    platform: cfg.PLATFORM_SEGMENT,
    contentDir: resolve(cfg.CONTENT_DIR),
    payTo: cfg.PAY_TO as `0x${string}` | undefined,
    siblings: { gh: cfg.GH_BASE_URL, signals: cfg.SIGNALS_BASE_URL, markets: cfg.MARKETS_BASE_URL },
  };
}
