import { SITE_BUILD_ENV, siteBuildCommand } from '../site/lib/build-command.ts';
import type { Logger } from './log.ts';
import { runCommand, tail } from './run-command.ts';
import { StepError } from './step-error.ts';

/**
 * Builds the site from `contentDir` into `distDir` with the site's one build command (astro build, whose
 * hook also writes the search index and the compressed copies); throws StepError('build') with the end
 * of the output.
 */
export async function buildSite(
  options: { root: string; contentDir: string; distDir: string },
  log: Logger,
): Promise<void> {
  const { command, args } = siteBuildCommand(options.root, options.distDir);
  const r = await runCommand(command, args, {
    cwd: options.root,
    env: { ...SITE_BUILD_ENV, CONTENT_DIR: options.contentDir },
  });
  if (r.code !== 0)
    throw new StepError(
      'build',
      `${[command, ...args].join(' ')} exited ${r.code}:\n${tail(`${r.stdout}\n${r.stderr}`, 20)}`,
    );
  log.info(`built ${options.distDir}`);
}
