import { z } from 'zod';
import { ApiMeta } from './envelope.ts';

/** Kinds of change a changelog entry lists. */
export const ChangeType = z.enum(['added', 'changed', 'fixed', 'removed', 'deprecated']);
export type ChangeType = z.infer<typeof ChangeType>;

/** One released version of the contract. */
export const ChangelogEntry = z
  .object({
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    date: z.iso.date(),
    changes: z.array(z.object({ type: ChangeType, description: z.string().min(1) }).strict()).min(1),
  })
  .strict()
  .describe('One released version.');
export type ChangelogEntry = z.infer<typeof ChangelogEntry>;

/** `GET /api/changelog` → 200, entries newest first. */
export const ChangelogResponse = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    currentVersion: z.string(),
    entries: z.array(ChangelogEntry),
  })
  .strict()
  .describe('The version history, newest first.');
export type ChangelogResponse = z.infer<typeof ChangelogResponse>;
