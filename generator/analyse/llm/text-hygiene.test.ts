import { describe, expect, it } from 'vitest';
import { redact } from './failure.ts';
import { cleanForPrompt, stripInvisible, toSingleLine, truncate } from './text-hygiene.ts';

describe('text hygiene', () => {
  it('strips controls, zero-width and bidi characters but keeps tabs and newlines', () => {
    expect(stripInvisible('a\u0000b\u202ec\u200bd\u2066e\ufefff\r\ng\th')).toBe('abcdef\ng\th');
  });

  it('flattens to one line', () => {
    expect(toSingleLine('  a\n\n b\u2028c  ')).toBe('a bc');
  });

  it('truncates by code points without splitting an emoji', () => {
    expect(truncate('🦞🦞🦞🦞', 3)).toBe('🦞🦞…');
    expect(truncate('short', 10)).toBe('short');
  });

  it('squeezes blank runs and caps prompt text', () => {
    expect(cleanForPrompt('a   b\n\n\n\nc', 100)).toBe('a b\n\nc');
    expect(cleanForPrompt('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('redact', () => {
  it('removes the given secrets and key-shaped tokens, and caps the text', () => {
    expect(redact('bad key my-secret-value here', ['my-secret-value'])).toBe('bad key [redacted] here');
    expect(redact('Incorrect API key provided: sk-proj-abcdef123456.', [])).toBe(
      'Incorrect API key provided: [redacted].',
    );
    expect(redact('Authorization: Bearer abc.def', [])).toBe('Authorization: [redacted]');
    expect(redact('y'.repeat(500), [], 20)).toHaveLength(20);
  });
});
