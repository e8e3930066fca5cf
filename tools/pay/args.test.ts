import { describe, expect, it } from 'vitest';
import { parsePayArgs } from './args.ts';

const KEY = `0x${'ab'.repeat(32)}`;
const env = { PAYER_PRIVATE_KEY: KEY };

describe('parsePayArgs', () => {
  it('parses a GET with defaults', () => {
    const parsed = parsePayArgs(['http://localhost:8080/api/forum/digests?hours=2'], env);
    expect(parsed).toEqual({
      kind: 'request',
      request: {
        url: new URL('http://localhost:8080/api/forum/digests?hours=2'),
        method: 'GET',
        headers: [],
        privateKey: KEY,
      },
    });
  });

  it('parses a POST with data, headers and an RPC URL', () => {
    const parsed = parsePayArgs(
      [
        'https://example.com/api/forum/advisor',
        '--method',
        'post',
        '--data',
        '{"title":"hi"}',
        '--header',
        'X-Test:  a: b ',
        '-H',
        'accept: application/json',
        '--rpc-url',
        'http://127.0.0.1:8545',
      ],
      env,
    );
    expect(parsed.kind).toBe('request');
    if (parsed.kind !== 'request') return;
    expect(parsed.request.method).toBe('POST');
    expect(parsed.request.data).toBe('{"title":"hi"}');
    expect(parsed.request.headers).toEqual([
      ['X-Test', 'a: b'],
      ['accept', 'application/json'],
    ]);
    expect(parsed.request.rpcUrl?.href).toBe('http://127.0.0.1:8545/');
  });

  it('defaults to POST when --data is given and reads EVM_RPC_URL', () => {
    const parsed = parsePayArgs(['http://x/', '--data', '{}'], { ...env, EVM_RPC_URL: 'http://rpc/' });
    expect(parsed.kind === 'request' && parsed.request.method).toBe('POST');
    expect(parsed.kind === 'request' && parsed.request.rpcUrl?.href).toBe('http://rpc/');
  });

  it('answers --help', () => {
    expect(parsePayArgs(['--help'], {})).toEqual({ kind: 'help' });
  });

  it.each([
    [[], env, /missing the <url>/],
    [['a', 'b'], env, /expected one <url>, got 2/],
    [['not a url'], env, /<url> is not a valid URL: "not a url"/],
    [['ftp://x/'], env, /<url> must be an http/],
    [['http://x/', '--method', 'PUT'], env, /--method must be GET or POST, got "PUT"/],
    [['http://x/', '--method', 'GET', '--data', '{}'], env, /--data needs --method POST/],
    [['http://x/', '--data', '{nope'], env, /--data is not valid JSON/],
    [['http://x/', '--header', 'no colon'], env, /--header must look like 'name: value', got "no colon"/],
    [['http://x/', '--header', ': v'], env, /--header must look like/],
    [['http://x/', '--rpc-url', 'nope'], env, /--rpc-url is not a valid URL/],
    [['http://x/'], { ...env, EVM_RPC_URL: 'ws://x' }, /EVM_RPC_URL must be an http/],
    [['http://x/', '--bogus'], env, /Unknown option '--bogus'/],
    [['http://x/'], {}, /PAYER_PRIVATE_KEY is not set/],
    [
      ['http://x/'],
      { PAYER_PRIVATE_KEY: '0x1234' },
      /PAYER_PRIVATE_KEY must be 0x followed by 64 hex digits/,
    ],
  ] as const)('rejects %j naming the bad input', (argv, environment, message) => {
    const parsed = parsePayArgs([...argv], environment);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toMatch(message);
  });

  it('never echoes the private key in a message', () => {
    const badKey = `0x${'cd'.repeat(31)}zz`;
    const parsed = parsePayArgs(['http://x/'], { PAYER_PRIVATE_KEY: badKey });
    expect(parsed.kind === 'error' && parsed.message).not.toContain('cdcd');
  });
});
