import { isAddress } from 'viem';
import { z } from 'zod';

/** A uint256 as x402 sends it: a decimal string. */
const Uint256 = z
  .string({ error: 'must be a decimal integer string' })
  .regex(/^\d{1,78}$/, 'must be a decimal integer string')
  // zod runs this check even when the pattern failed: BigInt only sees digits.
  .refine((v) => !/^\d+$/.test(v) || BigInt(v) < 2n ** 256n, 'must fit in 256 bits');

/** An EVM address; a mixed-case one must carry a valid EIP-55 checksum (what viem's getAddress accepts). */
const Address = z
  .string({ error: 'must be a 0x address' })
  .refine(
    (v) => isAddress(v, { strict: true }),
    'must be a 0x address of 40 hex digits with a valid checksum',
  )
  .transform((v) => v as `0x${string}`);

/**
 * The inner `payload` of an x402 `exact` payment on EVM with EIP-3009 (`transferWithAuthorization`):
 * what the facilitator reads before it verifies anything. Checked at the boundary, so a malformed
 * authorization is the payer's 402, never an exception inside the facilitator (a 503).
 */
export const Eip3009Payload = z.object({
  signature: z
    .string({ error: 'must be a 0x hex string' })
    .regex(/^0x(?:[0-9a-fA-F]{2})+$/, 'must be a 0x hex string of whole bytes'),
  authorization: z.object(
    {
      from: Address,
      to: Address,
      value: Uint256,
      validAfter: Uint256,
      validBefore: Uint256,
      nonce: z
        .string({ error: 'must be a 0x hex string of 32 bytes' })
        .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x hex string of 32 bytes')
        .transform((v) => v as `0x${string}`),
    },
    { error: 'must be an object (from, to, value, validAfter, validBefore, nonce)' },
  ),
});

/**
 * What is wrong with the inner payload of an `exact` EVM payment, in one line naming the field
 * (`payload.authorization.value: must be a decimal integer string`), or undefined when it is a well
 * formed EIP-3009 authorization. The paid routes sell USDC, whose requirements never ask for Permit2.
 */
export function exactPayloadProblem(payload: unknown): string | undefined {
  if (typeof payload === 'object' && payload !== null && 'permit2Authorization' in payload) {
    return 'payload: a Permit2 payload; this route takes an EIP-3009 authorization (payload.authorization and payload.signature)';
  }
  const result = Eip3009Payload.safeParse(payload);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  const field = ['payload', ...(issue?.path ?? []).map(String)].join('.');
  return `${field}: ${issue?.message ?? 'is not an EIP-3009 payment payload'}`;
}

/** The authorization of a payload `exactPayloadProblem` found well formed. */
export function eip3009Authorization(payload: unknown): z.infer<typeof Eip3009Payload>['authorization'] {
  return Eip3009Payload.parse(payload).authorization;
}
