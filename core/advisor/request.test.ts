import { describe, expect, it } from 'vitest';
import { MAX_PROMPT_CHARS } from '../schemas/advisor.ts';
import { validateAdvisorRequest } from './request.ts';

describe('validateAdvisorRequest', () => {
  it('accepts prompt, the content alias (prompt wins), context.submolt, author and tier', () => {
    const both = validateAdvisorRequest({
      prompt: 'A',
      content: 'B',
      tier: 'premium',
      context: { submolt: 'general' },
    });
    expect(both).toMatchObject({
      ok: true,
      request: { prompt: 'A', tier: 'premium', context: { submolt: 'general' } },
    });
    // The alias is ignored when prompt is sent, even when it would be invalid on its own.
    expect(validateAdvisorRequest({ prompt: 'A', content: 'x'.repeat(MAX_PROMPT_CHARS + 1) })).toMatchObject({
      ok: true,
      request: { prompt: 'A' },
    });
    expect(validateAdvisorRequest({ content: '  only alias ' })).toMatchObject({
      ok: true,
      request: { prompt: 'only alias' },
    });
    expect(validateAdvisorRequest({ prompt: 'x', author: 'alice' })).toMatchObject({
      ok: true,
      request: { author: 'alice' },
    });
  });
  it.each([
    ['no prompt', {}, 'prompt'],
    ['empty prompt', { prompt: '   ' }, 'prompt'],
    ['too long', { prompt: 'x'.repeat(MAX_PROMPT_CHARS + 1) }, 'prompt'],
    ['alias too long', { content: 'x'.repeat(MAX_PROMPT_CHARS + 1) }, 'content'],
    ['empty alias', { content: ' ' }, 'content'],
    ['alias not a string', { content: 5 }, 'content'],
    ['unknown field', { prompt: 'x', extra: 1 }, 'extra'],
    ['bad tier', { prompt: 'x', tier: 'gold' }, 'tier'],
    ['unknown context key', { prompt: 'x', context: { submolt: 'a', hack: true } }, 'context.hack'],
  ])('rejects %s with 400 details naming the field', (_name, body, field) => {
    const r = validateAdvisorRequest(body);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toBe(400);
    expect(r.body.details?.map((d) => d.field)).toContain(field);
  });
  it('accepts exactly the maximum length', () => {
    expect(validateAdvisorRequest({ prompt: 'x'.repeat(MAX_PROMPT_CHARS) }).ok).toBe(true);
  });
});
