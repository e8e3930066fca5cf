import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

const Iso = z.iso.datetime({ offset: true });

/** What the pipeline remembers between runs (a small JSON file; Actions keeps it in its cache). */
export const PipelineState = z
  .object({
    /** Failed runs since the last successful one. */
    consecutiveFailures: z.int().nonnegative(),
    /** When the last run ended. */
    lastRunAt: Iso.optional(),
    lastSuccessAt: Iso.optional(),
    /** The most recent failure: which step and what went wrong (secrets removed). */
    lastFailure: z.object({ at: Iso, step: z.string(), message: z.string() }).strict().optional(),
    /** Commit whose build was last packed and announced; a later run with the same HEAD skips the build. */
    lastDeployedCommit: z
      .string()
      .regex(/^[0-9a-f]{40,64}$/)
      .optional(),
    /** Number of the open failure issue, when one was opened. */
    issueNumber: z.int().positive().optional(),
  })
  .strict();
export type PipelineState = z.infer<typeof PipelineState>;

/** The state of a first run. */
export const INITIAL_STATE: PipelineState = { consecutiveFailures: 0 };

/**
 * Reads the state file. A missing file is a first run; an unreadable or invalid one is reported
 * through `warn` (naming the file) and replaced, since failure accounting must never block publishing.
 */
export async function readState(file: string, warn: (message: string) => void): Promise<PipelineState> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      warn(`${file}: unreadable (${(error as Error).message}); starting over`);
    return INITIAL_STATE;
  }
  try {
    const parsed = PipelineState.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    warn(`${file}: invalid (${parsed.error.issues[0]?.message}); starting over`);
  } catch (error) {
    warn(`${file}: not JSON (${(error as Error).message}); starting over`);
  }
  return INITIAL_STATE;
}

/** Writes the state file atomically (a temporary file renamed over it). */
export async function writeState(file: string, state: PipelineState): Promise<void> {
  const valid = PipelineState.parse(state);
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(valid, null, 2)}\n`);
  await rename(tmp, file);
}
