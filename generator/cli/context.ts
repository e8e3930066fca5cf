import { type Config, ConfigError, loadConfig } from '../../core/config.ts';
import { selectAnalyser } from '../analyse/select.ts';
import type { Analyser } from '../analyse/types.ts';
import { createForumClient } from '../forum/client.ts';
import { logEvent } from '../log.ts';
import type { HourSource } from '../run-hour.ts';

/** Forum client events too frequent to be worth a log line each (one per request or page). */
const QUIET_FORUM_EVENTS = new Set(['request', 'page', 'probe', 'thread']);

/** A command-line failure with the exit code it should end the process with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

/** What the generate and backfill commands share: configuration, forum source and analyser. */
export interface GeneratorContext {
  readonly config: Config;
  readonly contentDir: string;
  readonly source: HourSource;
  readonly analyser: Analyser;
}

/** Builds the context from the environment and the command's `--forum` / `--content` overrides. */
export function createContext(overrides: {
  forum?: string | undefined;
  content?: string | undefined;
}): GeneratorContext {
  let config: Config;
  try {
    config = loadConfig({
      ...process.env,
      ...(overrides.forum === undefined ? {} : { FORUM_BASE_URL: overrides.forum }),
      ...(overrides.content === undefined ? {} : { CONTENT_DIR: overrides.content }),
    });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, 2);
    throw error;
  }
  const source = createForumClient({
    baseUrl: config.FORUM_BASE_URL,
    ...(config.FORUM_API_KEY === undefined ? {} : { apiKey: config.FORUM_API_KEY }),
    pageSize: config.FORUM_PAGE_SIZE,
    requestTimeoutMs: config.FORUM_REQUEST_TIMEOUT_MS,
    budgetMs: config.FORUM_BUDGET_MS,
    maxRetries: config.FORUM_MAX_RETRIES,
    commentThreads: config.FORUM_COMMENT_THREADS,
    log: (e) => {
      if (!QUIET_FORUM_EVENTS.has(e.type)) logEvent({ ...e, event: `forum.${e.type}` });
    },
  });
  return { config, contentDir: config.CONTENT_DIR, source, analyser: selectAnalyser(config, logEvent) };
}

/** Runs a command's main function and turns its failure into a message and an exit code. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`error: ${message}\nNothing partial was published.\n`);
    process.exitCode = 1;
  }
}
