import { spawn } from 'node:child_process';

/** What a child process did. */
export interface CommandResult {
  /** Exit code; 1 when the process was killed by a signal. */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** How to run one command. */
export interface CommandOptions {
  readonly cwd: string;
  /** Variables added to (or, when undefined, removed from) the inherited environment. */
  readonly env?: Record<string, string | undefined>;
  /** Written to the child's stdin. */
  readonly input?: string;
  /** Called with each complete output line (stdout and stderr), e.g. to forward it to the log. */
  readonly onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

/**
 * The environment a child inherits: the parent's, minus variables set to the empty string (unset
 * optional secrets and variables arrive from Actions that way, and would fail the children's parsers),
 * with `overrides` applied.
 */
export function childEnv(
  base: NodeJS.ProcessEnv,
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined && v !== '') out[k] = v;
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Runs a command without a shell and collects its output; never rejects on a non-zero exit. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions,
): Promise<CommandResult> {
  const child = spawn(command, [...args], {
    cwd: options.cwd,
    // Only the pipeline itself talks to GitHub's API: its children never see the token.
    env: childEnv(process.env, { GIT_TERMINAL_PROMPT: '0', GITHUB_TOKEN: undefined, ...options.env }),
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  const collected = { stdout: '', stderr: '' };
  const partial = { stdout: '', stderr: '' };
  const take = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    const text = chunk.toString();
    collected[stream] += text;
    if (!options.onLine) return;
    const lines = (partial[stream] + text).split('\n');
    partial[stream] = lines.pop() ?? '';
    for (const line of lines) options.onLine(line, stream);
  };
  child.stdout?.on('data', take('stdout'));
  child.stderr?.on('data', take('stderr'));
  if (options.input !== undefined) child.stdin?.end(options.input);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      for (const stream of ['stdout', 'stderr'] as const)
        if (partial[stream] !== '') options.onLine?.(partial[stream], stream);
      resolve({ code: code ?? 1, ...collected });
    });
  });
}

/** The last `n` non-empty lines of a command's output, for error messages. */
export function tail(text: string, n = 8): string {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-n)
    .join('\n');
}
