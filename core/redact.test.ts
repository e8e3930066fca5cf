import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalHttpUrl, optionalText } from './config/fields.ts';
import { configRedactor, createRedactor, envSecrets, redactUrls } from './redact.ts';

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
  const Schema = z.object({
    RPC_URL: optionalHttpUrl().meta({ description: 'a URL with secret parts', secret: 'url' }),
    API_KEY: optionalText().meta({ description: 'a key', secret: 'value' }),
    HEADERS: z.record(z.string(), z.string()).optional().meta({ description: 'headers', secret: 'value' }),
    PUBLIC_URL: optionalHttpUrl().meta({ description: 'a public URL' }),
  });
  const rpcKey = 'alchemyKey0123456789abcdef';
  const cfg = {
    RPC_URL: `https://user:rpcpass@base.example/v2/${rpcKey}?apikey=querykey9`,
    API_KEY: 'sk-openai-secret',
    HEADERS: { Authorization: 'Bearer headersecret' },
    PUBLIC_URL: 'https://www.moltbook.com/api/v1/longPublicSegment0123456789',
  };
  const redact = configRedactor(Schema, cfg);

  it('removes the secret parts of the URLs the schema marks, even outside a URL, and secret values', () => {
    const out = redact(`key ${rpcKey} q querykey9 pw rpcpass key sk-openai-secret h Bearer headersecret`);
    for (const secret of [rpcKey, 'querykey9', 'rpcpass', 'sk-openai-secret', 'headersecret'])
      expect(out).not.toContain(secret);
  });

  it('leaves ordinary words, and the path of an unmarked URL outside a URL, alone', () => {
    expect(redact('GET /api/v1/longPublicSegment0123456789 failed for www.moltbook.com')).toBe(
      'GET /api/v1/longPublicSegment0123456789 failed for www.moltbook.com',
    );
  });

  it('finds the same secrets in a raw environment, blank values unset', () => {
    const env = { RPC_URL: ` ${cfg.RPC_URL} `, API_KEY: '  ', PUBLIC_URL: cfg.PUBLIC_URL };
    const secrets = envSecrets(Schema, env);
    expect(secrets).toEqual(expect.arrayContaining([rpcKey, 'querykey9', 'rpcpass']));
    expect(secrets).not.toContain('');
    expect(secrets.some((s) => s.includes('longPublicSegment'))).toBe(false);
  });

  it('ignores secrets too short to search for', () => {
    expect(createRedactor(['ab', undefined])('ab cd')).toBe('ab cd');
  });
});
