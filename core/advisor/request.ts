import { AdvisorRequest } from '../schemas/advisor.ts';
import type { ErrorBody } from '../schemas/envelope.ts';
import { validationErrorBody } from '../validation.ts';

/**
 * Validates an advisor request body (already JSON-parsed): the request, or the 400 body with
 * `details` naming each bad field. `prompt` wins over its alias `content`; at most MAX_PROMPT_CHARS.
 */
export function validateAdvisorRequest(
  body: unknown,
): { ok: true; request: AdvisorRequest } | { ok: false; status: 400; body: ErrorBody } {
  const parsed = AdvisorRequest.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, status: 400, body: validationErrorBody(parsed.error.issues, 'advisor request') };
}
