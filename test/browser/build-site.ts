import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { SITE_BUILD_ENV, siteBuildCommand } from '../../site/lib/build-command.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs a command as a child process without Vitest's injected variables. */
function run(command: string, args: readonly string[], env: Record<string, string>): Promise<string> {
  // Vitest injects BASE_URL=/ and MODE into process.env; they would read as our configuration.
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  const child = spawn(command, [...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0
        ? done(output)
        : fail(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/**
 * Builds the site as `npm run build` does (the site's one build command: pages, search index, compressed
 * copies) from `contentDir` into `outDir`, with `BASE_URL` as the public base URL. Resolves with the
 * build's output; rejects with it on failure.
 */
export function buildSite(contentDir: string, outDir: string, baseUrl: string): Promise<string> {
  const { command, args } = siteBuildCommand(ROOT, outDir);
  return run(command, args, { ...SITE_BUILD_ENV, CONTENT_DIR: contentDir, BASE_URL: baseUrl });
}
