import { describe, expect, it } from 'vitest';
import { readCompletion, retryAfterMs } from './complete.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-02-03T14:00:00Z');
  it.each([
    [{ 'retry-after-ms': '1500' }, 1500],
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': 'Tue, 03 Feb 2026 14:00:10 GMT' }, 10_000],
    [{ 'retry-after': 'soon' }, null],
    [{}, null],
  ])('%j → %j', (headers, expected) => {
    expect(retryAfterMs(new Headers(headers), now)).toBe(expected);
  });
});

function completion(message: Record<string, unknown>, finish_reason: string | null) {
  return { choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason }] };
}

describe('readCompletion', () => {
  it('returns the content and usage of a finished answer', () => {
    const raw = {
      ...completion({ content: '{}' }, 'stop'),
      usage: { prompt_tokens: 10, completion_tokens: 2 },
    };
    expect(readCompletion(raw)).toEqual({ content: '{}', usage: { promptTokens: 10, completionTokens: 2 } });
  });

  it.each([
    [{ choices: [] }, 'bad-response'],
    ['not json object', 'bad-response'],
    [completion({ content: null, refusal: 'No.' }, 'stop'), 'refusal'],
    [completion({ content: '{"a":' }, 'length'), 'truncated'],
    [completion({ content: '' }, 'content_filter'), 'content-filter'],
    [completion({ content: '{}' }, 'tool_calls'), 'unexpected-finish'],
    [completion({ content: '  ' }, 'stop'), 'empty'],
  ])('%j fails with %s', (raw, reason) => {
    expect(() => readCompletion(raw)).toThrow(expect.objectContaining({ reason }));
  });
});
