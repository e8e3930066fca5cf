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
 * used (and checked) only when `prompt` is absent, so a client sending both is never refused over
 * the alias. `tier` is accepted for compatibility and ignored.
 */
export const AdvisorRequest = z
  .object({
    prompt: draft
      .optional()
      .describe(
        `Draft post text to analyse (at most ${MAX_PROMPT_CHARS} characters); the first line is read as the title.`,
      ),
    content: z
      .string()
      .optional()
      .describe(
        'Alias of `prompt` with the same limits, kept for compatibility; read and checked only when `prompt` is absent.',
      ),
    context: z
      .object({ submolt: z.string().trim().min(1).max(100).optional() })
      .strict()
      .optional()
      .describe('Optional context, e.g. the target submolt.'),
    author: z.string().trim().min(1).max(100).optional().describe('Optional handle of the author.'),
    tier: z
      .enum(['standard', 'premium'])
      .optional()
      .describe('Accepted for compatibility and ignored: a single advisor tier remains.'),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.prompt !== undefined) return;
    if (b.content === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'is required (or send its alias `content`)',
        path: ['prompt'],
      });
      return;
    }
    for (const issue of draft.safeParse(b.content).error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['content'] });
  })
  .transform(({ prompt, content, ...rest }) => ({ ...rest, prompt: prompt ?? (content ?? '').trim() }))
  .describe('Body of the advisor route; `prompt` (or its alias `content`) is required.');
export type AdvisorRequest = z.output<typeof AdvisorRequest>;
