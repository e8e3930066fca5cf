import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, secretVariables } from '../core/config/fields.ts';
import { configRedactor } from '../core/redact.ts';
import { type EdgeConfig, EdgeEnvSchema, loadEdgeConfig } from './config.ts';
import { paymentSetup } from './payment-config.ts';

/** The configuration as a log line would print it, through the edge's redactor. */
const printed = (cfg: EdgeConfig) => configRedactor(EdgeEnvSchema, cfg)(JSON.stringify(cfg));
const SECRET_VARIABLES = secretVariables(EdgeEnvSchema).values;

const PAY_TO = '0x1111111111111111111111111111111111111111';
const KEY = `0x${'ab'.repeat(32)}`;
const RPC = 'http://127.0.0.1:8545';

describe('payment configuration', () => {
  it('is challenge-only with none of the payment variables (and STATE_DIR defaults to .state)', () => {
    const cfg = loadEdgeConfig({});
    expect(paymentSetup(cfg)).toEqual({ mode: 'challenge-only' });
    expect(cfg.STATE_DIR).toBe('.state');
  });

  it('is remote with PAY_TO and FACILITATOR_URL, with the extra headers', () => {
    const cfg = loadEdgeConfig({
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
    const cfg = loadEdgeConfig({ PAY_TO, FACILITATOR_PRIVATE_KEY: KEY, EVM_RPC_URL: RPC });
    expect(paymentSetup(cfg)).toEqual({
      mode: 'embedded',
      payTo: PAY_TO,
      privateKey: KEY,
      rpcUrl: RPC,
      timeoutMs: 30_000,
    });
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
    expect(() => loadEdgeConfig(env)).toThrow(ConfigError);
    expect(() => loadEdgeConfig(env)).toThrow(message);
  });

  it.each(['[1,2]', '{"A":1}', '{"bad header":"x"}', 'Bearer abc'])(
    'refuses FACILITATOR_HEADERS %j without repeating its value',
    (value) => {
      let message = '';
      try {
        loadEdgeConfig({ PAY_TO, FACILITATOR_URL: 'https://f.example', FACILITATOR_HEADERS: value });
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
    const cfg = loadEdgeConfig({
      PAY_TO,
      FACILITATOR_URL: 'https://f.example',
      FACILITATOR_HEADERS: '{"Authorization":"Bearer s3cret"}',
      REFUND_PRIVATE_KEY: KEY,
      EVM_RPC_URL: RPC,
    });
    const text = printed(cfg);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain(KEY);
    expect(text).toContain(PAY_TO);
  });
});

/** A CDP Ed25519 key secret as CDP issues it (base64 of seed ‖ public key), made at test time. */
function ed25519Secret(): string {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return Buffer.concat([
    Buffer.from(jwk.d ?? '', 'base64url'),
    Buffer.from(jwk.x ?? '', 'base64url'),
  ]).toString('base64');
}
/** A CDP EC key secret (SEC1 PEM), made at test time; `curve` P-256 unless told. */
function ecSecret(curve = 'P-256'): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: curve });
  return privateKey.export({ type: 'sec1', format: 'pem' }).toString();
}
function configMessage(env: Record<string, string>): string {
  try {
    loadEdgeConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadEdgeConfig accepted the environment');
}

describe('CDP API key (CDP_API_KEY_ID + CDP_API_KEY_SECRET)', () => {
  const CDP_URL = 'https://api.cdp.coinbase.com/platform/v2/x402';
  const ID =
    'organizations/0b1e2f3a-0000-4000-8000-000000000000/apiKeys/1c2d3e4f-0000-4000-8000-000000000000';

  it.each([
    ['an Ed25519 key (base64 of 64 bytes)', ed25519Secret()],
    ['an EC P-256 key (PEM)', ecSecret()],
  ])('is taken with FACILITATOR_URL as %s, with the other headers kept', (_, secret) => {
    const cfg = loadEdgeConfig({
      PAY_TO,
      FACILITATOR_URL: CDP_URL,
      FACILITATOR_HEADERS: '{"X-Team":"murmur"}',
      CDP_API_KEY_ID: ID,
      CDP_API_KEY_SECRET: secret,
    });
    expect(paymentSetup(cfg)).toEqual({
      mode: 'remote',
      payTo: PAY_TO,
      url: CDP_URL,
      headers: { 'X-Team': 'murmur' },
      cdp: { apiKeyId: ID, apiKeySecret: secret.trim() },
      timeoutMs: 30_000,
    });
  });

  it('takes a PEM written on one line with literal \\n, as a .env file holds it', () => {
    const oneLine = ecSecret().trim().replace(/\n/g, '\\n');
    expect(oneLine).not.toContain('\n');
    const cfg = loadEdgeConfig({
      PAY_TO,
      FACILITATOR_URL: CDP_URL,
      CDP_API_KEY_ID: ID,
      CDP_API_KEY_SECRET: oneLine,
    });
    const setup = paymentSetup(cfg);
    expect(setup.mode === 'remote' && setup.cdp?.apiKeySecret).toBe(oneLine);
  });

  it('leaves a remote facilitator without a CDP key as it was (no cdp in the setup)', () => {
    const setup = paymentSetup(loadEdgeConfig({ PAY_TO, FACILITATOR_URL: 'https://f.example' }));
    expect(setup).not.toHaveProperty('cdp');
  });

  it.each([
    [{ CDP_API_KEY_ID: ID }, /CDP_API_KEY_SECRET: is required with CDP_API_KEY_ID/],
    [{ CDP_API_KEY_SECRET: 'SECRET' }, /CDP_API_KEY_ID: is required with CDP_API_KEY_SECRET/],
    [
      { FACILITATOR_URL: undefined, CDP_API_KEY_ID: ID, CDP_API_KEY_SECRET: 'SECRET' },
      /CDP_API_KEY_ID: is only used with FACILITATOR_URL \(the CDP facilitator, https:\/\/api\.cdp\.coinbase\.com\/platform\/v2\/x402\), which is not set/,
    ],
    [
      {
        FACILITATOR_HEADERS: '{"authorization":"Bearer x","X-Team":"murmur"}',
        CDP_API_KEY_ID: ID,
        CDP_API_KEY_SECRET: 'SECRET',
      },
      /FACILITATOR_HEADERS: must not set Authorization together with CDP_API_KEY_ID and CDP_API_KEY_SECRET/,
    ],
    [
      { CDP_API_KEY_ID: undefined },
      /CDP_API_KEY_ID: is required with the CDP facilitator \(FACILITATOR_URL on api\.cdp\.coinbase\.com\)/,
    ],
  ])('refuses %o, naming the variables', (change, message) => {
    const env: Record<string, string | undefined> = {
      PAY_TO,
      FACILITATOR_URL: CDP_URL,
      CDP_API_KEY_ID: undefined,
      ...change,
    };
    if (env.CDP_API_KEY_SECRET === 'SECRET') env.CDP_API_KEY_SECRET = ed25519Secret();
    const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    expect(configMessage(defined)).toMatch(message);
  });

  it('refuses the CDP key with the embedded facilitator', () => {
    const message = configMessage({
      PAY_TO,
      FACILITATOR_PRIVATE_KEY: KEY,
      EVM_RPC_URL: RPC,
      CDP_API_KEY_ID: ID,
      CDP_API_KEY_SECRET: ed25519Secret(),
    });
    expect(message).toMatch(/CDP_API_KEY_ID: is only used with FACILITATOR_URL/);
  });

  const damaged = (() => {
    const bytes = Buffer.from(ed25519Secret(), 'base64');
    bytes[40] = (bytes[40] ?? 0) ^ 1;
    return bytes.toString('base64');
  })();
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  });
  it.each([
    [
      'a word',
      'not-a-key-at-all',
      /must be a CDP API key secret: base64 of 64 bytes \(Ed25519\) or a PEM EC/,
    ],
    ['base64 of 32 bytes', Buffer.alloc(32, 9).toString('base64'), /must be a CDP API key secret/],
    [
      'base64 of 64 bytes with a space',
      `${ed25519Secret().slice(0, 20)} ${ed25519Secret().slice(21)}`,
      /must be a CDP API key secret/,
    ],
    ['an Ed25519 key whose halves do not match', damaged, /second half is not the public key of the first/],
    ['a broken PEM', '-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----', /does not parse/],
    ['an RSA PEM', rsa.toString(), /must be an EC private key on P-256/],
    ['an EC P-384 PEM', ecSecret('P-384'), /must be an EC private key on P-256/],
  ])('refuses %s as CDP_API_KEY_SECRET without repeating it', (_, secret, message) => {
    const text = configMessage({
      PAY_TO,
      FACILITATOR_URL: CDP_URL,
      CDP_API_KEY_ID: ID,
      CDP_API_KEY_SECRET: secret,
    });
    expect(text).toMatch(/CDP_API_KEY_SECRET: /);
    expect(text).toMatch(message);
    expect(text).not.toContain(secret.trim());
    // Not even a piece of it.
    for (const line of secret.split('\n').filter((l) => l.length >= 12 && !l.startsWith('-----')))
      expect(text).not.toContain(line.slice(0, 12));
  });

  it('treats both as secrets', () => {
    for (const name of ['CDP_API_KEY_ID', 'CDP_API_KEY_SECRET']) expect(SECRET_VARIABLES).toContain(name);
    const secret = ed25519Secret();
    const cfg = loadEdgeConfig({
      PAY_TO,
      FACILITATOR_URL: CDP_URL,
      CDP_API_KEY_ID: ID,
      CDP_API_KEY_SECRET: secret,
    });
    const text = printed(cfg);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(ID);
    expect(text).toContain('"CDP_API_KEY_SECRET":"[redacted]"');
  });
});
