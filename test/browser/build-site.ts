import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs a Node entry point of the project as a child process without Vitest's injected variables. */
function runNode(script: string, args: string[], env: Record<string, string>): Promise<string> {
  // Vitest injects BASE_URL=/ and MODE into process.env; they would read as our configuration.
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, [resolve(ROOT, script), ...args], {
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
        : fail(new Error(`${script} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/**
 * Builds the site as `npm run build` does (astro build, then pagefind) from `contentDir` into `outDir`,
 * with `BASE_URL` as the public base URL. Resolves with the build's output; rejects with it on failure.
 */
export async function buildSite(contentDir: string, outDir: string, baseUrl: string): Promise<string> {
  const env = { CONTENT_DIR: contentDir, BASE_URL: baseUrl, ASTRO_TELEMETRY_DISABLED: '1' };
  const astro = await runNode('node_modules/astro/bin/astro.mjs', ['build', '--outDir', outDir], env);
  const pagefind = await runNode('node_modules/pagefind/lib/runner/bin.cjs', ['--site', outDir], env);
  return `${astro}\n${pagefind}`;
}
