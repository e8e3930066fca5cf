import { z } from 'zod';
import { AdvisorResponse } from './advisor-response.ts';
import { ApiMeta } from './envelope.ts';

/** `POST /api/forum/advisor` → 200: the advisor's result as `data`, inside the usual envelope. */
export const AdvisorResult = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    data: AdvisorResponse,
    /** true only when the work succeeded and payment was taken (false with a free-tier key). */
    charged: z.boolean().optional().describe('true only when the work succeeded and payment was taken.'),
    _attribution: z.string().optional(),
  })
  .strict()
  .describe('Body of a successful advisor call: the result as `data`, inside the usual envelope.');
export type AdvisorResult = z.infer<typeof AdvisorResult>;
