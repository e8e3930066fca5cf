import { relative } from 'node:path';
import { commitMessage, type PublishedHour } from './commit-message.ts';
import { changedFiles, commitPaths, discardChanges, GitError } from './git.ts';
import type { Logger } from './log.ts';
import { StepError } from './step-error.ts';
import { contentKind, validateContentFiles } from './validate-content.ts';

async function step<T>(name: 'validate' | 'commit', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StepError) throw error;
    throw new StepError(name, error instanceof GitError ? error.message : (error as Error).message);
  }
}

/**
 * Validates every added or changed file under `contentDir` (a folder of the git working tree `repo`)
 * and commits the folder's changes with a message naming the hours, titles and post counts. Returns
 * the commit, or null when nothing changed. On a validation problem, discards the changes and throws
 * StepError('validate') listing the files: nothing invalid is ever committed.
 */
export async function commitContent(repo: string, contentDir: string, log: Logger): Promise<string | null> {
  const contentPath = relative(repo, contentDir) || '.';
  const inContent = (path: string) => relative(contentPath, path);
  const changes = await step('validate', () => changedFiles(repo, contentPath));
  if (changes.length === 0) return null;

  const present = changes.filter((c) => c.change !== 'deleted');
  const { digests, problems } = await step('validate', () =>
    validateContentFiles(
      contentDir,
      present.map((c) => inContent(c.path)),
    ),
  );
  if (problems.length > 0) {
    await discardChanges(repo, changes).catch((e: Error) =>
      log.warn(`could not discard rejected files: ${e.message}`),
    );
    throw new StepError(
      'validate',
      `${problems.length} content file(s) failed validation; nothing was committed:\n${problems
        .slice(0, 10)
        .map((p) => `  ${p.file}: ${p.message}`)
        .join('\n')}`,
    );
  }
  log.info(`validated ${present.length} changed content file(s)`);

  const published: PublishedHour[] = digests.map(({ file, digest }) => ({
    digest,
    outcome: present.find((c) => inContent(c.path) === file)?.change === 'added' ? 'created' : 'updated',
  }));
  const digestKinds = new Set(['digest', 'digest-markdown']);
  const others = changes.filter(
    (c) => c.change === 'deleted' || !digestKinds.has(contentKind(inContent(c.path)) ?? ''),
  );
  const message = commitMessage(published, others);
  const commit = await step('commit', () => commitPaths(repo, contentPath, message));
  if (commit) log.info(`committed ${commit.slice(0, 12)}: ${message.split('\n')[0]}`);
  return commit;
}
