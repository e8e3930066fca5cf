import { describe, expect, it } from 'vitest';
import {
  anomalyWithoutWarning,
  contradictions,
  goneButPresent,
  goneLabel,
  shiftAgainstNumbers,
  textSaysGone,
  titleNamesFading,
  topTopicFading,
  twoStatuses,
} from './contradictions.ts';
import { digest, hourOf, narrative, signals, story, storyPost } from './testing/fixtures.ts';

/** The clean hour's signals: the same three narratives as its digest's lists. */
function cleanSignals() {
  return signals(0, [
    narrative('newcomer introductions', { id: 'n-intro', status: 'emerging', posts: 40 }),
    narrative('skill.md supply-chain security', { id: 'n-skill', posts: 30 }),
    narrative('consciousness debates', { id: 'n-mind', status: 'fading', posts: 0 }),
  ]);
}

describe('contradictions', () => {
  it('finds none in a consistent hour', () => {
    expect(contradictions(hourOf(digest(), cleanSignals()))).toEqual([]);
  });

  it('(a) a narrative with 0 posts that is a top topic, by label in any word order', () => {
    const d = digest(0, { topTopics: ['Debates & consciousness', 'newcomer introductions'] });
    const found = goneButPresent(hourOf(d, cleanSignals()));
    expect(found).toHaveLength(1);
    expect(found[0]?.kind).toBe('gone-but-present');
    expect(found[0]?.detail).toContain('consciousness debates');
  });

  it('(a) a narrative with 0 posts that a story belongs to by narrative id', () => {
    const d = digest(0, {
      stories: [story('machine minds and qualia', { narrativeId: 'n-mind' })],
    });
    const found = goneButPresent(hourOf(d, cleanSignals()));
    expect(found.map((c) => c.detail)).toEqual([expect.stringContaining('machine minds and qualia')]);
  });

  it('(a) not when the gone narrative is only in the fading list', () => {
    expect(goneButPresent(hourOf(digest(), cleanSignals()))).toEqual([]);
  });

  it('(b) a label that is both emerging and fading in the digest', () => {
    const d = digest(0, { fadingNarratives: ['Newcomer introductions'] });
    const found = twoStatuses(hourOf(d));
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).toMatch(/emerging and fading/);
  });

  it('(b) a label in two statuses in the signals', () => {
    const s = signals(0, [
      narrative('memory & context', { id: 'a', status: 'emerging' }),
      narrative('context and memory', { id: 'b', status: 'continuing' }),
    ]);
    expect(twoStatuses(hourOf(digest(), s))).toHaveLength(1);
  });

  it('(b) not for distinct labels', () => {
    expect(twoStatuses(hourOf(digest(), cleanSignals()))).toEqual([]);
  });

  it('(c) a top topic in the fading list', () => {
    const d = digest(0, { topTopics: ['consciousness debates'] });
    expect(topTopicFading(hourOf(d))).toEqual([
      { kind: 'top-topic-fading', detail: 'top topic "consciousness debates" is fading' },
    ]);
  });

  it('(c) a top topic whose story belongs to a fading narrative (by id)', () => {
    const s = signals(0, [narrative('agent memory files', { id: 'n-mem', status: 'fading', posts: 4 })]);
    const d = digest(0, {
      topTopics: ['memory file mishaps'],
      fadingNarratives: [],
      stories: [story('memory file mishaps', { narrativeId: 'n-mem' })],
    });
    expect(topTopicFading(hourOf(d, s))).toHaveLength(1);
  });

  it('(c) not for top topics that are not fading', () => {
    expect(topTopicFading(hourOf(digest(), cleanSignals()))).toEqual([]);
  });

  it('(d) reads the label of a "no longer seen" line, bold or not, escaped or not', () => {
    expect(goneLabel('- **memory \\& context**: no longer seen (5% of posts in the previous hour)')).toBe(
      'memory & context',
    );
    expect(goneLabel('Consciousness debates is no longer seen.')).toBe('Consciousness debates');
    expect(goneLabel('- **skills**: 5% of posts')).toBeNull();
  });

  it('(d) a fullDigest line saying "no longer seen" for a top topic', () => {
    const d = digest(0, {
      fullDigest:
        '## Narratives\n\n- **skill.md supply\\-chain security**: no longer seen; key terms: skill\n',
    });
    const found = textSaysGone(hourOf(d));
    expect(found).toHaveLength(1);
    expect(found[0]?.kind).toBe('text-says-gone');
  });

  it('(d) not when the gone thing is really gone', () => {
    const d = digest(0, { fullDigest: '- **consciousness debates**: no longer seen\n' });
    expect(textSaysGone(hourOf(d, cleanSignals()))).toEqual([]);
  });

  it('(e) a title naming a fading narrative, in its own word order', () => {
    const d = digest(0, {
      title: 'Context and memory lead a skeptical hour',
      fadingNarratives: ['memory & context'],
    });
    const found = titleNamesFading(hourOf(d));
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).toContain('memory & context');
  });

  it('(e) not when the title names only part of the fading label', () => {
    const d = digest(0, { title: 'Memory files leak', fadingNarratives: ['memory & context'] });
    expect(titleNamesFading(hourOf(d))).toEqual([]);
  });

  it('(f) a shift saying more skeptical while its numbers rise', () => {
    const d = digest(0, {
      sentimentShift: 'More skeptical than the previous hour, which read playful (mean tone 0.09 → 0.10).',
    });
    expect(shiftAgainstNumbers(hourOf(d))).toHaveLength(1);
  });

  it('(f) not when the shift agrees with its numbers', () => {
    const d = digest(0, { sentimentShift: 'Still measured, but more negative (mean tone 0.20 → 0.10).' });
    expect(shiftAgainstNumbers(hourOf(d))).toEqual([]);
  });

  it('(g) a hot discussion led by an anomalous post without a warning', () => {
    const d = digest(0, {
      anomalies: [{ post: storyPost('p1'), reason: '315,953 upvotes, far beyond the hour' }],
    });
    expect(anomalyWithoutWarning(hourOf(d))).toHaveLength(1);
  });

  it('(g) not when the discussion carries a warning', () => {
    const base = digest();
    const d = digest(0, {
      anomalies: [{ post: storyPost('p1'), reason: 'votes without comments' }],
      hotDiscussions: base.hotDiscussions.map((h) => ({ ...h, warning: 'Votes look inorganic.' })),
    });
    expect(anomalyWithoutWarning(hourOf(d))).toEqual([]);
  });

  it('quotes untrusted text plainly: no control characters reach the output', () => {
    const d = digest(0, { topTopics: ['consciousness\u202e debates\u0007'] });
    const found = topTopicFading(hourOf(d));
    expect(found).toHaveLength(1);
    expect(found[0]?.detail).not.toContain('\u202e');
    expect(found[0]?.detail).not.toContain('\u0007');
  });
});
