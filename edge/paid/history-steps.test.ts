import { describe, expect, it } from 'vitest';
import { HISTORY_DELIVERY_REFUND, historyEntryStep, historyHangUpStep } from './history-steps.ts';

describe('historyEntryStep', () => {
  it.each([
    ['HEAD, even with a bad query: the challenge', 'HEAD', { hours: 'x' }, 'challenge'],
    ['GET with no query: pay (defaults)', 'GET', {}, 'pay'],
    ['GET with hours=6: pay', 'GET', { hours: '6' }, 'pay'],
    ['GET with hours=0: 400 before any payment', 'GET', { hours: '0' }, 'refuse'],
    ['GET with a repeated parameter: 400', 'GET', { hours: ['6', '7'] }, 'refuse'],
    ['GET with an unknown parameter: 400', 'GET', { nope: '1' }, 'refuse'],
  ] as const)('%s', (_, method, query, kind) => {
    const step = historyEntryStep(method, query);
    expect(step.kind).toBe(kind);
    if (step.kind === 'refuse') {
      expect(step.error.status).toBe(400);
      expect(JSON.stringify(step.error.body)).toContain('query');
    }
  });

  it('hands the parsed query on', () => {
    const step = historyEntryStep('GET', { hours: '6' });
    expect(step.kind === 'pay' && step.query.hours).toBe(6);
  });
});

describe('historyHangUpStep', () => {
  it.each([
    ['still there after the read: go on and settle', 'read', false, 'go-on'],
    ['gone after the read: 499, nothing settles', 'read', true, 'gone'],
    ['still there after settling: go on and send', 'settled', false, 'go-on'],
    ['gone after settling: 499 and a refund', 'settled', true, 'refund'],
  ] as const)('%s', (_, stage, hungUp, kind) => {
    const step = historyHangUpStep(stage, hungUp);
    expect(step.kind).toBe(kind);
    if (step.kind !== 'go-on') expect(step.error.status).toBe(499);
    if (step.kind === 'refund') expect(step.why).not.toBe(HISTORY_DELIVERY_REFUND);
  });
});
