// `npm run bench:site`: cold build and rebuild-after-one-new-digest of the static site (the site's one build
// command: astro build, with the search index and compressed copies in its hook) at 24, 720 and 8,760 digests of synthetic content, with wall time and peak memory of each
// step. Targets at 8,760: rebuild ≤ 15 s, peak ≤ 1.5 GB. Usage: npm run bench:site [-- 24 720 8760]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addHours } from '../../core/hours.ts';
import { SITE_BUILD_ENV, siteBuildCommand } from '../lib/build-command.ts';
import { syntheticHour, writeHour, writeSyntheticContent } from './synthetic-content.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const LAST_HOUR = new Date('2026-01-29T23:00:00.000Z');
const TIME = '/usr/bin/time';

/** Wall time and peak resident memory of one child process. */
interface StepResult {
  readonly seconds: number;
  /** Peak RSS in MB, or null when /usr/bin/time is missing. */
  readonly peakMb: number | null;
}

/**
 * Runs a command as a child process (under /usr/bin/time -v when present, for its peak RSS) and fails
 * loudly when it fails.
 */
async function step(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<StepResult> {
  const timed = existsSync(TIME);
  const report = join(tmpdir(), `murmur-bench-time-${process.pid}.txt`);
  const [cmd, argv] = timed ? [TIME, ['-v', '-o', report, command, ...args]] : [command, args];
  const started = performance.now();
  const { BASE_URL: _b, MODE: _m, ...inherited } = process.env;
  const child = spawn(cmd, argv, {
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
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-3000)}`);
  if (!timed) return { seconds, peakMb: null };
  const text = await readFile(report, 'utf8');
  await rm(report, { force: true });
  const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(text)?.[1] ?? Number.NaN);
  return { seconds, peakMb: Number.isFinite(kb) ? Math.round(kb / 1024) : null };
}

/** The site's build into `outDir`, reading `contentDir`. */
function build(contentDir: string, outDir: string): Promise<StepResult> {
  const { command, args } = siteBuildCommand(ROOT, outDir);
  return step(command, args, {
    ...SITE_BUILD_ENV,
    CONTENT_DIR: contentDir,
    BASE_URL: 'https://murmur.example',
  });
}

async function countHtml(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}

const peak = (...values: Array<number | null>) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? `${Math.max(...known)} MB` : 'n/a';
};
const secs = (n: number) => `${n.toFixed(1)} s`;

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const rows: string[] = [];
for (const count of sizes.length ? sizes : [24, 720, 8760]) {
  const work = await mkdtemp(join(tmpdir(), `murmur-site-bench-${count}-`));
  try {
    const content = join(work, 'content');
    const out = join(work, 'dist');
    const started = performance.now();
    await writeSyntheticContent(content, count, LAST_HOUR);
    const wrote = (performance.now() - started) / 1000;
    const cold = await build(content, out);
    const pages = await countHtml(out);
    const next = syntheticHour(addHours(LAST_HOUR, -(count - 1)), count);
    await writeHour(content, next.digest, next.signals);
    const re = await build(content, out);
    const line = [count, pages, secs(cold.seconds), peak(cold.peakMb), secs(re.seconds), peak(re.peakMb)];
    rows.push(`| ${line.join(' | ')} |`);
    console.log(
      `${count} digests (written in ${secs(wrote)}): ${pages} pages; cold build ${secs(cold.seconds)}, peak ${peak(cold.peakMb)}; rebuild after one new digest ${secs(re.seconds)}, peak ${peak(re.peakMb)}`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
console.log(
  [
    '',
    '| digests | HTML pages | cold build | cold peak RSS | rebuild | rebuild peak RSS |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
