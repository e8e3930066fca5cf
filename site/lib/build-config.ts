import { readSiteConfig, type SiteConfig } from './site-config.ts';

/** The configuration of this build, parsed once from the environment when the build imports it. */
export const siteConfig: SiteConfig = readSiteConfig();
