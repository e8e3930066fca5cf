import OpenAI, { AuthenticationError, NotFoundError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAIServer, splitFenced, startFakeOpenAIServer } from './fake-openai-server.ts';

let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ apiKey: 'sk-fake-key-123456', models: ['m1', 'm2'] });
});
afterAll(() => server.close());

const client = () => new OpenAI({ baseURL: server.baseURL, apiKey: 'sk-fake-key-123456', maxRetries: 0 });

describe('fake OpenAI server', () => {
  it('lists models in the API’s shape', async () => {
    const page = await client().models.list();
    expect(page.data.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('answers a chat completion in the API’s shape and records the request', async () => {
    server.script({ kind: 'valid' });
    const res = await client().chat.completions.create({
      model: 'm1',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res).toMatchObject({
      object: 'chat.completion',
      model: 'm1',
      choices: [
        { index: 0, message: { role: 'assistant', refusal: null }, finish_reason: 'stop', logprobs: null },
      ],
    });
    expect(res.usage?.total_tokens).toBe(
      (res.usage?.prompt_tokens ?? 0) + (res.usage?.completion_tokens ?? 0),
    );
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-fake-key-123456');
  });

  it('rejects a wrong key with 401 and the API’s error body', async () => {
    const bad = new OpenAI({ baseURL: server.baseURL, apiKey: 'sk-other', maxRetries: 0 });
    const error = await bad.models.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
  });

  it('answers unknown routes with 404', async () => {
    const error = await client()
      .embeddings.create({ model: 'm1', input: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
  });
});

describe('splitFenced', () => {
  it('takes out only blocks closed by the same name and nonce', () => {
    const n = 'f'.repeat(32);
    const text = [
      'before',
      `<<<UNTRUSTED_DATA_BEGIN name=A nonce=${n}>>>`,
      'inside',
      `<<<UNTRUSTED_DATA_END name=A nonce=${'0'.repeat(32)}>>>`,
      'still inside',
      `<<<UNTRUSTED_DATA_END name=A nonce=${n}>>>`,
      'after',
    ].join('\n');
    const { blocks, outside } = splitFenced(text);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.content).toContain('still inside');
    expect(outside).toBe('before\n\nafter');
  });
});
