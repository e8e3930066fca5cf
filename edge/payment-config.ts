import { z } from 'zod';
import { blankIsUnset, optionalHttpUrl, optionalText, wholeNumber } from '../core/config/fields.ts';
import { SharedEnvSchema } from '../core/config/shared.ts';
import type { CdpApiKey } from './facilitator/cdp-auth.ts';
import { CDP_FACILITATOR_URL, isCdpFacilitator, parseCdpKeySecret } from './facilitator/cdp-key.ts';

const hexKey = () =>
  blankIsUnset(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a private key: 0x followed by 64 hex digits')
      .transform((s) => s as `0x${string}`),
  );

/**
 * FACILITATOR_HEADERS: a JSON object of header names to string values. The value is a secret, so no
 * message ever repeats it.
 */
const headerObject = blankIsUnset(
  z.string().transform((s, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object such as {"Authorization":"Bearer …"}' });
      return z.NEVER;
    }
    const ok =
      parsed !== null &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      Object.entries(parsed).every(
        ([name, value]) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && typeof value === 'string',
      );
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of header names to string values' });
      return z.NEVER;
    }
    return parsed as Record<string, string>;
  }),
);

/**
 * CDP_API_KEY_SECRET: checked at start-up (Ed25519 or EC P-256, see `parseCdpKeySecret`); a secret, so
 * no message ever repeats it.
 */
const cdpKeySecret = blankIsUnset(
  z.string().transform((s, ctx) => {
    const parsed = parseCdpKeySecret(s);
    if ('problem' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }
    return s;
  }),
);

/**
 * The payment variables of the edge: the payee, one facilitator (remote or embedded), the refund
 * wallet. `paymentProblems` checks them together, `paymentSetup` reads the mode from them.
 */
export const PaymentEnvSchema = SharedEnvSchema.pick({ PAY_TO: true }).extend({
  FACILITATOR_URL: optionalHttpUrl().meta({
    description: `remote x402 facilitator, e.g. https://x402.org/facilitator or the CDP one (${CDP_FACILITATOR_URL}); needs \`PAY_TO\`, not with \`FACILITATOR_PRIVATE_KEY\``,
    secret: 'url',
  }),
  FACILITATOR_HEADERS: headerObject.meta({
    description:
      'JSON object of extra headers for the remote facilitator, e.g. `{"Authorization":"Bearer …"}` (secret)',
    secret: 'value',
  }),
  CDP_API_KEY_ID: optionalText().meta({
    description:
      'id of a Coinbase CDP API key, for the CDP facilitator: each call then carries a fresh signed JWT (secret; needs `CDP_API_KEY_SECRET`; not with an `Authorization` in `FACILITATOR_HEADERS`)',
    secret: 'value',
  }),
  CDP_API_KEY_SECRET: cdpKeySecret.meta({
    description:
      'that key’s secret: base64 Ed25519 key (64 bytes) or PEM EC private key, checked at start-up (secret; needs `CDP_API_KEY_ID`)',
    secret: 'value',
  }),
  FACILITATOR_TIMEOUT_MS: wholeNumber(500, 120_000, 30_000).meta({
    description:
      'time limit of one verify or settle call to the facilitator (remote or embedded), in ms; a settlement that passes it is looked up on chain',
  }),
  FACILITATOR_PRIVATE_KEY: hexKey().meta({
    description:
      'wallet of the embedded facilitator, which settles itself and pays the gas (secret; needs `PAY_TO` and `EVM_RPC_URL`)',
    secret: 'value',
  }),
  EVM_RPC_URL: optionalHttpUrl().meta({
    description:
      'JSON-RPC endpoint of the chain (chain id 8453) for the embedded facilitator and the refund worker',
    secret: 'url',
  }),
  REFUND_PRIVATE_KEY: hexKey().meta({
    description: 'refund wallet: the refund worker sends USDC back from it (secret; needs `EVM_RPC_URL`)',
    secret: 'value',
  }),
});

/** The payment variables, parsed. */
export type PaymentVariables = z.infer<typeof PaymentEnvSchema>;

/** How the paid routes take money, derived from the configuration (see `paymentSetup`). */
export type PaymentSetup =
  /** No payment configuration: the 402 challenge of the demo payee, and no money is ever taken. */
  | { readonly mode: 'challenge-only' }
  /** A remote facilitator verifies and settles. */
  | {
      readonly mode: 'remote';
      readonly payTo: `0x${string}`;
      readonly url: string;
      readonly headers: Readonly<Record<string, string>>;
      /** A CDP API key: each call then carries a fresh JWT signed with it (`Authorization: Bearer`). */
      readonly cdp?: CdpApiKey;
      readonly timeoutMs: number;
    }
  /** The embedded facilitator verifies and settles itself, paying gas from its wallet. */
  | {
      readonly mode: 'embedded';
      readonly payTo: `0x${string}`;
      readonly privateKey: `0x${string}`;
      readonly rpcUrl: string;
      readonly timeoutMs: number;
    };

/**
 * What is wrong with the payment variables together, one line per problem naming the variable to set
 * or unset (the modes: README.md). Anything between the modes is an error, never a silent fallback.
 */
export function paymentProblems(cfg: PaymentVariables): string[] {
  const problems: string[] = [];
  const remote = cfg.FACILITATOR_URL !== undefined;
  const embedded = cfg.FACILITATOR_PRIVATE_KEY !== undefined;
  if (remote && embedded) {
    problems.push(
      'FACILITATOR_URL: set either FACILITATOR_URL (a remote facilitator) or FACILITATOR_PRIVATE_KEY (the embedded one), not both',
    );
  }
  if (embedded && cfg.EVM_RPC_URL === undefined) {
    problems.push(
      'EVM_RPC_URL: is required with FACILITATOR_PRIVATE_KEY (the embedded facilitator settles through it)',
    );
  }
  if (cfg.FACILITATOR_HEADERS !== undefined && !remote) {
    problems.push('FACILITATOR_HEADERS: is only used with FACILITATOR_URL, which is not set');
  }
  const cdpId = cfg.CDP_API_KEY_ID !== undefined;
  const cdpSecret = cfg.CDP_API_KEY_SECRET !== undefined;
  if (cdpId !== cdpSecret) {
    problems.push(
      cdpId
        ? 'CDP_API_KEY_SECRET: is required with CDP_API_KEY_ID (a CDP API key is an id and its secret)'
        : 'CDP_API_KEY_ID: is required with CDP_API_KEY_SECRET (a CDP API key is an id and its secret)',
    );
  }
  if ((cdpId || cdpSecret) && !remote) {
    problems.push(
      `${cdpId ? 'CDP_API_KEY_ID' : 'CDP_API_KEY_SECRET'}: is only used with FACILITATOR_URL (the CDP facilitator, ${CDP_FACILITATOR_URL}), which is not set`,
    );
  }
  const authorization = Object.keys(cfg.FACILITATOR_HEADERS ?? {}).some(
    (name) => name.toLowerCase() === 'authorization',
  );
  if (cdpId && cdpSecret && authorization) {
    problems.push(
      'FACILITATOR_HEADERS: must not set Authorization together with CDP_API_KEY_ID and CDP_API_KEY_SECRET (the CDP key signs a fresh bearer token for every call)',
    );
  }
  if (remote && !cdpId && !cdpSecret && !authorization && isCdpFacilitator(cfg.FACILITATOR_URL)) {
    problems.push(
      'CDP_API_KEY_ID: is required with the CDP facilitator (FACILITATOR_URL on api.cdp.coinbase.com): set CDP_API_KEY_ID and CDP_API_KEY_SECRET to a CDP API key',
    );
  }
  if (cfg.PAY_TO !== undefined && !remote && !embedded) {
    problems.push(
      'FACILITATOR_URL: is required when PAY_TO is set (or FACILITATOR_PRIVATE_KEY with EVM_RPC_URL for the embedded facilitator)',
    );
  }
  if (cfg.PAY_TO === undefined && (remote || embedded)) {
    problems.push(
      `PAY_TO: is required when ${remote ? 'FACILITATOR_URL' : 'FACILITATOR_PRIVATE_KEY'} is set (the address that receives the payments)`,
    );
  }
  if (cfg.REFUND_PRIVATE_KEY !== undefined && cfg.EVM_RPC_URL === undefined) {
    problems.push('EVM_RPC_URL: is required with REFUND_PRIVATE_KEY (the refund worker sends through it)');
  }
  return problems;
}

/** The payment setup of a valid configuration (loadEdgeConfig has already refused partial ones, see `paymentProblems`). */
export function paymentSetup(cfg: PaymentVariables): PaymentSetup {
  if (cfg.PAY_TO !== undefined && cfg.FACILITATOR_URL !== undefined) {
    return {
      mode: 'remote',
      payTo: cfg.PAY_TO,
      url: cfg.FACILITATOR_URL,
      headers: cfg.FACILITATOR_HEADERS ?? {},
      ...(cfg.CDP_API_KEY_ID !== undefined && cfg.CDP_API_KEY_SECRET !== undefined
        ? { cdp: { apiKeyId: cfg.CDP_API_KEY_ID, apiKeySecret: cfg.CDP_API_KEY_SECRET } }
        : {}),
      timeoutMs: cfg.FACILITATOR_TIMEOUT_MS,
    };
  }
  if (
    cfg.PAY_TO !== undefined &&
    cfg.FACILITATOR_PRIVATE_KEY !== undefined &&
    cfg.EVM_RPC_URL !== undefined
  ) {
    return {
      mode: 'embedded',
      payTo: cfg.PAY_TO,
      privateKey: cfg.FACILITATOR_PRIVATE_KEY,
      rpcUrl: cfg.EVM_RPC_URL,
      timeoutMs: cfg.FACILITATOR_TIMEOUT_MS,
    };
  }
  return { mode: 'challenge-only' };
}
