import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** The signing key of a Coinbase CDP API key secret, with the JWT algorithm it signs with. */
export type CdpSigningKey = { readonly alg: 'EdDSA' | 'ES256'; readonly key: KeyObject };

/**
 * Reads a CDP API key secret (CDP_API_KEY_SECRET) in either of the two formats CDP issues:
 * - Ed25519: base64 of 64 bytes, the 32-byte seed then the 32-byte public key → `EdDSA`;
 * - EC: a PEM private key on P-256 (`-----BEGIN EC PRIVATE KEY-----…`) → `ES256`. Literal `\n`
 *   (as a one-line .env value holds a PEM) are read as line breaks.
 * Returns what is wrong otherwise, in words that never repeat the secret (nor Node's own errors,
 * which could quote it).
 */
export function parseCdpKeySecret(secret: string): CdpSigningKey | { problem: string } {
  const text = secret.trim();
  if (text.includes('-----BEGIN')) {
    let key: KeyObject;
    try {
      key = createPrivateKey(text.replace(/\\n/g, '\n'));
    } catch {
      return {
        problem: 'is a PEM block that does not parse as an unencrypted private key (check its line breaks)',
      };
    }
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      return { problem: 'must be an EC private key on P-256 when given as PEM (CDP signs those with ES256)' };
    }
    return { alg: 'ES256', key };
  }
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : undefined;
  if (bytes?.length !== 64) {
    return {
      problem:
        'must be a CDP API key secret: base64 of 64 bytes (Ed25519) or a PEM EC private key (-----BEGIN EC PRIVATE KEY-----…)',
    };
  }
  const seed = bytes.subarray(0, 32).toString('base64url');
  const x = bytes.subarray(32).toString('base64url');
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: seed, x }, format: 'jwk' });
  // Node signs with the key the seed makes; a second half that is not its public key means a damaged
  // secret, whose signatures CDP would refuse.
  if (createPublicKey(key).export({ format: 'jwk' }).x !== x) {
    return {
      problem: 'is 64 bytes whose second half is not the public key of the first (a damaged Ed25519 key?)',
    };
  }
  return { alg: 'EdDSA', key };
}

/** Coinbase's x402 facilitator (Base mainnet), which takes a CDP API key's JWT on every call. */
export const CDP_FACILITATOR_URL = 'https://api.cdp.coinbase.com/platform/v2/x402';

/** Whether a facilitator URL is on CDP's API host. */
export function isCdpFacilitator(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    return new URL(url).hostname === new URL(CDP_FACILITATOR_URL).hostname;
  } catch {
    return false;
  }
}
