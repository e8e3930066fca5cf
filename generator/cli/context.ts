import type { ThreadCounts } from '../../core/forum.ts';
import { envRedactor } from '../../core/redact.ts';
import { GeneratorEnvSchema } from '../config.ts';
import { createGeneratorContext, type GeneratorContext, SetupError } from '../context.ts';
import { EXIT_INCOMPLETE } from './exit-codes.ts';

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

/** The redactor of the running command: the environment's secrets, then the context's once it exists. */
let redact: (text: string) => string = envRedactor(GeneratorEnvSchema, process.env);

/**
 * The generator context of a command (see `createGeneratorContext`) from the environment and its
 * flags; a setup problem is a usage error (exit 2). From here on, every message the command prints is
 * redacted with the context's secrets.
 */
export async function createContext(overrides: {
  forum?: string | undefined;
  content?: string | undefined;
  postsFile?: string | undefined;
  commentsFile?: string | undefined;
}): Promise<GeneratorContext> {
  try {
    const ctx = await createGeneratorContext(overrides);
    redact = ctx.redact;
    return ctx;
  } catch (error) {
    if (error instanceof SetupError) throw new CliError(error.message, 2);
    throw error;
  }
}

/** Writes a line of the command's own output to stdout, redacted. */
export function say(line: string): void {
  process.stdout.write(`${redact(line)}\n`);
}

/**
 * Runs a command's main function and turns its failure into a message (redacted: no secret of the
 * configuration, in a value or inside a URL, is ever printed) and an exit code.
 */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof CliError || error instanceof SetupError) {
      const code = error instanceof CliError ? error.exitCode : 2;
      const label = code === EXIT_INCOMPLETE ? 'incomplete' : 'error';
      process.stderr.write(`${label}: ${redact(error.message)}\n`);
      process.exitCode = code;
      return;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`error: ${redact(message)}\nNothing partial was published.\n`);
    process.exitCode = 1;
  }
}
