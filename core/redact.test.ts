import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { configRedactor, createRedactor, redactUrls } from './redact.ts';

describe('redactUrls', () => {
  it.each([
    [
      'RPC http://user:pw@rpc.example:8545/v2/KEY?x=1 failed',
      'RPC http://[redacted]@rpc.example:8545/[redacted] failed',
    ],
    ['https://base.example/v2/abc123', 'https://base.example/[redacted]'],
    ['redis://:secret@127.0.0.1:6379', 'redis://[redacted]@127.0.0.1:6379'],
    ['https://api.example?key=1', 'https://api.example/[redacted]'],
    ['"url":"https://h.example/"', '"url":"https://h.example/"'],
    ['no url here: /api/forum/digests', 'no url here: /api/forum/digests'],
    ['at f (file:///srv/murmur/edge/app.ts:3:1)', 'at f (file:///srv/murmur/edge/app.ts:3:1)'],
  ])('%s', (text, redacted) => {
    expect(redactUrls(text)).toBe(redacted);
  });
});

describe('configRedactor', () => {
  const rpcKey = 'alchemyKey0123456789abcdef';
  const cfg = loadConfig({
    PAY_TO: '0x1111111111111111111111111111111111111111',
    FACILITATOR_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
    EVM_RPC_URL: `https://user:rpcpass@base.example/v2/${rpcKey}?apikey=querykey9`,
    REDIS_URL: 'redis://:redispass@127.0.0.1:6379',
    OPENAI_API_KEY: 'sk-openai-secret',
    FORUM_BASE_URL: 'https://www.moltbook.com/api/v1',
  });
  const redact = configRedactor(cfg);

  it('removes the secret parts of configured URLs even outside a URL, and secret values', () => {
    const text = `key ${rpcKey} q querykey9 pw rpcpass redis redispass openai sk-openai-secret wallet 0x${'ab'.repeat(32)}`;
    const out = redact(text);
    for (const secret of [rpcKey, 'querykey9', 'rpcpass', 'redispass', 'sk-openai-secret', 'ab'.repeat(32)]) {
      expect(out).not.toContain(secret);
    }
  });

  it('leaves ordinary words and short path segments of public URLs alone', () => {
    expect(redact('GET /api/v1/posts failed for www.moltbook.com')).toBe(
      'GET /api/v1/posts failed for www.moltbook.com',
    );
  });

  it('ignores secrets too short to search for', () => {
    expect(createRedactor(['ab', undefined])('ab cd')).toBe('ab cd');
  });
});
