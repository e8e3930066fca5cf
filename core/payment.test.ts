import { describe, expect, it } from 'vitest';
import { atomicAmount, BASE_MAINNET_USDC, DEMO_PAYMENT_TERMS, isDemoPayee } from './payment.ts';

describe('atomicAmount', () => {
  it.each([
    ['0.02', 6, '20000'],
    ['0.05', 6, '50000'],
    ['1', 6, '1000000'],
    ['12.5', 6, '12500000'],
    ['0.000001', 6, '1'],
    ['0.0200', 6, '20000'],
    ['0', 6, '0'],
    ['0.1', 0 + 1, '1'],
    ['100', 0, '100'],
  ])('%s at %i decimals is %s', (price, decimals, expected) => {
    expect(atomicAmount(price, decimals)).toBe(expected);
  });

  it.each(['', '-1', '1e-2', '0.0000001', 'abc', '.5', '1.'])('rejects %j', (price) => {
    expect(() => atomicAmount(price, 6)).toThrow(/price/);
  });

  it('rejects a fractional decimals count', () => {
    expect(() => atomicAmount('1', 1.5)).toThrow(/decimals/);
  });
});

describe('payment terms', () => {
  it('describe USDC on Base mainnet', () => {
    expect(BASE_MAINNET_USDC).toMatchObject({
      network: 'eip155:8453',
      asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      assetName: 'USD Coin',
      assetVersion: '2',
      decimals: 6,
    });
  });

  it('flag the demo payee', () => {
    expect(isDemoPayee(DEMO_PAYMENT_TERMS)).toBe(true);
    expect(isDemoPayee({ payTo: '0x1111111111111111111111111111111111111111' })).toBe(false);
  });
});
