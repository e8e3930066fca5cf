import { ConfigError } from '../core/config/fields.ts';
import { configRedactor } from '../core/redact.ts';
import { selectAnalyser } from './analyse/select.ts';
import type { Analyser } from './analyse/types.ts';
import { type GeneratorConfig as Config, GeneratorEnvSchema, loadGeneratorConfig } from './config.ts';
import { createForumClient } from './forum/client.ts';
import type { HourSource } from './hour-source.ts';
import { createEventLog, type EventLog } from './log.ts';
import { loadReplay, ReplayFileError, replayNotes } from './replay/load.ts';
import { replaySource } from './replay/source.ts';

/** Forum client events too frequent to be worth a log line each (one per request or page). */
const QUIET_FORUM_EVENTS = new Set(['request', 'page', 'probe', 'thread']);

/**
 * The generator cannot start: bad flags together, a bad configuration value or a missing replay file.
 * Exit code 2 on the command line; the message names the input.
 */
export class SetupError extends Error {
  override readonly name = 'SetupError';
}

/** What generating and backfilling share: configuration, forum source, analyser, log and redactor. */
export interface GeneratorContext {
  readonly config: Config;
  readonly contentDir: string;
  readonly source: HourSource;
  /** The same source without comment threads: the advisor's labels need only vote and comment counts. */
  readonly labelSource: HourSource;
  readonly analyser: Analyser;
  readonly log: EventLog;
  /** Removes the configuration's secrets (keys, secret parts of its URLs) from any text. */
  readonly redact: (text: string) => string;
}

/** Where the context's events and notes go; default: JSON lines and notes on stderr. */
export interface ContextOutput {
  readonly write?: (line: string) => void;
}

/**
 * Builds the context from `env` and overrides: `forum` / `content` replace FORUM_BASE_URL /
 * CONTENT_DIR; with `postsFile` (and optionally `commentsFile`) the hours are replayed from those
 * files, read once here, instead of scraped from the forum. Throws SetupError naming the bad input.
 */
export async function createGeneratorContext(
  overrides: {
    forum?: string | undefined;
    content?: string | undefined;
    postsFile?: string | undefined;
    commentsFile?: string | undefined;
  },
  env: Record<string, string | undefined> = process.env,
  output: ContextOutput = {},
): Promise<GeneratorContext> {
  if (overrides.postsFile === undefined && overrides.commentsFile !== undefined)
    throw new SetupError('--comments-file needs --posts-file');
  if (overrides.postsFile !== undefined && overrides.forum !== undefined)
    throw new SetupError('--forum and --posts-file exclude each other: replay reads no forum');
  let config: Config;
  try {
    config = loadGeneratorConfig({
      ...env,
      ...(overrides.forum === undefined ? {} : { FORUM_BASE_URL: overrides.forum }),
      ...(overrides.content === undefined ? {} : { CONTENT_DIR: overrides.content }),
    });
  } catch (error) {
    if (error instanceof ConfigError) throw new SetupError(error.message);
    throw error;
  }
  const redact = configRedactor(GeneratorEnvSchema, config);
  const write = output.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const log = createEventLog(redact, write);
  const { source, labelSource } =
    overrides.postsFile === undefined
      ? {
          source: forumSource(config, log),
          labelSource: forumSource({ ...config, FORUM_COMMENT_THREADS: 0 }, log),
        }
      : await replayFromFiles({ posts: overrides.postsFile, comments: overrides.commentsFile }, config, (l) =>
          write(redact(l)),
        );
  return {
    config,
    contentDir: config.CONTENT_DIR,
    source,
    labelSource,
    analyser: selectAnalyser(config, log),
    log,
    redact,
  };
}

function forumSource(config: Config, log: EventLog): HourSource {
  try {
    return forumClient(config, log);
  } catch (error) {
    throw new SetupError(`FORUM_BASE_URL or FORUM_*: ${(error as Error).message}`);
  }
}

function forumClient(config: Config, log: EventLog): HourSource {
  return createForumClient({
    baseUrl: config.FORUM_BASE_URL,
    ...(config.FORUM_API_KEY === undefined ? {} : { apiKey: config.FORUM_API_KEY }),
    pageSize: config.FORUM_PAGE_SIZE,
    requestTimeoutMs: config.FORUM_REQUEST_TIMEOUT_MS,
    budgetMs: config.FORUM_BUDGET_MS,
    maxRetries: config.FORUM_MAX_RETRIES,
    commentThreads: config.FORUM_COMMENT_THREADS,
    log: (e) => {
      if (!QUIET_FORUM_EVENTS.has(e.type)) log({ ...e, event: `forum.${e.type}` });
    },
  });
}

/** The replay source over the files, after telling what was read and which lines were skipped. */
async function replayFromFiles(
  files: { posts: string; comments?: string | undefined },
  config: Config,
  note: (line: string) => void,
): Promise<{ source: HourSource; labelSource: HourSource }> {
  try {
    const { archive, tally } = await loadReplay(files);
    for (const line of replayNotes(files, tally)) note(line);
    return {
      source: replaySource(archive, { commentThreads: config.FORUM_COMMENT_THREADS }),
      labelSource: replaySource(archive, { commentThreads: 0 }),
    };
  } catch (error) {
    if (error instanceof ReplayFileError) throw new SetupError(error.message);
    throw error;
  }
}
