import {
  FacilitatorResponseError,
  FacilitatorTimeoutError,
  SettleError,
  type SettleResponse,
  VerifyError,
} from '@x402/core/types';
import { describe, expect, it } from 'vitest';
import { type FakeBehaviour, fakeFacilitator } from '../testing/fake-facilitator.ts';
import { FacilitatorDown, guardFacilitator } from './guard.ts';

const TX = `0x${'ab'.repeat(32)}`;
const PAYER = '0x2222222222222222222222222222222222222222';
const requirements = {
  scheme: 'exact',
  network: 'eip155:8453',
  amount: '20000',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  payTo: '0x1111111111111111111111111111111111111111',
  maxTimeoutSeconds: 60,
  extra: {},
} as const;
const payload = { x402Version: 2, accepted: requirements, payload: {} };

function guarded(b: FakeBehaviour, mode: 'remote' | 'embedded' = 'remote', timeoutMs = 1_000) {
  return guardFacilitator(fakeFacilitator(b, mode).facilitator, { network: 'eip155:8453', timeoutMs });
}
const verify = (b: FakeBehaviour, mode?: 'remote' | 'embedded') =>
  guarded(b, mode).verify(payload, requirements);
const settle = (b: FakeBehaviour, timeoutMs?: number) =>
  guarded(b, 'remote', timeoutMs).settle(payload, requirements);
const refusedSettle: SettleResponse = {
  success: false,
  errorReason: 'e',
  transaction: TX,
  network: 'eip155:8453',
  payer: PAYER,
};

describe('the guarded facilitator', () => {
  it('answers the one kind the routes sell, without asking the facilitator', async () => {
    expect(await guarded({}).getSupported()).toEqual({
      kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }],
      extensions: [],
      signers: {},
    });
  });

  const verifyErrors: Array<[string, unknown, 'refusal' | 'down']> = [
    ['a 400 refusal is a refusal', new VerifyError(400, { isValid: false, invalidReason: 'r' }), 'refusal'],
    ['a 402 refusal is a refusal', new VerifyError(402, { isValid: false, invalidReason: 'r' }), 'refusal'],
    ['401 (bad credentials) is an outage', new VerifyError(401, { isValid: false }), 'down'],
    ['403 is an outage', new VerifyError(403, { isValid: false }), 'down'],
    ['429 is an outage', new VerifyError(429, { isValid: false }), 'down'],
    ['a 500 is an outage', new VerifyError(500, { isValid: false }), 'down'],
    ['a network error is an outage', new TypeError('fetch failed'), 'down'],
  ];
  it.each(verifyErrors)('verify: %s', async (_name, error, kind) => {
    const answer = verify({ verify: async () => Promise.reject(error) });
    if (kind === 'refusal') expect(await answer).toEqual({ isValid: false, invalidReason: 'r' });
    else await expect(answer).rejects.toBeInstanceOf(FacilitatorDown);
  });

  it("keeps a refusal's reason and payer, and lets a timeout through as the library's own error", async () => {
    const refused = new VerifyError(400, { isValid: false, invalidReason: 'r', payer: PAYER });
    expect(await verify({ verify: async () => Promise.reject(refused) })).toMatchObject({ payer: PAYER });
    expect(await settle({ settle: async () => Promise.reject(new SettleError(400, refusedSettle)) })).toEqual(
      refusedSettle,
    );
    await expect(
      settle({ settle: async () => Promise.reject(new SettleError(503, refusedSettle)) }),
    ).rejects.toBeInstanceOf(FacilitatorDown);
    const timedOut = new FacilitatorTimeoutError('settle', 5000);
    await expect(settle({ settle: async () => Promise.reject(timedOut) })).rejects.toBe(timedOut);
  });

  it('cuts a call that outlasts its time limit (FacilitatorTimeoutError), and times every call', async () => {
    const g = guarded({ settle: () => new Promise(() => {}) }, 'remote', 20);
    const error = await g.settle(payload, requirements).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FacilitatorTimeoutError);
    expect(error).toBeInstanceOf(FacilitatorResponseError);
    await g.verify(payload, requirements);
    expect(g.timings().settleMs).toHaveLength(1);
    expect(g.timings().verifyMs).toHaveLength(1);
  });

  it('takes a refusal for an outage while the embedded facilitator cannot reach its RPC', async () => {
    const refusing = {
      verify: async () => ({ isValid: false, invalidReason: 'simulation_failed' }),
      reachable: false,
    };
    await expect(verify(refusing, 'embedded')).rejects.toBeInstanceOf(FacilitatorDown);
    expect(await verify({ ...refusing, reachable: true }, 'embedded')).toMatchObject({ isValid: false });
  });
});
