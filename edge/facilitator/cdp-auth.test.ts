import { HTTPFacilitatorClient } from '@x402/core/server';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cdpBearerProblem, testCdpKey } from '../testing/cdp.ts';
import { CDP_JWT_LIFETIME_S, cdpAuthHeaders, cdpRequestUri, type FacilitatorCall } from './cdp-auth.ts';
import { CDP_FACILITATOR_URL } from './cdp-key.ts';
import { remoteFacilitator } from './facilitator.ts';

const CALLS: FacilitatorCall[] = ['verify', 'settle', 'supported'];
const EXPECTED_URIS = {
  verify: 'POST api.cdp.coinbase.com/platform/v2/x402/verify',
  settle: 'POST api.cdp.coinbase.com/platform/v2/x402/settle',
  supported: 'GET api.cdp.coinbase.com/platform/v2/x402/supported',
};

const bearer = (headers: Record<string, string>) => (headers.Authorization ?? '').replace(/^Bearer /, '');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cdpRequestUri', () => {
  it('names the method and host + path HTTPFacilitatorClient calls for each path', () => {
    for (const call of CALLS) expect(cdpRequestUri(CDP_FACILITATOR_URL, call)).toBe(EXPECTED_URIS[call]);
    expect(cdpRequestUri(`${CDP_FACILITATOR_URL}//`, 'verify')).toBe(EXPECTED_URIS.verify);
    expect(cdpRequestUri('http://127.0.0.1:4021', 'supported')).toBe('GET 127.0.0.1:4021/supported');
    expect(cdpRequestUri('https://f.example:443/', 'settle')).toBe('POST f.example/settle');
  });
});

describe.each(['ed25519', 'ec'] as const)('CDP JWTs signed with a %s key', (kind) => {
  const key = testCdpKey(kind);

  it('gives verify, settle and supported each a JWT like CDP asks for, verified with the public key', async () => {
    const create = cdpAuthHeaders({ key, url: CDP_FACILITATOR_URL });
    const before = Math.floor(Date.now() / 1000);
    const headers = await create();
    const after = Math.floor(Date.now() / 1000);
    expect(Object.keys(headers).sort()).toEqual(['settle', 'supported', 'verify']);
    const nonces = new Set<unknown>();
    for (const call of CALLS) {
      const token = bearer(headers[call]);
      const { payload, protectedHeader } = await jwtVerify(token, key.publicKey, { algorithms: [key.alg] });
      expect(protectedHeader).toMatchObject({ alg: key.alg, kid: key.apiKeyId, typ: 'JWT' });
      expect(protectedHeader.nonce).toMatch(/^[0-9a-f]{32}$/);
      nonces.add(protectedHeader.nonce);
      expect(payload).toMatchObject({ sub: key.apiKeyId, iss: 'cdp', aud: ['cdp_service'] });
      expect(payload.uris).toEqual([EXPECTED_URIS[call]]);
      expect(payload.iat).toBe(payload.nbf);
      expect(payload.nbf).toBeGreaterThanOrEqual(before);
      expect(payload.nbf).toBeLessThanOrEqual(after);
      expect((payload.exp as number) - (payload.nbf as number)).toBe(120);
      expect(Object.keys(payload).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'nbf', 'sub', 'uris']);
      // What the CDP-like verifier of the end-to-end tests accepts, for this request only.
      const [method, where] = EXPECTED_URIS[call].split(' ') as [string, string];
      const request = {
        method,
        host: 'api.cdp.coinbase.com',
        path: where.slice('api.cdp.coinbase.com'.length),
      };
      expect(await cdpBearerProblem(headers[call].Authorization, key, request)).toBeUndefined();
      expect(
        await cdpBearerProblem(headers[call].Authorization, key, {
          ...request,
          path: '/platform/v2/x402/other',
        }),
      ).toMatch(/uris does not name/);
    }
    expect(nonces.size).toBe(3);
  });

  it('signs fresh JWTs on every call (new nonce, new time), so none outlives its 2 minutes', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const create = cdpAuthHeaders({ key, url: CDP_FACILITATOR_URL, now: () => now });
    const first = await create();
    now += 90_000;
    const second = await create();
    for (const call of CALLS) {
      const a = bearer(first[call]);
      const b = bearer(second[call]);
      expect(a).not.toBe(b);
      expect(decodeProtectedHeader(a).nonce).not.toBe(decodeProtectedHeader(b).nonce);
      const verifyAt = (token: string, ms: number) =>
        jwtVerify(token, key.publicKey, { algorithms: [key.alg], currentDate: new Date(ms) });
      const nbfA = (await verifyAt(a, now - 90_000)).payload.nbf as number;
      expect((await verifyAt(b, now)).payload.nbf).toBe(nbfA + 90);
      // The first one has expired 120 s after it was made; the second is still good then.
      await expect(verifyAt(a, now - 90_000 + (CDP_JWT_LIFETIME_S + 1) * 1000)).rejects.toThrow(/exp/);
      await expect(verifyAt(b, now - 90_000 + (CDP_JWT_LIFETIME_S + 1) * 1000)).resolves.toBeTruthy();
    }
  });

  it('is refused by another key of the same kind', async () => {
    const headers = await cdpAuthHeaders({ key, url: CDP_FACILITATOR_URL })();
    const other = testCdpKey(kind);
    await expect(jwtVerify(bearer(headers.verify), other.publicKey)).rejects.toThrow(/signature/);
  });
});

describe('cdpAuthHeaders with FACILITATOR_HEADERS', () => {
  it('keeps the other static headers and puts its own Authorization in place of theirs', async () => {
    const key = testCdpKey('ed25519');
    const headers = await cdpAuthHeaders({
      key,
      url: CDP_FACILITATOR_URL,
      headers: { 'X-Team': 'murmur', authorization: 'Bearer static' },
    })();
    for (const call of CALLS) {
      expect(Object.keys(headers[call]).sort()).toEqual(['Authorization', 'X-Team']);
      expect(headers[call]['X-Team']).toBe('murmur');
      expect(headers[call].Authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    }
  });

  it('refuses a secret it cannot sign with, without repeating it', () => {
    const secret = Buffer.alloc(32, 7).toString('base64');
    let message = '';
    try {
      cdpAuthHeaders({ key: { apiKeyId: 'id', apiKeySecret: secret }, url: CDP_FACILITATOR_URL });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^CDP_API_KEY_SECRET /);
    expect(message).not.toContain(secret);
  });
});

describe('HTTPFacilitatorClient with the CDP headers', () => {
  /** Every request the client makes, with the JWT of its Authorization checked against it. */
  function recordingFetch(key: ReturnType<typeof testCdpKey>) {
    const seen: Array<{ method: string; url: string; problem: string | undefined }> = [];
    const stub = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const authorization = new Headers(init?.headers).get('authorization') ?? undefined;
      const problem = await cdpBearerProblem(authorization, key, {
        method,
        host: url.host,
        path: url.pathname,
      });
      seen.push({ method, url: url.href, problem });
      if (url.pathname.endsWith('/supported'))
        return Response.json({ kinds: [], extensions: [], signers: {} });
      if (url.pathname.endsWith('/verify')) return Response.json({ isValid: false, invalidReason: 'test' });
      return Response.json({ success: false, errorReason: 'test', transaction: '', network: 'eip155:8453' });
    });
    vi.stubGlobal('fetch', stub);
    return seen;
  }

  it.each(['ed25519', 'ec'] as const)(
    'sends each request (%s key) with a JWT naming exactly that request, main client and /health probe alike',
    async (kind) => {
      const key = testCdpKey(kind);
      const seen = recordingFetch(key);
      const client = new HTTPFacilitatorClient({
        url: CDP_FACILITATOR_URL,
        createAuthHeaders: cdpAuthHeaders({ key, url: CDP_FACILITATOR_URL }),
      });
      const payload = { x402Version: 2, payload: {}, accepted: {} } as never;
      await client.getSupported();
      await client.verify(payload, {} as never).catch(() => {});
      await client.settle(payload, {} as never).catch(() => {});

      const facilitator = remoteFacilitator({
        url: CDP_FACILITATOR_URL,
        cdp: key,
        headers: { 'X-Team': 'murmur' },
        network: 'eip155:8453',
      });
      expect(await facilitator.status()).toMatchObject({ status: 'degraded' }); // it answered: no kinds listed
      await facilitator.client.verify(payload, {} as never).catch(() => {});

      expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
        `GET ${CDP_FACILITATOR_URL}/supported`,
        `POST ${CDP_FACILITATOR_URL}/verify`,
        `POST ${CDP_FACILITATOR_URL}/settle`,
        `GET ${CDP_FACILITATOR_URL}/supported`,
        `POST ${CDP_FACILITATOR_URL}/verify`,
      ]);
      for (const s of seen) expect(s.problem).toBeUndefined();
    },
  );

  it('names CDP_API_KEY_ID and CDP_API_KEY_SECRET when the facilitator refuses the key (401)', async () => {
    const key = testCdpKey('ed25519');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'unauthorized' }, { status: 401 })),
    );
    const facilitator = remoteFacilitator({ url: CDP_FACILITATOR_URL, cdp: key, network: 'eip155:8453' });
    const status = await facilitator.status();
    expect(status).toMatchObject({ status: 'degraded' });
    expect(status.problem).toMatch(/HTTP 401\): check CDP_API_KEY_ID and CDP_API_KEY_SECRET/);
    expect(JSON.stringify(status)).not.toContain(key.apiKeyId);
  });
});
