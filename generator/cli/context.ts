import { type Config, ConfigError, loadConfig } from '../../core/config.ts';
import type { ThreadCounts } from '../../core/forum.ts';
import { selectAnalyser } from '../analyse/select.ts';
import type { Analyser } from '../analyse/types.ts';
import { createForumClient } from '../forum/client.ts';
import { logEvent } from '../log.ts';
import { loadReplay, ReplayFileError, replayNotes } from '../replay/load.ts';
import { replaySource } from '../replay/source.ts';
import type { HourSource } from '../run-hour.ts';
import { EXIT_INCOMPLETE } from './exit-codes.ts';

/** Forum client events too frequent to be worth a log line each (one per request or page). */
const QUIET_FORUM_EVENTS = new Set(['request', 'page', 'probe', 'thread']);

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

/** What the generate and backfill commands share: configuration, forum source and analyser. */
export interface GeneratorContext {
  readonly config: Config;
  readonly contentDir: string;
  readonly source: HourSource;
  readonly analyser: Analyser;
}

/**
 * Builds the context from the environment and the command's flags: `--forum` / `--content` override
 * the configuration; with `--posts-file` (and optionally `--comments-file`) the hours are replayed from
 * those files, read once here, instead of scraped from the forum.
 */
export async function createContext(overrides: {
  forum?: string | undefined;
  content?: string | undefined;
  postsFile?: string | undefined;
  commentsFile?: string | undefined;
}): Promise<GeneratorContext> {
  if (overrides.postsFile === undefined && overrides.commentsFile !== undefined)
    throw new CliError('--comments-file needs --posts-file', 2);
  if (overrides.postsFile !== undefined && overrides.forum !== undefined)
    throw new CliError('--forum and --posts-file exclude each other: replay reads no forum', 2);
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
  const source =
    overrides.postsFile === undefined
      ? forumSource(config)
      : await replayFromFiles({ posts: overrides.postsFile, comments: overrides.commentsFile }, config);
  return { config, contentDir: config.CONTENT_DIR, source, analyser: selectAnalyser(config, logEvent) };
}

function forumSource(config: Config): HourSource {
  return createForumClient({
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
}

/** The replay source over the files, after telling on stderr what was read and which lines were skipped. */
async function replayFromFiles(files: { posts: string; comments?: string | undefined }, config: Config) {
  try {
    const { archive, tally } = await loadReplay(files);
    for (const note of replayNotes(files, tally)) process.stderr.write(`${note}\n`);
    return replaySource(archive, { commentThreads: config.FORUM_COMMENT_THREADS });
  } catch (error) {
    if (error instanceof ReplayFileError) throw new CliError(error.message, 2);
    throw error;
  }
}

/** Runs a command's main function and turns its failure into a message and an exit code. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof CliError) {
      const label = error.exitCode === EXIT_INCOMPLETE ? 'incomplete' : 'error';
      process.stderr.write(`${label}: ${error.message}\n`);
      process.exitCode = error.exitCode;
      return;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    process.stderr.write(`error: ${message}\nNothing partial was published.\n`);
    process.exitCode = 1;
  }
}
