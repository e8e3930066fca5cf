import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, paymentSetup, redactConfig, SECRET_VARIABLES } from './config.ts';

const PAY_TO = '0x1111111111111111111111111111111111111111';
const KEY = `0x${'ab'.repeat(32)}`;
const RPC = 'http://127.0.0.1:8545';

describe('payment configuration', () => {
  it('is challenge-only with none of the payment variables (and STATE_DIR defaults to .state)', () => {
    const cfg = loadConfig({});
    expect(paymentSetup(cfg)).toEqual({ mode: 'challenge-only' });
    expect(cfg.STATE_DIR).toBe('.state');
  });

  it('is remote with PAY_TO and FACILITATOR_URL, with the extra headers', () => {
    const cfg = loadConfig({
      PAY_TO,
      FACILITATOR_URL: 'https://facilitator.example/x402',
      FACILITATOR_HEADERS: '{"Authorization":"Bearer s3cret","X-Team":"murmur"}',
    });
    expect(paymentSetup(cfg)).toEqual({
      mode: 'remote',
      payTo: PAY_TO,
      url: 'https://facilitator.example/x402',
      headers: { Authorization: 'Bearer s3cret', 'X-Team': 'murmur' },
      timeoutMs: 30_000,
    });
  });

  it('is embedded with PAY_TO, FACILITATOR_PRIVATE_KEY and EVM_RPC_URL', () => {
    const cfg = loadConfig({ PAY_TO, FACILITATOR_PRIVATE_KEY: KEY, EVM_RPC_URL: RPC });
    expect(paymentSetup(cfg)).toEqual({ mode: 'embedded', payTo: PAY_TO, privateKey: KEY, rpcUrl: RPC });
  });

  it.each([
    [{ PAY_TO }, /FACILITATOR_URL: is required when PAY_TO is set/],
    [{ FACILITATOR_URL: 'https://f.example' }, /PAY_TO: is required when FACILITATOR_URL is set/],
    [{ FACILITATOR_PRIVATE_KEY: KEY, EVM_RPC_URL: RPC }, /PAY_TO: is required when FACILITATOR_PRIVATE_KEY/],
    [{ PAY_TO, FACILITATOR_PRIVATE_KEY: KEY }, /EVM_RPC_URL: is required with FACILITATOR_PRIVATE_KEY/],
    [
      { PAY_TO, FACILITATOR_URL: 'https://f.example', FACILITATOR_PRIVATE_KEY: KEY, EVM_RPC_URL: RPC },
      /not both/,
    ],
    [{ FACILITATOR_HEADERS: '{"A":"b"}' }, /FACILITATOR_HEADERS: is only used with FACILITATOR_URL/],
    [{ REFUND_PRIVATE_KEY: KEY }, /EVM_RPC_URL: is required with REFUND_PRIVATE_KEY/],
    [{ PAY_TO: '0x1234' }, /PAY_TO: must be an address/],
    [{ PAY_TO: `0x${'0'.repeat(40)}` }, /PAY_TO: must not be the zero address/],
    [{ FACILITATOR_PRIVATE_KEY: '0xabc' }, /FACILITATOR_PRIVATE_KEY: must be a private key/],
    [{ EVM_RPC_URL: 'ws://x' }, /EVM_RPC_URL: must be an http/],
  ])('refuses %o, naming what is missing or wrong', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each(['[1,2]', '{"A":1}', '{"bad header":"x"}', 'Bearer abc'])(
    'refuses FACILITATOR_HEADERS %j without repeating its value',
    (value) => {
      let message = '';
      try {
        loadConfig({ PAY_TO, FACILITATOR_URL: 'https://f.example', FACILITATOR_HEADERS: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/FACILITATOR_HEADERS: must be a JSON object/);
      expect(message).not.toContain(value);
    },
  );

  it('treats the keys and the facilitator headers as secrets', () => {
    for (const name of ['FACILITATOR_HEADERS', 'FACILITATOR_PRIVATE_KEY', 'REFUND_PRIVATE_KEY'])
      expect(SECRET_VARIABLES).toContain(name);
    const cfg = loadConfig({
      PAY_TO,
      FACILITATOR_URL: 'https://f.example',
      FACILITATOR_HEADERS: '{"Authorization":"Bearer s3cret"}',
      REFUND_PRIVATE_KEY: KEY,
      EVM_RPC_URL: RPC,
    });
    const printed = JSON.stringify(redactConfig(cfg));
    expect(printed).not.toContain('s3cret');
    expect(printed).not.toContain(KEY);
    expect(printed).toContain(PAY_TO);
  });
});
