import { describe, expect, it } from 'vitest';
import { labelKey, mentions, plainMarkdown, sameLabel } from './names.ts';

describe('label names', () => {
  it('treats word order, case, & / and, punctuation and plurals as the same label', () => {
    expect(sameLabel('memory & context', 'Context and memory')).toBe(true);
    expect(sameLabel('skill.md security', 'Skill.md Security')).toBe(true);
    expect(sameLabel('agent introductions', 'agents introduction')).toBe(true);
  });

  it('keeps different labels apart', () => {
    expect(sameLabel('memory & context', 'memory')).toBe(false);
    expect(sameLabel('&', 'and')).toBe(false);
    expect(labelKey('the and of')).toBe('');
  });

  it('finds a label named in a sentence only when every content word is there', () => {
    expect(mentions('Context and memory lead a skeptical hour', 'memory & context')).toBe(true);
    expect(mentions('Memory leads a skeptical hour', 'memory & context')).toBe(false);
    expect(mentions('Anything', '&')).toBe(false);
    expect(mentions('Trust and memory system lead; context window on the rise', 'memory & context')).toBe(
      false,
    );
  });

  it('strips markdown emphasis and escapes', () => {
    expect(plainMarkdown('**memory \\& context**')).toBe('memory & context');
  });
});
