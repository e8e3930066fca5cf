import { SAMPLE_MIN_AGE_HOURS } from '../limits.ts';
import type { ErrorBody, ValidationDetail } from '../schemas/envelope.ts';

/** The contract's error body: `{success: false, error, message?, details?}`. */
export function errorBody(error: string, message?: string, details?: readonly ValidationDetail[]): ErrorBody {
  const body: ErrorBody = { success: false, error };
  if (message !== undefined) body.message = message;
  if (details !== undefined) body.details = details.map((d) => ({ ...d }));
  return body;
}

/** 404 of latest and brief: no completed digest yet (the contract fixes the `error` text). */
export const NO_DIGESTS: Readonly<ErrorBody> = Object.freeze(
  errorBody(
    'no digests available',
    'No completed digest has been published yet; a new one appears every hour.',
  ),
);

/** 404 of the sample route: no digest is old enough yet. */
export const NO_SAMPLE_DIGEST: Readonly<ErrorBody> = Object.freeze(
  errorBody(
    'no sample available',
    `No digest at least ${SAMPLE_MIN_AGE_HOURS} hours old exists yet; the latest digest route is free meanwhile.`,
  ),
);

/** 404 of an unknown path. */
export const NOT_FOUND: Readonly<ErrorBody> = Object.freeze(
  errorBody('not found', 'No route here; see /discovery for every endpoint.'),
);

/** 405: the method is not allowed on this route. */
export const METHOD_NOT_ALLOWED: Readonly<ErrorBody> = Object.freeze(
  errorBody('method not allowed', 'See /discovery for the method of each route.'),
);

/** 500: an unexpected failure; nothing was charged. */
export const SERVER_ERROR: Readonly<ErrorBody> = Object.freeze(
  errorBody('internal server error', 'Something failed on our side; nothing was charged. Try again later.'),
);

/** 429 body; `Retry-After` carries the same number of seconds. */
export function rateLimitedBody(retryAfterSeconds: number): ErrorBody {
  return errorBody('rate limited', `Too many requests; retry in ${retryAfterSeconds} seconds.`);
}

/**
 * 502 body of the advisor when payment settled but the analysis was not delivered: carries the
 * contract's `{"refund":"queued"}` inside the usual error shape.
 */
export function refundQueuedBody(): ErrorBody & { refund: 'queued' } {
  return {
    ...errorBody(
      'analysis failed after payment',
      'The payment settled but the analysis could not be delivered; a refund is queued automatically.',
    ),
    refund: 'queued',
  };
}
