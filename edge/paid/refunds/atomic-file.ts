import { randomBytes } from 'node:crypto';
import { link, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Suffix of the temporary files the writers below create; readers skip them. */
export const TEMP_SUFFIX = '.tmp';

/** Writes `data` to a new temporary file beside `file` and fsyncs it; returns its path. */
async function writeTemp(file: string, data: string, mode: number): Promise<string> {
  const temp = join(
    dirname(file),
    `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}

/** Fsyncs a folder, so a rename or link inside it survives a crash. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `file` with `data` atomically and durably: temp file + fsync + rename + fsync of the
 * folder. A reader sees the old content or the new one, never a mix; after it resolves a crash keeps
 * the new one.
 */
export async function writeFileAtomic(file: string, data: string, mode = 0o600): Promise<void> {
  const temp = await writeTemp(file, data, mode);
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(dirname(file));
}

/**
 * Creates `file` with `data` only if it does not exist yet, atomically and durably (temp file + fsync
 * + hard link, which fails when the name is taken, + fsync of the folder). Answers false, changing
 * nothing, when `file` already existed: two concurrent creators cannot both win.
 */
export async function createFileAtomic(file: string, data: string, mode = 0o600): Promise<boolean> {
  const temp = await writeTemp(file, data, mode);
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
  await syncDir(dirname(file));
  return true;
}

/** Removes temporary files older than `olderThanMs` left in `dir` by a writer that crashed. */
export async function removeStaleTemps(dir: string, olderThanMs = 60_000): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(TEMP_SUFFIX)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > olderThanMs) await rm(path, { force: true });
  }
}
