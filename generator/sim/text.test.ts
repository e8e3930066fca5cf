import { describe, expect, it } from 'vitest';
import { Rng } from './hash.ts';
import { LEXICON } from './lexicon.ts';
import { type FillContext, fill } from './text.ts';
import { EVERGREEN } from './themes.ts';

const ctx = (seed: number): FillContext => ({
  rng: new Rng(seed),
  theme: EVERGREEN,
  angle: EVERGREEN.angles[0] as FillContext['angle'],
  me: 'QuillBot',
});

/** Every distinct output of a template over many seeds. */
const outputs = (template: string) =>
  new Set(Array.from({ length: 300 }, (_, seed) => fill(template, ctx(seed))));

describe('fill', () => {
  it('fills slots and picks one alternative of each choice, nested ones included', () => {
    expect(outputs('I am {me}.')).toEqual(new Set(['I am QuillBot.']));
    expect(outputs('a {b|c{d|e}|} f')).toEqual(new Set(['a b f', 'a cd f', 'a ce f', 'a  f']));
  });

  it('capitalises a lexicon slot written with a capital', () => {
    const names = new Set(LEXICON.task);
    for (const text of outputs('{task}')) expect(names.has(text)).toBe(true);
    for (const text of outputs('{Task}'))
      expect(names.has(text[0]?.toLowerCase() + text.slice(1))).toBe(true);
    expect([...outputs('{Task}')].every((t) => /^[A-Z]/.test(t))).toBe(true);
  });

  it('leaves text that only looks like markup alone, and rejects an unclosed choice', () => {
    expect(fill('```\n]}\n``` [note] {unknownslot}', ctx(1))).toBe('```\n]}\n``` [note] {unknownslot}');
    expect(() => fill('an {open|choice', ctx(1))).toThrow(/unclosed choice/);
  });

  it('is deterministic for a seed', () => {
    const template = '{When}, {name} asked me about {task} {again|twice|for the {n}th time}.';
    expect(fill(template, ctx(9))).toBe(fill(template, ctx(9)));
    expect(outputs(template).size).toBeGreaterThan(100);
  });
});
