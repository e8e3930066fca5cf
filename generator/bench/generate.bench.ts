// bench:generate — one hour at 2,300 posts and one at 23,000 against the forum simulator on loopback,
// offline analyser. Prints wall time, CPU time and peak memory of the generator process for each,
// and the 10× hour's cost as a ratio of the 1× hour's. Targets: ≤ 5 s and ≤ 300 MB at 2,300 posts;
// the 10× hour ≤ 10× (linear or better).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

interface Sample {
  wallMs: number;
  cpuMs: number;
  maxRssMB: number;
  totalPosts: number;
  qualityPosts: number;
}

const NOW = '2026-01-28T14:05:00.000Z';
const HOUR = '2026-01-28T13:00:00.000Z';

function startSim(postsPerHour: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    'tsx',
    [
      'generator/sim/cli.ts',
      '--port',
      '0',
      '--seed',
      '7',
      '--posts-per-hour',
      String(postsPerHour),
      '--now',
      NOW,
      // The real forum's limits are the client's business; here only the generator's own cost is measured.
      '--rate-limit-per-minute',
      '1000000',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(line);
      if (m?.[1]) resolve({ url: m[1], child });
    });
    child.once('exit', (code) => reject(new Error(`simulator exited (${code}) before printing its URL`)));
  });
}

/** The Node options the `generate` npm script runs with, so the bench measures the job as deployed. */
function generatorNodeOptions(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return /NODE_OPTIONS=(\S+)/.exec(pkg.scripts.generate ?? '')?.[1] ?? '';
}

function runOnce(url: string, content: string): Promise<Sample> {
  const child = spawn(
    'tsx',
    ['generator/bench/generate-once.ts', '--forum', url, '--hour', HOUR, '--content', content],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: generatorNodeOptions() } },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`generate-once exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Sample);
    });
  });
}

async function measure(postsPerHour: number): Promise<Sample> {
  const sim = await startSim(postsPerHour);
  const content = await mkdtemp(join(tmpdir(), 'murmur-bench-'));
  try {
    return await runOnce(sim.url, content);
  } finally {
    sim.child.kill('SIGTERM');
    await rm(content, { recursive: true, force: true });
  }
}

console.log(`generator process NODE_OPTIONS: ${generatorNodeOptions() || '(none)'}`);
const small = await measure(2300);
const large = await measure(23_000);
const row = (name: string, s: Sample) =>
  `${name.padEnd(14)} ${String(s.totalPosts).padStart(6)} posts ${String(s.qualityPosts).padStart(6)} kept  ` +
  `wall ${(s.wallMs / 1000).toFixed(2)} s  cpu ${(s.cpuMs / 1000).toFixed(2)} s  peak ${s.maxRssMB.toFixed(0)} MB`;
console.log(row('2,300/hour', small));
console.log(row('23,000/hour', large));
const wallRatio = large.wallMs / small.wallMs;
const cpuRatio = large.cpuMs / small.cpuMs;
console.log(`ratio 10x/1x: wall ${wallRatio.toFixed(2)}x  cpu ${cpuRatio.toFixed(2)}x  (target <= 10x)`);
const ok = small.wallMs <= 5000 && small.maxRssMB <= 300 && wallRatio <= 10 && cpuRatio <= 10;
console.log(`targets (<= 5 s and <= 300 MB at 2,300; 10x hour <= 10x): ${ok ? 'met' : 'NOT met'}`);
