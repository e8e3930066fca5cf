import { describe, expect, it } from 'vitest';
import {
  type AdvisorCall,
  entryStep,
  inputStep,
  isJsonContentType,
  keyAdviceStep,
  keyCallFailed,
  keyStep,
  knownKeyStep,
  paidAdviceStep,
  payStep,
  quotaHeaders,
  quotaStep,
} from './advisor-steps.ts';
import { KEY_PREFIX } from './keys/key.ts';

const KEY = `${KEY_PREFIX}${'a'.repeat(64)}`;
const call = (over: Partial<AdvisorCall> = {}): AdvisorCall => ({
  method: 'POST',
  contentType: 'application/json',
  payment: false,
  key: '',
  ...over,
});
/** The status of a step's error, or its kind when it answers nothing yet. */
const outcome = (step: { kind: string; error?: { status: number } }) =>
  step.kind === 'refuse' || step.kind === 'gone' ? step.error?.status : step.kind;

describe('entryStep', () => {
  const cases: Array<[string, Partial<AdvisorCall>, unknown]> = [
    ['HEAD: the challenge, whatever it carries', { method: 'HEAD', key: KEY, payment: true }, 'challenge'],
    [
      'HEAD with no content type: still the challenge',
      { method: 'HEAD', contentType: undefined },
      'challenge',
    ],
    ['JSON: read the body', {}, 'read-body'],
    ['a +json type: read the body', { contentType: 'application/vnd.api+json; charset=utf-8' }, 'read-body'],
    ['text/plain: 415', { contentType: 'text/plain' }, 415],
    ['no content type: 415', { contentType: undefined }, 415],
  ];
  it.each(cases)('%s', (_name, over, expected) => {
    expect(outcome(entryStep(call(over)))).toBe(expected);
  });

  it('names JSON in Accept on the 415', () => {
    const step = entryStep(call({ contentType: 'text/plain' }));
    expect(step.kind === 'refuse' && step.error.headers).toEqual({ Accept: 'application/json' });
    expect(isJsonContentType('application/jsonx')).toBe(false);
  });
});

describe('inputStep', () => {
  const draft = JSON.stringify({ prompt: 'How do agents remember?' });
  const cases: Array<[string, Partial<AdvisorCall>, string, unknown]> = [
    ['not JSON: 400', {}, '{', 400],
    ['invalid (no prompt): 400', {}, '{}', 400],
    ['neither payment nor key: through the gate (the challenge)', {}, draft, 'pay'],
    ['a payment: pays', { payment: true }, draft, 'pay'],
    ['a key alone: uses the key', { key: KEY }, draft, 'use-key'],
    ['a payment beside a key: the payment wins', { payment: true, key: KEY }, draft, 'pay'],
    ['an invalid body is refused before the key is looked at', { key: KEY }, '{}', 400],
  ];
  it.each(cases)('%s', (_name, over, text, expected) => {
    expect(outcome(inputStep(call(over), text))).toBe(expected);
  });

  it('hands on the validated request (the alias `content` read as the prompt)', () => {
    expect(inputStep(call({ key: KEY }), JSON.stringify({ content: '  a draft ' }))).toMatchObject({
      kind: 'use-key',
      key: KEY,
      request: { prompt: 'a draft' },
    });
  });
});

describe('payStep', () => {
  const payment = { settle: 'x' };
  const advise = () => 'advice';
  const cases: Array<[string, object | undefined, unknown, boolean, unknown]> = [
    ['no verified payment: the challenge', undefined, advise, false, 'challenge'],
    ['no payment and no advisor: still the challenge first', undefined, undefined, true, 'challenge'],
    ['no advisor: 503 before settling', payment, undefined, false, 503],
    ['no advisor while the client is gone: 503 first', payment, undefined, true, 503],
    ['the client hung up: 499, nothing settled', payment, advise, true, 499],
    ['else: settle first', payment, advise, false, 'settle'],
  ];
  it.each(cases)('%s', (_name, p, a, hungUp, expected) => {
    expect(outcome(payStep({ payment: p, advise: a, hungUp }))).toBe(expected);
  });

  it('carries the payment and the computation to settle with', () => {
    expect(payStep({ payment, advise, hungUp: false })).toEqual({ kind: 'settle', payment, advise });
  });
});

describe('paidAdviceStep', () => {
  const cases: Array<[string, string | undefined, boolean, unknown]> = [
    [
      'the computation failed: refund, 502 queued',
      'boom',
      false,
      { kind: 'refund', why: 'advisor failed after settlement: boom', answer: 'refund-queued' },
    ],
    [
      'failed and the client gone: the failure decides',
      'boom',
      true,
      { kind: 'refund', why: 'advisor failed after settlement: boom', answer: 'refund-queued' },
    ],
    [
      'the client hung up: refund, 499',
      undefined,
      true,
      { kind: 'refund', why: 'client hung up before the advice was sent', answer: 'client-gone' },
    ],
    ['delivered', undefined, false, { kind: 'deliver' }],
  ];
  it.each(cases)('%s', (_name, failed, hungUp, expected) => {
    expect(paidAdviceStep({ failed, hungUp })).toEqual(expected);
  });
});

describe('the free-tier key', () => {
  const tier = { store: 'keys' };
  it.each([
    ['no free tier configured: 401', KEY, undefined, 401],
    ['not shaped like a key: 401 without asking the store', 'not-a-key', tier, 401],
    ['shaped like a key: verify it', KEY, tier, 'verify-key'],
  ] as const)('%s', (_name, key, freeTier, expected) => {
    expect(outcome(keyStep(key, freeTier))).toBe(expected);
  });

  const advise = () => 'advice';
  it.each([
    ['store down: 503', 'store-down', advise, 503],
    ['unknown or revoked: 401', undefined, advise, 401],
    ['no advisor: 503, no quota used', { id: 'k1' }, undefined, 503],
    ['known: take a unit of its quota', { id: 'k1' }, advise, 'take-quota'],
  ] as const)('%s', (_name, known, a, expected) => {
    expect(outcome(knownKeyStep(known, a))).toBe(expected);
  });

  it('takes the quota of the key the store named', () => {
    expect(knownKeyStep({ id: 'k1' }, advise)).toEqual({ kind: 'take-quota', keyId: 'k1', advise });
  });

  it('over the quota: 429 with Retry-After and the reset time; within it: advise', () => {
    const over = { ok: false, limit: 2, retryAfterSeconds: 3600, resetAt: Date.UTC(2026, 0, 2) } as const;
    const refused = quotaStep(over);
    expect(refused.kind === 'refuse' && refused.error.status).toBe(429);
    expect(refused.kind === 'refuse' && refused.error.headers).toEqual({ 'Retry-After': '3600' });
    expect(JSON.stringify(refused.kind === 'refuse' && refused.error.body)).toContain(
      'used its 2 requests of the day; it resets at 2026-01-02T00:00:00.000Z',
    );
    const within = { ok: true, limit: 2, remaining: 1, resetAt: Date.UTC(2026, 0, 2) } as const;
    expect(quotaStep(within)).toEqual({ kind: 'advise', taken: within });
    expect(quotaHeaders(over)).toEqual({
      'RateLimit-Limit': '2',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(Date.UTC(2026, 0, 2) / 1000),
    });
    expect(quotaHeaders(within)['RateLimit-Remaining']).toBe('1');
  });

  it.each([
    ['failed: give the unit back, then 500', 'boom', false, { kind: 'give-back', answer: 'failed' }],
    [
      'failed with the client gone: the failure decides',
      'boom',
      true,
      { kind: 'give-back', answer: 'failed' },
    ],
    ['client gone: give the unit back, 499', undefined, true, { kind: 'give-back', answer: 'client-gone' }],
    ['delivered', undefined, false, { kind: 'deliver' }],
  ] as const)('advice: %s', (_name, failed, hungUp, expected) => {
    expect(keyAdviceStep({ failed, hungUp })).toEqual(expected);
  });

  it('the 500 of a failed call claims the unit back only when it was given back', () => {
    expect(JSON.stringify(keyCallFailed(true).body)).toContain('did not count');
    expect(JSON.stringify(keyCallFailed(false).body)).toContain('may still count');
    expect(keyCallFailed(false).status).toBe(500);
  });
});
