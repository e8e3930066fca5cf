import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const memoryProbe = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));

/** Test support: an edge process started from the real entry (edge/server.ts). */
export interface SpawnedEdge {
  readonly port: number;
  readonly child: ChildProcess;
  readonly url: (path: string) => string;
  /** Everything the process wrote to stderr (its log). */
  readonly log: () => string;
  /** Heap after a full GC (only with `probeMemory`). */
  memory(): Promise<{ heapUsed: number; rss: number }>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Test support: starts `edge/server.ts` in a child Node process (the Node running the tests, with tsx)
 * with `env` added (STATE_DIR defaults to a fresh temporary folder), and resolves once it prints its
 * `listening` line. `preload` names test modules imported before the entry (as `--import`).
 */
export async function spawnEdge(
  env: Record<string, string>,
  options: { probeMemory?: boolean; preload?: readonly string[] } = {},
): Promise<SpawnedEdge> {
  const probe = [
    ...(options.probeMemory
      ? ['--expose-gc', '--import', 'tsx', '--import', memoryProbe]
      : ['--import', 'tsx']),
    ...(options.preload ?? []).flatMap((module) => ['--import', module]),
  ];
  const child = spawn(process.execPath, [...probe, serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DIST_WATCH: '0',
      // The edge's own state (settlements, refunds, keys) in a folder of its own, never the repository's.
      STATE_DIR: mkdtempSync(join(tmpdir(), 'edge-state-')),
      ...env,
    },
    stdio: options.probeMemory ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`edge did not start:\n${stderr}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const m = /"listening":(\d+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`edge exited with ${code}:\n${stderr}`));
    });
  });
  return {
    port,
    child,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    log: () => stderr,
    memory: () =>
      new Promise((resolve, reject) => {
        if (!child.send) return reject(new Error('started without probeMemory'));
        child.once('message', (m) => resolve(m as { heapUsed: number; rss: number }));
        child.send('memory');
      }),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
