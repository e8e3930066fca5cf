import type { z } from 'zod';
import type { ErrorBody, ValidationDetail } from './schemas/envelope.ts';

/** Turns zod issues into the contract's `details`: the field (dotted path) and what is wrong with it. */
export function validationDetails(issues: readonly z.core.$ZodIssue[]): ValidationDetail[] {
  return issues.flatMap((issue): ValidationDetail[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: [...issue.path.map(String), key].join('.'),
        message: 'is not a recognised parameter',
      }));
    }
    const field = issue.path.map(String).join('.') || '(body)';
    return [{ field, message: issue.message }];
  });
}

/** The contract's error body for a validation failure. */
export function validationErrorBody(issues: readonly z.core.$ZodIssue[], what = 'request'): ErrorBody {
  const details = validationDetails(issues);
  return {
    success: false,
    error: 'Validation failed',
    message: `Invalid ${what}: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
    details,
  };
}
