import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { CDP_JWT_LIFETIME_S } from '../facilitator/cdp-auth.ts';

/** Test support: a CDP API key made at test time (never a real one), with the public key CDP keeps. */
export interface TestCdpKey {
  readonly kind: 'ed25519' | 'ec';
  readonly apiKeyId: string;
  /** CDP_API_KEY_SECRET as CDP issues it: base64 seed‖public key (Ed25519) or a SEC1 PEM (EC P-256). */
  readonly apiKeySecret: string;
  readonly publicKey: KeyObject;
  readonly alg: 'EdDSA' | 'ES256';
}

/** Test support: a fresh CDP API key of either kind. */
export function testCdpKey(kind: 'ed25519' | 'ec'): TestCdpKey {
  const apiKeyId = `organizations/${randomUUID()}/apiKeys/${randomUUID()}`;
  if (kind === 'ed25519') {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const jwk = privateKey.export({ format: 'jwk' });
    const secret = Buffer.concat([
      Buffer.from(jwk.d ?? '', 'base64url'),
      Buffer.from(jwk.x ?? '', 'base64url'),
    ]).toString('base64');
    return { kind, apiKeyId, apiKeySecret: secret, publicKey, alg: 'EdDSA' };
  }
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ type: 'sec1', format: 'pem' }).toString();
  return { kind, apiKeyId, apiKeySecret: pem, publicKey, alg: 'ES256' };
}

/**
 * Test support: checks a request's `Authorization` the way the CDP API does (as far as its public
 * documentation and SDK tell): a bearer JWT signed by the key (`alg` of the key, `kid` = the key id,
 * `typ` JWT, a `nonce`), `sub` = key id, `iss` cdp, `aud` cdp_service, inside its `nbf`–`exp` window of
 * at most 120 s, and `uris` naming this very request (`<METHOD> <host><path>`). Returns what is wrong,
 * or undefined when the request may pass.
 */
export async function cdpBearerProblem(
  authorization: string | undefined,
  key: Pick<TestCdpKey, 'apiKeyId' | 'publicKey' | 'alg'>,
  request: { method: string; host: string; path: string },
  currentDate?: Date,
): Promise<string | undefined> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token) return 'no bearer token';
  try {
    const header = decodeProtectedHeader(token);
    if (header.kid !== key.apiKeyId) return 'kid is not the key id';
    if (typeof header.nonce !== 'string' || header.nonce === '') return 'no nonce';
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [key.alg],
      typ: 'JWT',
      issuer: 'cdp',
      audience: 'cdp_service',
      subject: key.apiKeyId,
      requiredClaims: ['nbf', 'exp', 'iat'],
      ...(currentDate ? { currentDate } : {}),
    });
    if ((payload.exp as number) - (payload.nbf as number) > CDP_JWT_LIFETIME_S) return 'lives too long';
    const uri = `${request.method} ${request.host}${request.path}`;
    if (!Array.isArray(payload.uris) || !payload.uris.includes(uri)) return `uris does not name ${uri}`;
    return undefined;
  } catch (error) {
    return `invalid token: ${(error as Error).message}`;
  }
}
