// `npm start`: the whole service on embedded defaults (no keys, no network). On an empty content
// folder it first publishes a demo day from the forum simulator (marked by content/DEMO.md); then it
// builds the site, serves it and the edge routes on PORT, and — in demo mode — publishes each new
// hour a couple of minutes after it ends, rebuilds, and tells the edge to reload. With no payment
// configuration it also starts a local dev chain and the embedded facilitator (tools/dev-payments.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../core/config.ts';
import { listDigestHours } from '../core/content/digest-store.ts';
import { HOUR_MS } from '../core/hours.ts';
import { type DevPayments, startDevPayments, wantsDevPayments } from './dev-payments.ts';

const root = new URL('..', import.meta.url).pathname;

/** Runs a command to completion with inherited output; rejects naming it when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}

const generatorEnv = { ...process.env, NODE_OPTIONS: '--max-semi-space-size=8' };
const demoMarker = join(config.CONTENT_DIR, 'DEMO.md');
if ((await listDigestHours(config.CONTENT_DIR)).length === 0) {
  process.stdout.write(`${config.CONTENT_DIR}/ is empty: publishing a demo day from the forum simulator\n`);
  await run('tsx', ['generator/cli/demo.ts', '--once', '--hours', '24'], generatorEnv);
}
const demo = existsSync(demoMarker);
await run('npm', ['run', '--silent', 'build']);

let payments: DevPayments | undefined;
if (wantsDevPayments(config)) {
  try {
    payments = await startDevPayments(config.STATE_DIR);
  } catch (error) {
    process.stderr.write(
      `dev chain not started (${(error as Error).message}): paid routes answer the 402 challenge only\n`,
    );
  }
}

// The edge reloads on SIGHUP after each complete build rather than watching dist/ mid-build.
const edge: ChildProcess = spawn('node', ['--import', 'tsx', 'edge/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, ...payments?.env, DIST_WATCH: '0' },
});
edge.stdout?.on('data', (chunk: Buffer) => {
  for (const line of chunk.toString().split('\n').filter(Boolean)) {
    const listening = /"listening":(\d+)/.exec(line);
    if (!listening) {
      process.stdout.write(`${line}\n`);
      continue;
    }
    const url = config.BASE_URL ?? `http://localhost:${listening[1]}`;
    process.stdout.write(`murmur is serving on ${url}/\n`);
    if (payments) process.stdout.write(payments.banner(url, config.PLATFORM_SEGMENT));
  }
});
edge.once('exit', async (code) => {
  process.stderr.write(`edge exited with ${code}\n`);
  await payments?.close();
  process.exit(code ?? 1);
});

let timer: NodeJS.Timeout | undefined;
if (demo) {
  process.stdout.write('demo mode: synthetic data; a new hour is published two minutes past each hour\n');
  const schedule = () => {
    const next = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS + 120_000;
    timer = setTimeout(async () => {
      try {
        await run('tsx', ['generator/cli/demo.ts', '--once'], generatorEnv);
        await run('npm', ['run', '--silent', 'build']);
        edge.kill('SIGHUP');
      } catch (error) {
        process.stderr.write(`hourly demo run failed: ${(error as Error).message}\n`);
      }
      schedule();
    }, next - Date.now());
  };
  schedule();
}

const stop = () => {
  clearTimeout(timer);
  edge.removeAllListeners('exit');
  edge.kill('SIGTERM');
  edge.once('exit', async () => {
    await payments?.close();
    process.exit(0);
  });
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
