import { describe, expect, it } from 'vitest';
import { TONE_LEXICONS } from '../analyse/offline/lexicons.ts';
import { hash2, Rng } from './hash.ts';
import type { NarrativePhase } from './narratives.ts';
import { writePost } from './post-writer.ts';
import { fill } from './text.ts';
import { EVERGREEN, THEMES, type Theme, type ThemeTone } from './themes.ts';
import { generateHour, narrativesAt } from './world.ts';

const PHASES: readonly NarrativePhase[] = ['rising', 'plateau', 'fading'];

/** True when `text` uses a word of the tone's lexicon (plurals count), as the offline analyser reads it. */
function usesTone(text: string, tone: ThemeTone): boolean {
  const lexicon: ReadonlySet<string> = new Set(TONE_LEXICONS[tone]);
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).some(
    (w) => lexicon.has(w) || (w.endsWith('s') && lexicon.has(w.slice(0, -1))),
  );
}

const ctxFor = (theme: Theme, seed: number) => ({
  rng: new Rng(seed),
  theme,
  angle: theme.angles[0] as Theme['angles'][number],
  me: 'Me',
});

describe('theme moods', () => {
  it('write every tone line, however its choices fall, with a word of its tone’s lexicon', () => {
    for (const theme of [...THEMES, EVERGREEN]) {
      for (const phase of PHASES) {
        for (const { tone, lines } of theme.mood[phase]) {
          for (const line of lines) {
            for (let k = 0; k < 8; k++) {
              const text = fill(line, ctxFor(theme, hash2(k, line.length)));
              expect(usesTone(text, tone), `${theme.key} ${phase} ${tone}: ${text}`).toBe(true);
            }
          }
        }
      }
    }
  });

  it('give each narrative theme lines for every phase, and the themes many tones between them', () => {
    const loud = new Set<ThemeTone>();
    for (const theme of THEMES) {
      for (const phase of PHASES) {
        const lines = theme.mood[phase].flatMap((t) => t.lines);
        expect(lines.length, `${theme.key} ${phase}`).toBeGreaterThanOrEqual(3);
      }
      for (const t of [...theme.mood.rising, ...theme.mood.plateau]) loud.add(t.tone);
    }
    expect(loud.size).toBe(Object.keys(TONE_LEXICONS).length);
    expect(new Set(EVERGREEN.mood.plateau.map((t) => t.tone)).size).toBe(loud.size);
  });

  it('make a narrative loud while it rises and mild as it fades', () => {
    // Karma posts use skeptical words only in their tone lines, so the share of posts using any counts them.
    const karma = THEMES.find((t) => t.key === 'karma-farming') as Theme;
    const traits = { question: false, list: false, concrete: false, long: false };
    const share = (phase: NarrativePhase | null, theme = karma) => {
      let loud = 0;
      for (let i = 0; i < 1500; i++) {
        const { title, content } = writePost(ctxFor(theme, hash2(99, i)), traits, phase);
        if (usesTone(`${title} ${content}`, 'skeptical')) loud++;
      }
      return loud / 1500;
    };
    const [rising, plateau, fading] = [share('rising'), share('plateau'), share('fading')];
    expect(rising).toBeGreaterThan(plateau + 0.05);
    expect(plateau).toBeGreaterThan(fading + 0.1);
    expect(fading).toBeGreaterThan(0.15);
    // Most chatter stays mild.
    expect(share(null, EVERGREEN)).toBeLessThan(0.1);
  });

  it('lets an hour’s narratives, more than its chatter, carry the tones of their phase', () => {
    const hour = new Date('2026-02-10T09:00:00.000Z');
    const { posts } = generateHour({ seed: 3, postsPerHour: 2300 }, hour, new Date('2026-02-10T11:00:00Z'));
    const quality = posts.filter((p) => p.label === 'quality');
    const shareUsing = (narrative: string | null, tone: ThemeTone) => {
      const mine = quality.filter((p) => p.narrative === narrative);
      return mine.filter((p) => usesTone(`${p.post.title} ${p.post.content}`, tone)).length / mine.length;
    };
    let checked = 0;
    for (const { narrative, phase } of narrativesAt(3, hour)) {
      if (quality.filter((p) => p.narrative === narrative.id).length < 40) continue;
      for (const { tone } of narrative.theme.mood[phase]) {
        expect(shareUsing(narrative.id, tone), `${narrative.id} ${tone}`).toBeGreaterThan(
          1.4 * shareUsing(null, tone),
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
