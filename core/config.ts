import { z } from 'zod';
import { CDP_FACILITATOR_URL, isCdpFacilitator, parseCdpKeySecret } from './cdp-key.ts';
import {
  blankIsUnset,
  httpUrl,
  issueLines,
  optionalHttpUrl,
  optionalText,
  wholeNumber,
} from './config/fields.ts';
import { DEFAULT_PLATFORM } from './routes.ts';

const optionalString = optionalText();
const url = httpUrl();
const optionalUrl = optionalHttpUrl();
const int = wholeNumber;

const hexKey = blankIsUnset(
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
 * Every environment variable the project reads, with its default. Parsed once at start-up; names are
 * the variables themselves so an error can name the one that is wrong.
 */
export const EnvSchema = z.object({
  /** Port the edge listens on. */
  PORT: int(0, 65535, 8080),
  /** Public base URL of the service, used in every absolute link (default: http://localhost:PORT). */
  BASE_URL: optionalUrl,
  /** Platform path segment of the routes (`/api/<segment>/…`). */
  PLATFORM_SEGMENT: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be 1–32 lower-case letters, digits or dashes')
    .default(DEFAULT_PLATFORM),
  /** Folder of the published data. */
  CONTENT_DIR: z.string().min(1).default('content'),
  /** Base URL of the forum's API (always with `www`: the bare domain drops the Authorization header). */
  FORUM_BASE_URL: url.default('https://www.moltbook.com/api/v1'),
  /** Optional forum API key (secret). */
  FORUM_API_KEY: optionalString,
  /** Posts per list page. */
  FORUM_PAGE_SIZE: int(1, 100, 100),
  /** Per-request timeout towards the forum, in ms. */
  FORUM_REQUEST_TIMEOUT_MS: int(100, 120_000, 15_000),
  /** Time budget of one hour's scrape, in ms. */
  FORUM_BUDGET_MS: int(1_000, 3_600_000, 600_000),
  /** Retries per forum request. */
  FORUM_MAX_RETRIES: int(0, 10, 5),
  /** Number of most-commented posts whose comment threads are fetched. */
  FORUM_COMMENT_THREADS: int(0, 200, 20),
  /** `offline` (default), `openai`, or `auto` (openai when OPENAI_BASE_URL or OPENAI_API_KEY is set). */
  ANALYSER: z.enum(['offline', 'openai', 'auto']).default('auto'),
  /** Base URL of an OpenAI-compatible API. */
  OPENAI_BASE_URL: optionalUrl,
  /** API key of that endpoint (secret). */
  OPENAI_API_KEY: optionalString,
  /** Model name. */
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Time limit of one analysis call, in ms. */
  OPENAI_TIMEOUT_MS: int(1_000, 600_000, 60_000),
  /** Output token limit of one analysis call. */
  OPENAI_MAX_TOKENS: int(256, 64_000, 4_000),
  /** Sibling service base URLs for the moved routes. */
  GH_BASE_URL: url.default('https://gh.example.com'),
  SIGNALS_BASE_URL: url.default('https://signals.example.com'),
  MARKETS_BASE_URL: url.default('https://markets.example.com'),
  /** Folder of the built site the edge serves from memory. */
  DIST_DIR: z.string().min(1).default('dist'),
  /** Address the edge listens on. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where rate-limit counters live: `memory` (one instance) or `redis` (shared by every instance). */
  RATE_LIMIT_STORE: z.enum(['memory', 'redis']).default('memory'),
  /** Redis connection URL, required when RATE_LIMIT_STORE is `redis`. */
  REDIS_URL: blankIsUnset(z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' })),
  /** Prefix of every rate-limit key in Redis, so several services can share one Redis. */
  RATE_LIMIT_PREFIX: z.string().min(1).max(64).default('murmur:rl:'),
  /**
   * Comma-separated addresses of reverse proxies whose `X-Forwarded-For` is believed. Empty (the
   * default): the client address is the socket's, and forwarded headers are ignored.
   */
  TRUSTED_PROXIES: z
    .string()
    .trim()
    .transform((s) =>
      s
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { message: 'each entry must be an IP address' })))
    .default([]),
  /** Reload dist/ when its files change (besides SIGHUP): `1` or `0`. */
  DIST_WATCH: z.enum(['0', '1']).default('1'),
  /** How long dist/ must stay unchanged before a watched change is reloaded, in ms. */
  DIST_RELOAD_QUIET_MS: int(50, 60_000, 2_000),
  /**
   * Address that receives the payments of the paid routes. With a facilitator, payments are ON;
   * with neither, the edge answers the challenge of the demo payee and never takes money.
   */
  PAY_TO: blankIsUnset(
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address: 0x followed by 40 hex digits')
      .refine((s) => !/^0x0{40}$/.test(s), 'must not be the zero address (USDC refuses transfers to it)')
      .transform((s) => s as `0x${string}`),
  ),
  /** A remote x402 facilitator (e.g. https://x402.org/facilitator, or a hosted one for mainnet). */
  FACILITATOR_URL: optionalUrl,
  /** Extra headers sent to the remote facilitator (secret), a JSON object, e.g. `{"Authorization":"Bearer …"}`. */
  FACILITATOR_HEADERS: headerObject,
  /**
   * Id of a Coinbase CDP API key (secret): with CDP_API_KEY_SECRET, every call to the remote facilitator
   * carries a fresh bearer JWT signed with the key, as the CDP facilitator requires.
   */
  CDP_API_KEY_ID: optionalString,
  /** The secret of that key (secret): base64 Ed25519 (64 bytes) or a PEM EC private key. */
  CDP_API_KEY_SECRET: cdpKeySecret,
  /** Time limit of one call to the remote facilitator, in ms. */
  FACILITATOR_TIMEOUT_MS: int(500, 120_000, 30_000),
  /** The embedded facilitator's settling wallet (secret): it pays the gas of every settlement. */
  FACILITATOR_PRIVATE_KEY: hexKey,
  /** JSON-RPC endpoint of the chain, for the embedded facilitator and the refund worker. */
  EVM_RPC_URL: optionalUrl,
  /** The refund wallet (secret): the refund worker sends USDC back from it. */
  REFUND_PRIVATE_KEY: hexKey,
  /** Folder of the edge's own state: settlement records, the refund queue and API keys on disk. */
  STATE_DIR: z.string().trim().min(1).default('.state'),
});

/** The names of variables whose values are secrets: never logged, never written. */
export const SECRET_VARIABLES = [
  'FORUM_API_KEY',
  'OPENAI_API_KEY',
  'FACILITATOR_HEADERS',
  'CDP_API_KEY_ID',
  'CDP_API_KEY_SECRET',
  'FACILITATOR_PRIVATE_KEY',
  'REFUND_PRIVATE_KEY',
] as const;

/**
 * The variables holding URLs that may carry secrets (a password in the userinfo, a provider key in the
 * path or query): logs and errors show only their scheme, host and port (core/redact.ts).
 */
export const SECRET_URL_VARIABLES = [
  'EVM_RPC_URL',
  'FORUM_BASE_URL',
  'REDIS_URL',
  'FACILITATOR_URL',
  'OPENAI_BASE_URL',
] as const;

/** Parsed configuration; `baseUrl` is resolved (no trailing slash). */
export type Config = z.infer<typeof EnvSchema> & { baseUrl: string };

/** Thrown when the environment holds a bad value; the message names every wrong variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment once; throws ConfigError naming each bad variable and what is wrong with it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(env);
  const lines = result.success ? [] : issueLines(result.error);
  if (result.success && result.data.RATE_LIMIT_STORE === 'redis' && result.data.REDIS_URL === undefined) {
    lines.push('  REDIS_URL: is required when RATE_LIMIT_STORE is redis');
  }
  if (result.success) for (const line of paymentProblems(result.data)) lines.push(`  ${line}`);
  if (!result.success || lines.length > 0)
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  const cfg = result.data;
  const baseUrl = (cfg.BASE_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, '');
  return { ...cfg, baseUrl };
}

/** The configuration with secret values replaced, safe to print. */
export function redactConfig(cfg: Config): Record<string, unknown> {
  const out: Record<string, unknown> = { ...cfg };
  for (const name of SECRET_VARIABLES) if (out[name] !== undefined) out[name] = '[set]';
  return out;
}

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
      readonly cdp?: { readonly apiKeyId: string; readonly apiKeySecret: string };
      readonly timeoutMs: number;
    }
  /** The embedded facilitator verifies and settles itself, paying gas from its wallet. */
  | {
      readonly mode: 'embedded';
      readonly payTo: `0x${string}`;
      readonly privateKey: `0x${string}`;
      readonly rpcUrl: string;
    };

type PaymentVariables = Pick<
  z.infer<typeof EnvSchema>,
  | 'PAY_TO'
  | 'FACILITATOR_URL'
  | 'FACILITATOR_HEADERS'
  | 'CDP_API_KEY_ID'
  | 'CDP_API_KEY_SECRET'
  | 'FACILITATOR_TIMEOUT_MS'
  | 'FACILITATOR_PRIVATE_KEY'
  | 'EVM_RPC_URL'
  | 'REFUND_PRIVATE_KEY'
>;

/**
 * What is wrong with the payment variables together, one line per problem, each naming the variable
 * to set or unset. Payments are ON with PAY_TO and one facilitator: FACILITATOR_URL (remote), or
 * FACILITATOR_PRIVATE_KEY with EVM_RPC_URL (embedded). None of them: challenge-only. Anything in
 * between is an error, never a silent fallback.
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

/** The payment setup of a valid configuration (loadConfig has already refused partial ones). */
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
    };
  }
  return { mode: 'challenge-only' };
}
