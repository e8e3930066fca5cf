import { join, resolve } from 'node:path';
import type { Logger } from './log.ts';
import { runCommand, tail } from './run-command.ts';
import { StepError } from './step-error.ts';

/** One command of the build. */
export interface BuildCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * The commands that build the site into `distDir`: `npm run build` for the project's own `dist/`;
 * for another folder, the same two tools the script runs (astro build, then pagefind) pointed at it.
 */
export function buildCommands(
  root: string,
  distDir: string,
  node: string = process.execPath,
): BuildCommand[] {
  if (resolve(distDir) === resolve(root, 'dist'))
    return [{ command: 'npm', args: ['run', '--silent', 'build'] }];
  return [
    { command: node, args: [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', distDir] },
    { command: node, args: [join(root, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', distDir] },
  ];
}

/** Builds the site from `contentDir` into `distDir`; throws StepError('build') with the end of the output. */
export async function buildSite(
  options: { root: string; contentDir: string; distDir: string },
  log: Logger,
): Promise<void> {
  for (const { command, args } of buildCommands(options.root, options.distDir)) {
    const r = await runCommand(command, args, {
      cwd: options.root,
      env: { CONTENT_DIR: options.contentDir, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    if (r.code !== 0)
      throw new StepError(
        'build',
        `${[command, ...args].join(' ')} exited ${r.code}:\n${tail(`${r.stdout}\n${r.stderr}`, 20)}`,
      );
  }
  log.info(`built ${options.distDir}`);
}
