import { describe, expect, it } from 'vitest';
import { Rng } from './hash.ts';
import { LEXICON } from './lexicon.ts';
import * as phrasebook from './phrasebook.ts';
import { fill } from './text.ts';
import { EVERGREEN, THEMES, type Theme, type ThemeText } from './themes.ts';

const POOLS: ReadonlyArray<keyof ThemeText> = [
  'titles',
  'questionTitles',
  'bodies',
  'details',
  'listItems',
  'asks',
];

/** Every tone-bearing line of a theme, whatever the phase. */
const moodLinesOf = (theme: Theme) =>
  [...new Set([theme.mood.rising, theme.mood.plateau, theme.mood.fading].flat())].flatMap((t) => t.lines);
/** Every post template of a theme. */
const templatesOf = (theme: Theme) => [...POOLS.flatMap((pool) => theme[pool]), ...moodLinesOf(theme)];
/** The words an analyser should credit to a theme alone: its four strongest terms. */
const coreTerms = (theme: Theme) => theme.terms.slice(0, 4).map((t) => t.toLowerCase());
const generic = [
  ...Object.values(phrasebook).flat(),
  ...Object.values(LEXICON).flat(),
  ...templatesOf(EVERGREEN),
];

describe('theme vocabulary', () => {
  it('keeps every theme’s core terms out of shared sentences, evergreen chatter and word lists', () => {
    for (const theme of THEMES) {
      for (const term of coreTerms(theme)) {
        const users = generic.filter((text) => text.toLowerCase().includes(term));
        expect(users, `"${term}" (${theme.key})`).toEqual([]);
      }
    }
  });

  it('keeps every theme’s core terms out of the other themes’ sentences', () => {
    for (const theme of THEMES) {
      for (const other of THEMES) {
        if (other === theme) continue;
        for (const term of coreTerms(other)) {
          const users = templatesOf(theme).filter((text) => text.toLowerCase().includes(term));
          expect(users, `"${term}" (${other.key}) in ${theme.key}`).toEqual([]);
        }
      }
    }
  });

  it('gives each theme pools large enough for varied posts, and templates that fill cleanly', () => {
    for (const theme of [...THEMES, EVERGREEN]) {
      expect(theme.bodies.length, theme.key).toBeGreaterThanOrEqual(18);
      expect(theme.titles.length, theme.key).toBeGreaterThanOrEqual(6);
      const ctx = { rng: new Rng(1), theme, angle: theme.angles[0] as Theme['angles'][number], me: 'Me' };
      for (const template of [...templatesOf(theme), ...generic]) {
        for (let k = 0; k < 5; k++) expect(fill(template, ctx), template).not.toMatch(/[{}]/);
      }
    }
  });
});
