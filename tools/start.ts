// `npm start`: the whole service on embedded defaults (no keys, no network). On an empty content
// folder it publishes the newest demo hour from the forum simulator (marked by content/DEMO.md), builds
// the site into DIST_DIR and serves it and the edge routes on PORT within seconds; the rest of the demo
// day is backfilled in the background, the newest hour redone against it, the site rebuilt and the edge
// told to reload (tools/start-plan.ts). In demo mode it then publishes each new hour a couple of minutes
// after it ends. With no payment configuration it also starts a local dev chain and the embedded
// facilitator (tools/dev-payments.ts), alongside the first publishing.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../core/config/fields.ts';
import { listDigestHours } from '../core/content/digest-store.ts';
import { HOUR_MS, lastCompleteHour } from '../core/hours.ts';
import { loadEdgeConfig } from '../edge/config.ts';
import { SITE_BUILD_ENV, siteBuildCommand } from '../site/lib/build-command.ts';
import { type DevPayments, startDevPayments, wantsDevPayments } from './dev-payments.ts';
import { type DemoPlan, demoPlan } from './start-plan.ts';

const root = new URL('..', import.meta.url).pathname;
/** Hours of the demo day, and how many of them are published before the first page is served. */
const DEMO_HOURS = 24;
const DEMO_FIRST_HOURS = 1;

/**
 * Runs a command to completion with inherited output; rejects naming it when it exits with a code not
 * in `ok` (the generator's 3, published but incomplete, is a success for the demo).
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, ok = [0]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code) =>
      code !== null && ok.includes(code)
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

let config: ReturnType<typeof loadEdgeConfig>;
try {
  config = loadEdgeConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}

/**
 * Builds the site as `npm run build` does (the site's one build command: pages, search index, compressed
 * copies), into DIST_DIR (the folder the edge serves), with `env` (the payment variables, so the API
 * guide advertises the payee the edge sells to).
 */
async function build(env: NodeJS.ProcessEnv): Promise<void> {
  const { command, args } = siteBuildCommand(root, config.DIST_DIR);
  await run(command, [...args], { ...env, ...SITE_BUILD_ENV });
}

const generatorEnv = { ...process.env, NODE_OPTIONS: '--max-semi-space-size=8' };
const demoMarker = join(config.CONTENT_DIR, 'DEMO.md');
// The dev chain starts while the first demo hour is published: neither waits for the other.
const paymentsStarted: Promise<DevPayments | undefined> = wantsDevPayments(config)
  ? startDevPayments(config.STATE_DIR).catch((error: Error) => {
      process.stderr.write(
        `dev chain not started (${error.message}): paid routes answer the 402 challenge only\n`,
      );
      return undefined;
    })
  : Promise.resolve(undefined);
/** The edge with the payment variables; it reloads dist/ on SIGHUP after each complete build. */
function spawnEdge(payments: DevPayments | undefined): ChildProcess {
  return spawn('node', ['--import', 'tsx', 'edge/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...payments?.env, DIST_WATCH: '0' },
  });
}

// The edge boots while the first demo hour is published and the site built (it serves nothing until
// told to reload); the banner is printed once it listens and the first build is in.
const edgeStarted = paymentsStarted.then((payments) => {
  const child = spawnEdge(payments);
  let resolveListening: (port: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    resolveListening = resolve;
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      const port = /"listening":(\d+)/.exec(line)?.[1];
      if (port) resolveListening(port);
      else process.stdout.write(`${line}\n`);
    }
  });
  child.once('exit', async (code) => {
    process.stderr.write(`edge exited with ${code}\n`);
    await payments?.close();
    process.exit(code ?? 1);
  });
  return { child, listening };
});

let plan: DemoPlan | undefined;
if ((await listDigestHours(config.CONTENT_DIR)).length === 0) {
  plan = demoPlan(lastCompleteHour(new Date()), DEMO_HOURS, DEMO_FIRST_HOURS);
  process.stdout.write(
    `${config.CONTENT_DIR}/ is empty: publishing the newest demo hour from the forum simulator; the rest of the demo day follows in the background\n`,
  );
  await run('tsx', ['generator/cli/demo.ts', '--once', '--hours', String(plan.first)], generatorEnv);
}
const demo = existsSync(demoMarker);
const payments = await paymentsStarted;
const siteEnv = { ...process.env, ...payments?.env };
await build(siteEnv);
const { child: edge, listening } = await edgeStarted;
// SIGHUP only once the edge listens: before its handler is installed the signal would end it.
const port = await listening;
edge.kill('SIGHUP');
const url = config.BASE_URL ?? `http://localhost:${port}`;
process.stdout.write(`murmur is serving on ${url}/\n`);
if (payments) process.stdout.write(payments.banner(url, config.PLATFORM_SEGMENT));

/**
 * The rest of the demo day: the older hours backfilled from a simulator in this process, the newest
 * redone against them, one rebuild, one reload. The site is served meanwhile.
 */
async function completeDemo(rest: NonNullable<DemoPlan['rest']>, redo: readonly Date[]): Promise<void> {
  // Imported here, not at the top: the simulator is not needed before the first page is served.
  const { startSimulator } = await import('../generator/sim/server.ts');
  const sim = await startSimulator({ port: 0, rateLimitPerMinute: 1_000_000 });
  try {
    const env = { ...generatorEnv, FORUM_BASE_URL: sim.url, ANALYSER: 'offline' };
    const from = rest.from.toISOString();
    const to = rest.to.toISOString();
    await run('tsx', ['generator/cli/backfill.ts', '--from', from, '--to', to], env, [0, 3]);
    for (const hour of redo)
      await run('tsx', ['generator/cli/generate.ts', '--hour', hour.toISOString()], env, [0, 3]);
  } finally {
    await sim.close();
  }
  await build(siteEnv);
  edge.kill('SIGHUP');
  process.stdout.write('the demo day is complete: the site now shows all its hours\n');
}

let timer: NodeJS.Timeout | undefined;
if (demo) {
  process.stdout.write('demo mode: synthetic data; a new hour is published two minutes past each hour\n');
  const schedule = () => {
    const next = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + HOUR_MS + 120_000;
    timer = setTimeout(async () => {
      try {
        await run('tsx', ['generator/cli/demo.ts', '--once'], generatorEnv);
        await build(siteEnv);
        edge.kill('SIGHUP');
      } catch (error) {
        process.stderr.write(`hourly demo run failed: ${(error as Error).message}\n`);
      }
      schedule();
    }, next - Date.now());
  };
  // The hourly runs start once the demo day is complete, so two runs never write the same folder.
  const rest = plan?.rest;
  if (rest && plan) {
    completeDemo(rest, plan.redo)
      .catch((error: Error) => process.stderr.write(`the rest of the demo day failed: ${error.message}\n`))
      .finally(schedule);
  } else schedule();
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
