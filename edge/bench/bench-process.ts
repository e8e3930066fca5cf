// Server processes for the benches: each server is a child Node process (with tsx) pinned to CPU 1
// when `taskset` exists, the bench itself (the load generator) to CPU 0, so they do not trade cores.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

/**
 * Pins this process to `cpu` with `taskset`; false when it cannot (no taskset, another OS). Threads
 * started afterwards inherit the pinning.
 */
export function pinSelf(cpu: number): boolean {
  return spawnSync('taskset', ['-pc', String(cpu), String(process.pid)]).status === 0;
}

/** A server process of a bench, listening on `port` (loopback). */
export interface BenchServer {
  readonly child: ChildProcess;
  readonly port: number;
  /** SIGTERM, then resolves once the process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `entry` (a .ts file printing `{"listening":<port>}` on stdout) in a child Node process with
 * only PATH and `env`, on CPU `cpu` when `pin` (taskset). With `ipc`, the child has an IPC channel
 * (`child.send` / `process.send`) for bench-only questions.
 */
export async function startBenchServer(
  entry: string,
  env: Record<string, string>,
  options: { pin: boolean; cpu?: number; ipc?: boolean },
): Promise<BenchServer> {
  const node = [process.execPath, '--import', 'tsx', entry];
  const [command, ...args] = options.pin ? ['taskset', '-c', String(options.cpu ?? 1), ...node] : node;
  const child = spawn(command as string, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: options.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const m = /"listening":(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return {
    child,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
