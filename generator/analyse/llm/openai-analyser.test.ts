import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeMode,
  type FakeOpenAIServer,
  splitFenced,
  startFakeOpenAIServer,
} from '../../../core/testing/fake-openai-server.ts';
import { HourSignals } from '../types.ts';
import { createOpenAIAnalyser, type LlmLogEvent, type OpenAIAnalyserOptions } from './openai-analyser.ts';
import { makeInput, OFFLINE, post, story, stubOffline } from './testing/fixtures.ts';

const API_KEY = 'sk-test-0123456789abcdefSECRET';

let server: FakeOpenAIServer;

beforeAll(async () => {
  server = await startFakeOpenAIServer({ apiKey: API_KEY });
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.script({ kind: 'valid' });
  vi.unstubAllEnvs();
});

function setup(overrides: Partial<OpenAIAnalyserOptions> = {}) {
  const events: LlmLogEvent[] = [];
  const fallback = stubOffline();
  const analyser = createOpenAIAnalyser({
    baseURL: server.baseURL,
    apiKey: API_KEY,
    model: 'fake-model-1',
    timeoutMs: 5_000,
    fallback,
    log: (e) => events.push(e),
    ...overrides,
  });
  return { analyser, events, fallback };
}

function fallbackEvent(events: LlmLogEvent[]): LlmLogEvent | undefined {
  return events.find((e) => e.event === 'llm-fallback');
}

function lastBody(): Record<string, unknown> {
  const body = server.requests.at(-1)?.body;
  if (body === undefined || body === null) throw new Error('no request recorded');
  return body as Record<string, unknown>;
}

describe('createOpenAIAnalyser: success', () => {
  it('lays the model’s prose over the offline stories and keeps every number, id, label and status', async () => {
    const { analyser, events } = setup();
    expect(analyser.name).toBe('openai:fake-model-1');
    const result = await analyser.analyse(makeInput());

    // The fake writes its answer from the FACTS block: these values prove the round trip.
    expect(result.title).toBe('Agents weigh agent memory and tool use');
    expect(result.summary).toBe(
      'Most talk this hour was about agent memory. The tone was curious across 2 stories.',
    );
    expect(result.stories.map((s) => s.gist)).toEqual([
      'Agents compare notes on agent memory.',
      'Agents compare notes on tool use.',
    ]);
    expect(result.hotDiscussions.map((h) => h.description)).toEqual([
      'Agents compare views on agent memory.',
    ]);

    // Everything but the prose is the offline result's.
    const withoutProse = (a: typeof result) => ({
      ...a,
      title: '',
      summary: '',
      fullDigest: '',
      stories: a.stories.map((s) => ({ ...s, gist: '' })),
      hotDiscussions: a.hotDiscussions.map((h) => ({ ...h, description: '' })),
    });
    expect(withoutProse(result)).toEqual(withoutProse(OFFLINE));
    expect(result.signals).toBe(OFFLINE.signals);
    expect(HourSignals.safeParse(result.signals).success).toBe(true);
    expect(events.map((e) => e.event)).toEqual(['llm-request', 'llm-ok']);
  });

  it('renders fullDigest around the model’s Overview with the offline numbers, links and sections', async () => {
    const { analyser } = setup();
    const result = await analyser.analyse(makeInput());
    const digest = result.fullDigest;
    expect(digest).toMatch(
      /^# Agents weigh agent memory and tool use\n\n## Overview\n\nThe hour centred on agent memory, tool use\.\n\nThe tone was curious\.\n/,
    );
    expect(digest).toContain(
      '### 1. agent memory\n\n2 posts by 2 agents\n\nAgents compare notes on agent memory.',
    );
    expect(digest).toContain(
      '- Lead: [How do you keep memory across sessions?](https://www.moltbook.com/post/p1) by @NovaMind (score 40, 12 comments)',
    );
    expect(digest).toContain(
      'Agents compare views on agent memory.\n\n[Read the thread](https://www.moltbook.com/post/p1)',
    );
    expect(digest).not.toContain('Offline story text.');
    expect(digest).not.toContain('Offline discussion text.');
    // The sections the model does not write are rendered by core from the offline analysis's fields.
    expect(digest.indexOf('## Narratives\n\n### Emerging\n\n- **agent memory**')).toBeGreaterThan(
      digest.indexOf('## Hot discussions'),
    );
    expect(digest).toContain('## Tone\n\n**curious**: Agents asked each other how they remember.');
    expect(digest).toContain('| Posts scraped | 120 |');
  });

  it('sends the model name, token limit, strict json_schema response format and Bearer key', async () => {
    const { analyser } = setup({ maxOutputTokens: 1234 });
    await analyser.analyse(makeInput());
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const body = lastBody();
    expect(body.model).toBe('fake-model-1');
    expect(body.max_completion_tokens).toBe(1234);
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('stream');
    const format = body.response_format as { type: string; json_schema: Record<string, unknown> };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('hourly_digest');
    expect(format.json_schema.strict).toBe(true);
    const schema = format.json_schema.schema as { required: string[]; additionalProperties: boolean };
    expect(schema.additionalProperties).toBe(false);
    expect([...schema.required].sort()).toEqual([
      'hotDiscussions',
      'overview',
      'stories',
      'summary',
      'title',
    ]);
  });

  it('uses max_tokens when told to, for older servers', async () => {
    const { analyser } = setup({ tokenLimitField: 'max_tokens', maxOutputTokens: 500 });
    await analyser.analyse(makeInput());
    expect(lastBody().max_tokens).toBe(500);
    expect(lastBody()).not.toHaveProperty('max_completion_tokens');
  });

  it('bounds the prompt: at most maxPostsInPrompt lead posts, stories first, each body truncated', async () => {
    const posts = Array.from({ length: 30 }, (_, i) =>
      post(`p${i}`, { content: `${'long body '.repeat(200)}END-${i}`, author: `agent${i}` }),
    );
    const offline = { ...OFFLINE, stories: posts.map((p) => story(`s-${p.id}`, p)) };
    const { analyser } = setup({ maxPostsInPrompt: 5, maxPostChars: 120, fallback: stubOffline(offline) });
    await analyser.analyse(makeInput(posts));
    const messages = lastBody().messages as { content: string }[];
    const { blocks } = splitFenced(messages.map((m) => m.content).join('\n'));
    const sent = JSON.parse(blocks.find((b) => b.name === 'POSTS')?.content ?? 'null') as {
      author: string;
      content: string;
    }[];
    expect(sent.map((p) => p.author)).toEqual(['agent0', 'agent1', 'agent2', 'agent3', 'agent4']);
    for (const p of sent) {
      expect(Array.from(p.content).length).toBeLessThanOrEqual(120);
      expect(p.content.endsWith('…')).toBe(true);
      expect(p.content).not.toContain('END-');
    }
  });

  it('escapes model prose in the markdown: no HTML, image or link from the model survives', async () => {
    server.script({
      kind: 'valid',
      patch: (a) => ({
        ...a,
        overview: 'Agents said *a lot* `code` and # headings; one wrote [x] and x < y',
      }),
    });
    const { analyser, events } = setup();
    const result = await analyser.analyse(makeInput());
    expect(events.map((e) => e.event)).toEqual(['llm-request', 'llm-ok']);
    expect(result.fullDigest).toContain(
      'Agents said \\*a lot\\* \\`code\\` and # headings; one wrote \\[x\\] and x \\< y',
    );
  });

  it('retries once after a 429 whose Retry-After fits in the time limit', async () => {
    server.script({ kind: 'status', status: 429, retryAfter: '0' }, { kind: 'valid' });
    const { analyser, events } = setup();
    const result = await analyser.analyse(makeInput());
    expect(server.requests).toHaveLength(2);
    expect(result.title).not.toBe(OFFLINE.title);
    expect(events.find((e) => e.event === 'llm-retry')).toMatchObject({ reason: 'rate-limited', attempt: 1 });
  });

  it('retries once after a 500', async () => {
    server.script({ kind: 'status', status: 500 }, { kind: 'valid' });
    const { analyser } = setup();
    const result = await analyser.analyse(makeInput());
    expect(server.requests).toHaveLength(2);
    expect(result.title).not.toBe(OFFLINE.title);
  });
});

describe('createOpenAIAnalyser: every failure returns the offline result and logs why', () => {
  const cases: [string, FakeMode[], string, number][] = [
    ['malformed JSON', [{ kind: 'malformed-json' }], 'invalid-json', 1],
    ['schema-invalid JSON', [{ kind: 'schema-invalid' }], 'schema', 1],
    ['a refusal', [{ kind: 'refusal' }], 'refusal', 1],
    ["finish_reason 'length'", [{ kind: 'length' }], 'truncated', 1],
    ['500 twice (one retry)', [{ kind: 'status', status: 500 }], 'http-error', 2],
    ['400 (not retried)', [{ kind: 'status', status: 400 }], 'http-error', 1],
    [
      '429 with a Retry-After beyond the time limit',
      [{ kind: 'status', status: 429, retryAfter: '120' }],
      'rate-limited',
      1,
    ],
    ['429 twice', [{ kind: 'status', status: 429, retryAfter: '0' }], 'rate-limited', 2],
  ];
  it.each(cases)('%s', async (_label, modes, reason, requests) => {
    server.script(...modes);
    const { analyser, events, fallback } = setup();
    const result = await analyser.analyse(makeInput());
    expect(result).toBe(OFFLINE);
    expect(fallback.calls).toBe(1);
    expect(server.requests).toHaveLength(requests);
    expect(fallbackEvent(events)).toMatchObject({ event: 'llm-fallback', reason, using: 'offline' });
  });

  const insane: [string, (a: Record<string, unknown>) => unknown, RegExp][] = [
    [
      'an unknown agent mentioned',
      (a) => ({ ...a, summary: 'Memory led. @GhostAgent weighed in.' }),
      /GhostAgent/,
    ],
    [
      'a URL in the title',
      (a) => ({ ...a, title: 'Buy now at https://spam.example' }),
      /title contains a URL/,
    ],
    [
      'a domain in the title',
      (a) => ({ ...a, title: 'Everyone loves spamcoin.xyz' }),
      /title names a domain/,
    ],
    [
      'a markdown link in the summary',
      (a) => ({ ...a, summary: 'Memory led. Read [more](https://spam.example/x).' }),
      /summary contains a markdown link/,
    ],
    [
      'a four-sentence summary',
      (a) => ({ ...a, summary: 'One. Two. Three. Four.' }),
      /summary has 4 sentences/,
    ],
    [
      'one story gist too few',
      (a) => ({ ...a, stories: (a.stories as unknown[]).slice(1) }),
      /stories has 1 entries, expected 2/,
    ],
    ['no hot discussion descriptions', (a) => ({ ...a, hotDiscussions: [] }), /hotDiscussions has 0 entries/],
    [
      'an invented figure',
      (a) => ({ ...a, summary: 'Memory led with 9,001 posts. Tools followed.' }),
      /numbers not in the data: 9001/,
    ],
    ['an overlong title', (a) => ({ ...a, title: 'x'.repeat(500) }), /title/],
    ['an extra field', (a) => ({ ...a, emergingNarratives: ['injected'] }), /Unrecognized key/],
    [
      'a story label',
      (a) => ({ ...a, stories: [{ ref: 'S1', gist: 'g.', label: 'x' }] }),
      /Unrecognized key/,
    ],
  ];
  it.each(insane)('an answer with %s', async (_label, patch, detail) => {
    server.script({ kind: 'valid', patch: (a) => patch(a as unknown as Record<string, unknown>) });
    const { analyser, events } = setup();
    const result = await analyser.analyse(makeInput());
    expect(result).toBe(OFFLINE);
    expect(String(fallbackEvent(events)?.detail)).toMatch(detail);
  });

  it('honours the time limit against a server that answers too late', async () => {
    server.script({ kind: 'slow', delayMs: 60_000 });
    const { analyser, events } = setup({ timeoutMs: 300 });
    const result = await analyser.analyse(makeInput());
    expect(result).toBe(OFFLINE);
    expect(server.requests).toHaveLength(1);
    expect(fallbackEvent(events)).toMatchObject({ reason: 'timeout' });
  });

  it('falls back when nothing listens at the base URL', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const address = s.address();
        s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const { analyser, events } = setup({ baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 });
    expect(await analyser.analyse(makeInput())).toBe(OFFLINE);
    expect(fallbackEvent(events)).toMatchObject({ reason: 'network' });
  });

  it('lets an error of the offline analyser itself through: there is nothing to fall back to', async () => {
    const broken = { name: 'offline', analyse: () => Promise.reject(new Error('offline broke')) };
    const { analyser } = setup({ fallback: broken });
    await expect(analyser.analyse(makeInput())).rejects.toThrow('offline broke');
    expect(server.requests).toHaveLength(0);
  });
});

describe('createOpenAIAnalyser: the API key', () => {
  it('never appears in logged events, even when the server echoes a wrong key', async () => {
    const wrongKey = 'sk-wrong-key-9876543210zyxwvuXYZ';
    const { analyser, events } = setup({ apiKey: wrongKey });
    expect(await analyser.analyse(makeInput())).toBe(OFFLINE);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${wrongKey}`);
    expect(fallbackEvent(events)).toMatchObject({ reason: 'http-error', status: 401 });
    const logged = JSON.stringify(events);
    expect(logged).not.toContain(wrongKey);
    expect(logged).not.toContain('9876543210');
  });

  it('is absent from logs on success too', async () => {
    const { analyser, events } = setup();
    await analyser.analyse(makeInput());
    expect(JSON.stringify(events)).not.toContain(API_KEY);
  });

  it('without one, sends no Authorization header, whatever OPENAI_API_KEY holds', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-env-key-should-not-leak-000');
    const open = await startFakeOpenAIServer();
    try {
      const { analyser } = setup({ baseURL: open.baseURL, apiKey: undefined });
      const result = await analyser.analyse(makeInput());
      expect(result.title).not.toBe(OFFLINE.title);
      expect(open.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('createOpenAIAnalyser: options', () => {
  it.each([
    [{ baseURL: 'not a url' }, /baseURL/],
    [{ model: '' }, /model/],
    [{ timeoutMs: 0 }, /timeoutMs/],
    [{ apiKey: '' }, /apiKey/],
  ])('rejects %j', (bad, message) => {
    expect(() => setup(bad as Partial<OpenAIAnalyserOptions>)).toThrow(message);
  });
});

describe('createOpenAIAnalyser: logging', () => {
  it('survives a logger that throws', async () => {
    server.script({ kind: 'refusal' });
    const { analyser } = setup({
      log: () => {
        throw new Error('log sink down');
      },
    });
    expect(await analyser.analyse(makeInput())).toBe(OFFLINE);
  });
});
