import { randomBytes, sign } from 'node:crypto';
import { type CdpSigningKey, parseCdpKeySecret } from './cdp-key.ts';

/** How long a CDP JWT is valid, in seconds (what Coinbase's own SDK uses). */
export const CDP_JWT_LIFETIME_S = 120;

/**
 * The request HTTPFacilitatorClient (@x402/core) makes for each facilitator path: `POST <url>/verify`,
 * `POST <url>/settle`, `GET <url>/supported`.
 */
export const FACILITATOR_CALLS = { verify: 'POST', settle: 'POST', supported: 'GET' } as const;
export type FacilitatorCall = keyof typeof FACILITATOR_CALLS;

/** What HTTPFacilitatorClient's `createAuthHeaders` returns: the headers of each path. */
export type FacilitatorAuthHeaders = Record<FacilitatorCall, Record<string, string>>;

/** A CDP API key (both parts are secrets). */
export interface CdpApiKey {
  readonly apiKeyId: string;
  readonly apiKeySecret: string;
}

/**
 * The `uris` entry CDP expects for one call: `<METHOD> <host><path>`, e.g.
 * `POST api.cdp.coinbase.com/platform/v2/x402/verify`. `url` is the facilitator's base URL, read the way
 * HTTPFacilitatorClient reads it (trailing slashes dropped, then `/<call>` appended).
 */
export function cdpRequestUri(url: string, call: FacilitatorCall): string {
  const base = new URL(url.replace(/\/+$/, ''));
  return `${FACILITATOR_CALLS[call]} ${base.host}${base.pathname.replace(/\/+$/, '')}/${call}`;
}

const segment = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * One CDP bearer JWT, built like Coinbase's SDK (`generateJwt` of @coinbase/cdp-sdk): claims `sub` (the
 * key id), `iss` "cdp", `aud` ["cdp_service"], `uris` [the request], `iat` = `nbf` = now, `exp` = now +
 * 120 s; protected header `alg` (EdDSA or ES256), `kid` (the key id), `typ` "JWT" and a random `nonce`.
 * Signed synchronously with node:crypto (ES256 as the raw r‖s JWS wants, RFC 7518 §3.4).
 */
export function signCdpJwt(opts: {
  apiKeyId: string;
  signing: CdpSigningKey;
  uri: string;
  /** Current time in ms (default: Date.now()). */
  now?: number;
}): string {
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  const header = {
    alg: opts.signing.alg,
    kid: opts.apiKeyId,
    typ: 'JWT',
    nonce: randomBytes(16).toString('hex'),
  };
  const claims = {
    sub: opts.apiKeyId,
    iss: 'cdp',
    aud: ['cdp_service'],
    uris: [opts.uri],
    iat: now,
    nbf: now,
    exp: now + CDP_JWT_LIFETIME_S,
  };
  const input = Buffer.from(`${segment(header)}.${segment(claims)}`, 'utf8');
  const signature =
    opts.signing.alg === 'EdDSA'
      ? sign(null, input, opts.signing.key)
      : sign('sha256', input, { key: opts.signing.key, dsaEncoding: 'ieee-p1363' });
  return `${input.toString('utf8')}.${signature.toString('base64url')}`;
}

/**
 * The `createAuthHeaders` callback of HTTPFacilitatorClient for the CDP facilitator at `url`: on every
 * call, `verify`, `settle` and `supported` each get `Authorization: Bearer <a fresh JWT>` whose `uris`
 * names that request, on top of the static `headers` (FACILITATOR_HEADERS, an `Authorization` of theirs
 * replaced). Each path's JWT is signed when its headers are read, so a call signs one. Throws at once if
 * the secret cannot sign (config has already refused such a secret).
 */
export function cdpAuthHeaders(opts: {
  key: CdpApiKey;
  url: string;
  headers?: Readonly<Record<string, string>>;
  /** Current time in ms (tests). */
  now?: () => number;
}): () => Promise<FacilitatorAuthHeaders> {
  const signing = parseCdpKeySecret(opts.key.apiKeySecret);
  if ('problem' in signing) throw new Error(`CDP_API_KEY_SECRET ${signing.problem}`);
  const apiKeyId = opts.key.apiKeyId;
  const uris = {
    verify: cdpRequestUri(opts.url, 'verify'),
    settle: cdpRequestUri(opts.url, 'settle'),
    supported: cdpRequestUri(opts.url, 'supported'),
  };
  const extra = Object.fromEntries(
    Object.entries(opts.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'authorization'),
  );
  const now = opts.now ?? Date.now;
  const headersFor = (call: FacilitatorCall, at: number) => ({
    ...extra,
    Authorization: `Bearer ${signCdpJwt({ apiKeyId, signing, uri: uris[call], now: at })}`,
  });
  // The client asks for the three paths' headers and reads one: each is signed only when read.
  return async () => {
    const at = now();
    const lazy = {} as FacilitatorAuthHeaders;
    for (const call of Object.keys(FACILITATOR_CALLS) as FacilitatorCall[])
      Object.defineProperty(lazy, call, { enumerable: true, get: () => headersFor(call, at) });
    return lazy;
  };
}
