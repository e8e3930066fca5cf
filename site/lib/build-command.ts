import { join } from 'node:path';

/** One command of a build: the executable and its arguments. */
export interface BuildCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/** Environment every site build runs with (Astro's telemetry off). */
export const SITE_BUILD_ENV: Readonly<Record<string, string>> = { ASTRO_TELEMETRY_DISABLED: '1' };

/**
 * The one command that builds the whole site into `outDir`: `astro build`, whose `astro:build:done` hook
 * (astro.config.mjs) then writes the folder index pages, the Pagefind search index and the brotli and gzip
 * copies. `npm run build`, `npm start`, the hourly pipeline, the browser test and `bench:site` all run it.
 */
export function siteBuildCommand(
  root: string,
  outDir: string,
  node: string = process.execPath,
): BuildCommand {
  return {
    command: node,
    args: [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
  };
}
