import { open } from 'node:fs/promises';
import { type ArchiveTally, archiveBuilder, type ReplayArchive } from './archive.ts';
import { describeProblem } from './jsonl.ts';

/** A replay file that cannot be used at all: missing, unreadable, or without a single usable post. */
export class ReplayFileError extends Error {
  override readonly name = 'ReplayFileError';
}

/** The recorded files to replay: posts (required) and comments (optional), one JSON object a line. */
export interface ReplayFiles {
  readonly posts: string;
  readonly comments?: string | undefined;
}

/**
 * Reads the posts file and the comments file once, line by line, into a `ReplayArchive`. Throws
 * `ReplayFileError` naming the path when a file cannot be read or the posts file holds no usable post;
 * unusable lines are only counted (see `replayNotes`).
 */
export async function loadReplay(
  files: ReplayFiles,
): Promise<{ archive: ReplayArchive; tally: ArchiveTally }> {
  const builder = archiveBuilder();
  await eachLine(files.posts, 'posts', (text, line) => builder.addPostLine(text, line));
  if (files.comments !== undefined)
    await eachLine(files.comments, 'comments', (text, line) => builder.addCommentLine(text, line));
  const result = builder.finish();
  if (result.tally.posts.distinct === 0) {
    const first = result.tally.posts.firstProblem;
    throw new ReplayFileError(
      `posts file ${files.posts} holds no usable post${first ? ` (${describeProblem(first)})` : ' (it is empty)'}`,
    );
  }
  return result;
}

async function eachLine(
  path: string,
  what: string,
  onLine: (text: string, line: number) => void,
): Promise<void> {
  const fail = (error: unknown) =>
    new ReplayFileError(
      `cannot read the ${what} file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw fail(error);
  }
  try {
    let line = 0;
    for await (const text of handle.readLines({ encoding: 'utf8' })) onLine(text, ++line);
  } catch (error) {
    throw fail(error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * Lines for the operator about what was read: totals, and for each file with unusable lines how many
 * and the first problem with its line number. Paths are the caller's; forum text never appears.
 */
export function replayNotes(files: ReplayFiles, tally: ArchiveTally): string[] {
  const { posts, comments } = tally;
  const notes = [
    `replay: ${posts.distinct} posts from ${files.posts}` +
      (posts.duplicates > 0 ? ` (${posts.duplicates} repeated ids: the later line kept)` : ''),
  ];
  if (files.comments !== undefined)
    notes.push(
      `replay: ${comments.kept} comments on ${comments.threads} recorded posts from ${files.comments}` +
        (comments.unmatchedThreads > 0
          ? ` (${comments.unmatchedThreads} threads of posts not in the posts file)`
          : ''),
    );
  for (const [path, t] of [
    [files.posts, posts],
    [files.comments, comments],
  ] as const)
    if (path !== undefined && t.skipped > 0 && t.firstProblem)
      notes.push(
        `${path}: skipped ${t.skipped} unusable lines or items (first: ${describeProblem(t.firstProblem)})`,
      );
  return notes;
}
