// `npm run bench:start`: how soon `npm start` serves its first page on an empty content folder (target:
// within 10 s of starting, after `npm ci`), and when the whole demo day is there. Each run is a fresh
// `npm start` (tsx tools/start.ts) with its own content, dist and state folders and port; it is stopped
// once the day is complete. Usage: npm run bench:start [-- --runs <n>] [--no-payments]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `check` every 200 ms until it is true; resolves with the seconds since `started`. */
async function until(started: number, check: () => Promise<boolean>, limitMs: number): Promise<number> {
  while (performance.now() - started < limitMs) {
    if (await check().catch(() => false)) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not reached within ${limitMs / 1000} s`);
}

/** One fresh start: seconds to the first page and to the complete demo day. */
async function once(payments: boolean): Promise<{ firstPage: number; fullDay: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'murmur-start-bench-'));
  const port = await freePort();
  const { BASE_URL: _b, MODE: _m, ...inherited } = process.env;
  const env = {
    ...inherited,
    PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    PORT: String(port),
    CONTENT_DIR: join(dir, 'content'),
    DIST_DIR: join(dir, 'dist'),
    STATE_DIR: join(dir, 'state'),
    // A payee with no facilitator is refused; a non-empty facilitator setting skips the dev chain.
    ...(payments ? {} : { FACILITATOR_URL: 'http://127.0.0.1:9/', PAY_TO: `0x${'1'.repeat(40)}` }),
  };
  const started = performance.now();
  const child: ChildProcess = spawn('tsx', ['tools/start.ts'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const firstPage = await until(
      started,
      async () => {
        const res = await fetch(`${url}/`);
        return res.status === 200 && (await res.text()).includes('<h1');
      },
      180_000,
    );
    const fullDay = await until(
      started,
      async () => (await (await fetch(`${url}/archive/`)).text()).includes('24 hourly digests'),
      600_000,
    );
    return { firstPage, fullDay };
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
}

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, 'no-payments': { type: 'boolean' } },
});
const runs = Number(values.runs);
const payments = !values['no-payments'];
const results: Array<{ firstPage: number; fullDay: number }> = [];
for (let i = 0; i < runs; i++) {
  const r = await once(payments);
  results.push(r);
  process.stdout.write(
    `run ${i + 1}: first page after ${r.firstPage.toFixed(1)} s, whole demo day after ${r.fullDay.toFixed(1)} s\n`,
  );
}
const worst = Math.max(...results.map((r) => r.firstPage));
process.stdout.write(
  `first page: ${worst.toFixed(1)} s at worst over ${runs} ${runs === 1 ? 'run' : 'runs'} (target ≤ 10 s on an idle machine)${payments ? ', with the dev chain' : ''}\n`,
);
