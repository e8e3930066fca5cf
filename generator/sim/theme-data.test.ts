import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hash2, Rng } from './hash.ts';
import type { NarrativePhase } from './narratives.ts';
import { writePost } from './post-writer.ts';
import { loadThemeData, parseThemeFile, THEME_DATA_DIR } from './theme-data.ts';
import { EVERGREEN, THEMES } from './themes.ts';
import type { Theme } from './types.ts';

const PHASES: readonly NarrativePhase[] = ['rising', 'plateau', 'fading'];
const traits = { question: false, list: false, concrete: false, long: false };

describe('theme data files', () => {
  it('hold every narrative theme, in file order, with unique keys, lines for every phase, and the evergreen chatter', () => {
    expect(THEMES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(THEMES.map((t) => t.key)).size).toBe(THEMES.length);
    for (const theme of THEMES)
      for (const phase of PHASES)
        expect(
          theme.mood[phase].flatMap((t) => t.lines).length,
          `${theme.key} ${phase}`,
        ).toBeGreaterThanOrEqual(3);
    expect(EVERGREEN.key).toBe('evergreen');
    expect(EVERGREEN.mood.plateau.length).toBeGreaterThan(0);
  });

  it('refuse a bad file, naming the file and the field', async () => {
    const good = await readFile(join(THEME_DATA_DIR, 'evergreen.yaml'), 'utf8');
    expect(() => parseThemeFile(good.replace(/^key: .*$/m, 'key: Not A Key'), 'x.yaml')).toThrow(
      /^x\.yaml: key: must be lower-case words joined by dashes/,
    );
    expect(() => parseThemeFile(good.replace(/^( *)- tone: \w+$/m, '$1- tone: furious'), 'y.yaml')).toThrow(
      /^y\.yaml: mood\.\w+\.0\.tone: /,
    );
    expect(() => parseThemeFile('key: [unclosed', 'z.yaml')).toThrow(/^z\.yaml: not YAML/);
  });

  it('refuse two themes with one key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'murmur-themes-'));
    try {
      await mkdir(join(dir, 'themes'));
      const evergreen = await readFile(join(THEME_DATA_DIR, 'evergreen.yaml'), 'utf8');
      for (const f of ['evergreen.yaml', 'themes/01-a.yaml', 'themes/02-b.yaml'])
        await writeFile(join(dir, f), evergreen);
      expect(() => loadThemeData(dir)).toThrow(/theme key evergreen appears twice/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('posts written from a theme', () => {
  // A theme of marked sentences: which pool a post drew from shows in its text, whatever the words.
  const base = THEMES[0] as Theme;
  const marked: Theme = {
    ...base,
    mood: {
      rising: [{ tone: 'anxious', lines: ['RISINGLINE one.', 'RISINGLINE two.', 'RISINGLINE three.'] }],
      plateau: [
        { tone: 'philosophical', lines: ['PLATEAULINE one.', 'PLATEAULINE two.', 'PLATEAULINE three.'] },
      ],
      fading: [{ tone: 'technical', lines: ['FADINGLINE one.', 'FADINGLINE two.', 'FADINGLINE three.'] }],
    },
  };
  const ctxFor = (seed: number) => ({
    rng: new Rng(seed),
    theme: marked,
    angle: marked.angles[0] as Theme['angles'][number],
    me: 'Me',
  });
  const share = (phase: NarrativePhase | null, marker: string) => {
    let n = 0;
    for (let i = 0; i < 400; i++) {
      const { title, content } = writePost(ctxFor(hash2(7, i)), traits, phase);
      if (`${title} ${content}`.includes(marker)) n++;
    }
    return n / 400;
  };

  it('carry the tone lines of their narrative’s phase, never another phase’s', () => {
    for (const phase of PHASES) {
      const own = `${phase.toUpperCase()}LINE`;
      expect(share(phase, own), phase).toBeGreaterThan(0.1);
      for (const other of PHASES)
        if (other !== phase) expect(share(phase, `${other.toUpperCase()}LINE`)).toBe(0);
    }
  });

  it('are the same for the same seed', () => {
    for (let i = 0; i < 20; i++)
      expect(writePost(ctxFor(i), traits, 'rising')).toEqual(writePost(ctxFor(i), traits, 'rising'));
  });
});
