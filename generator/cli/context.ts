import type { ThreadCounts } from '../../core/forum.ts';
import { envRedactor } from '../../core/redact.ts';
import { GeneratorEnvSchema } from '../config.ts';
import { createGeneratorContext, type GeneratorContext, SetupError } from '../context.ts';
import { EXIT_INCOMPLETE } from './exit-codes.ts';
import { type CommandIo, processIo } from './io.ts';

/** A command-line failure (or an incomplete result) with the exit code it should end the process with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | typeof EXIT_INCOMPLETE,
  ) {
    super(message);
  }
}

/** `incomplete: 6 of 20 comment threads fetched, 14 failed`, for a report line. */
export function describeIncomplete(threads: ThreadCounts): string {
  return `incomplete: ${threads.fetched} of ${threads.wanted} comment threads fetched, ${threads.failed} failed`;
}

/** One run of a command: its io, and how it builds its context and prints, redacted. */
export interface CommandRun {
  readonly io: CommandIo;
  /**
   * The generator context of the command (see `createGeneratorContext`) from `io.env` and its flags,
   * logging to `io.err`; a setup problem is a usage error (exit 2). From here on, every message the
   * command prints is redacted with the context's secrets.
   */
  createContext(overrides: {
    forum?: string | undefined;
    content?: string | undefined;
    postsFile?: string | undefined;
    commentsFile?: string | undefined;
  }): Promise<GeneratorContext>;
  /** Writes a line of the command's own output to `io.out`, redacted. */
  say(line: string): void;
}

/**
 * Runs a command's main function with `io` and returns its exit code: 0, or the code of its failure,
 * whose message goes to `io.err` (redacted: no secret of the configuration, in a value or inside a
 * URL, is ever printed; the environment's secrets first, the context's once it exists).
 */
export async function runCommand(io: CommandIo, main: (run: CommandRun) => Promise<void>): Promise<number> {
  let redact = envRedactor(GeneratorEnvSchema, io.env);
  const run: CommandRun = {
    io,
    async createContext(overrides) {
      try {
        const ctx = await createGeneratorContext(overrides, io.env, { write: io.err });
        redact = ctx.redact;
        return ctx;
      } catch (error) {
        if (error instanceof SetupError) throw new CliError(error.message, 2);
        throw error;
      }
    },
    say: (line) => io.out(redact(line)),
  };
  try {
    await main(run);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof SetupError) {
      const code = error instanceof CliError ? error.exitCode : 2;
      const label = code === EXIT_INCOMPLETE ? 'incomplete' : 'error';
      io.err(`${label}: ${redact(error.message)}`);
      return code;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    io.err(`error: ${redact(message)}\nNothing partial was published.`);
    return 1;
  }
}

/**
 * Runs a command's main function on the process (see `runCommand`) and sets its exit code on failure;
 * a main function that sets `process.exitCode` itself keeps it.
 */
export async function runCli(main: (run: CommandRun) => Promise<void>): Promise<void> {
  const code = await runCommand(processIo, main);
  if (code !== 0) process.exitCode = code;
}
