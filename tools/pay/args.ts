import { parseArgs } from 'node:util';
import type { Hex } from 'viem';
import { unsetIfBlank } from '../../core/config/fields.ts';

/** What `npm run pay` was asked to do. */
export interface PayRequest {
  url: URL;
  method: 'GET' | 'POST';
  /** The JSON body as given (validated), for POST. */
  data?: string;
  headers: [name: string, value: string][];
  /** RPC endpoint for the client scheme's optional on-chain reads (not needed for USDC's EIP-3009). */
  rpcUrl?: URL;
  privateKey: Hex;
}

/** The outcome of parsing: a request, a help request, or a message naming the bad input. */
export type ParsedPayArgs =
  | { kind: 'request'; request: PayRequest }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

/** Usage text of `npm run pay`. */
export const PAY_USAGE = [
  "usage: npm run pay -- <url> [--method GET|POST] [--data '<json>'] [--header 'name: value']... [--rpc-url <url>]",
  '',
  '  Pays an x402 v2 route (exact scheme, EVM) and prints the HTTP status, the decoded',
  '  PAYMENT-RESPONSE header and the body. Exit code 0 on 2xx, 1 otherwise, 2 on bad arguments.',
  '',
  '  env PAYER_PRIVATE_KEY  0x-prefixed 32-byte hex private key of the payer (required, never printed)',
  '  env EVM_RPC_URL        same as --rpc-url (optional; only extension flows such as Permit2 read the chain)',
  '  --method               GET (default) or POST (the default when --data is given)',
  '  --data                 JSON request body, sent as application/json',
  '  --header               extra request header, repeatable',
].join('\n');

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function httpUrl(what: string, raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${what} is not a valid URL: "${raw}"`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${what} must be an http:// or https:// URL, got "${raw}"`;
  }
  return url;
}

/**
 * Parses the command line and environment of `npm run pay`. Pure: never reads `process`, and
 * never puts the private key in a message.
 */
export function parsePayArgs(argv: string[], env: Record<string, string | undefined>): ParsedPayArgs {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };

  if (positionals.length === 0) return { kind: 'error', message: 'missing the <url> to pay' };
  if (positionals.length > 1) {
    return {
      kind: 'error',
      message: `expected one <url>, got ${positionals.length}: ${positionals.join(' ')}`,
    };
  }
  const url = httpUrl('<url>', positionals[0] as string);
  if (typeof url === 'string') return { kind: 'error', message: url };

  const rawMethod = values.method?.toUpperCase();
  if (rawMethod !== undefined && rawMethod !== 'GET' && rawMethod !== 'POST') {
    return { kind: 'error', message: `--method must be GET or POST, got "${values.method}"` };
  }
  const method = rawMethod ?? (values.data !== undefined ? 'POST' : 'GET');
  if (values.data !== undefined) {
    if (method === 'GET') return { kind: 'error', message: '--data needs --method POST (a GET has no body)' };
    try {
      JSON.parse(values.data);
    } catch (error) {
      return { kind: 'error', message: `--data is not valid JSON: ${(error as Error).message}` };
    }
  }

  const headers: [string, string][] = [];
  for (const raw of values.header ?? []) {
    const colon = raw.indexOf(':');
    const name = colon > 0 ? raw.slice(0, colon).trim() : '';
    if (!HEADER_NAME.test(name)) {
      return { kind: 'error', message: `--header must look like 'name: value', got "${raw}"` };
    }
    headers.push([name, raw.slice(colon + 1).trim()]);
  }

  let rpcUrl: URL | undefined;
  const rawRpc = values['rpc-url'] ?? unsetIfBlank(env.EVM_RPC_URL);
  if (rawRpc !== undefined) {
    const what = values['rpc-url'] !== undefined ? '--rpc-url' : 'EVM_RPC_URL';
    const parsedRpc = httpUrl(what, rawRpc);
    if (typeof parsedRpc === 'string') return { kind: 'error', message: parsedRpc };
    rpcUrl = parsedRpc;
  }

  const key = unsetIfBlank(env.PAYER_PRIVATE_KEY);
  if (!key)
    return {
      kind: 'error',
      message: 'PAYER_PRIVATE_KEY is not set (the payer’s 0x-prefixed hex private key)',
    };
  if (!PRIVATE_KEY.test(key)) {
    return {
      kind: 'error',
      message: `PAYER_PRIVATE_KEY must be 0x followed by 64 hex digits (got ${key.length} characters; value not shown)`,
    };
  }

  return {
    kind: 'request',
    request: {
      url,
      method,
      ...(values.data !== undefined ? { data: values.data } : {}),
      headers,
      ...(rpcUrl ? { rpcUrl } : {}),
      privateKey: key as Hex,
    },
  };
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      method: { type: 'string', short: 'X' },
      data: { type: 'string', short: 'd' },
      header: { type: 'string', short: 'H', multiple: true },
      'rpc-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
}
