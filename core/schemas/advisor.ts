import { z } from 'zod';

/** Longest draft the advisor accepts, in characters (what existing clients already cap at). */
export const MAX_PROMPT_CHARS = 5000;

const draft = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_PROMPT_CHARS, `must be at most ${MAX_PROMPT_CHARS} characters`);

/**
 * Body of `POST /api/forum/advisor`. `prompt` is the draft; `content` is its older alias and is
 * used only when `prompt` is absent. `tier` is accepted for compatibility and ignored.
 */
export const AdvisorRequest = z
  .object({
    prompt: draft.optional(),
    content: draft.optional(),
    context: z
      .object({ submolt: z.string().trim().min(1).max(100).optional() })
      .strict()
      .optional(),
    author: z.string().trim().min(1).max(100).optional(),
    tier: z.enum(['standard', 'premium']).optional(),
  })
  .strict()
  .refine((b) => b.prompt !== undefined || b.content !== undefined, {
    message: 'is required (or send its alias `content`)',
    path: ['prompt'],
  })
  .transform(({ prompt, content, ...rest }) => ({ ...rest, prompt: (prompt ?? content) as string }));
export type AdvisorRequest = z.output<typeof AdvisorRequest>;
