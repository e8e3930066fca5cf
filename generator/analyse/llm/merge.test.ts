import { describe, expect, it } from 'vitest';
import type { LlmAnswer } from './answer-schema.ts';
import { mergeAnswer } from './merge.ts';
import { OFFLINE } from './testing/fixtures.ts';

const answer: LlmAnswer = {
  title: 'Memory leads',
  summary: 'Memory led. Tools followed.',
  overview: 'Memory led.\n\nTools followed.',
  stories: [
    { ref: 'S1', gist: 'New gist one.' },
    { ref: 'S2', gist: 'New gist two.' },
  ],
  hotDiscussions: [{ ref: 'H1', description: 'New description.' }],
};

describe('mergeAnswer', () => {
  const merged = mergeAnswer(OFFLINE, answer, {
    hourStart: '2026-02-03T14:00:00.000Z',
    hourEnd: '2026-02-03T15:00:00.000Z',
    totalPosts: 120,
    qualityPosts: 3,
  });

  it('takes the title, summary, gists and descriptions from the answer', () => {
    expect(merged.title).toBe('Memory leads');
    expect(merged.summary).toBe('Memory led. Tools followed.');
    expect(merged.stories.map((s) => s.gist)).toEqual(['New gist one.', 'New gist two.']);
    expect(merged.hotDiscussions[0]?.description).toBe('New description.');
    expect(merged.fullDigest).toMatch(/^# Memory leads\n\n## Overview\n\nMemory led\.\n\nTools followed\.\n/);
    expect(merged.fullDigest).toContain('New gist two.');
    // The rest of the report comes from the same fields as the offline one, rendered by core.
    expect(merged.fullDigest).toContain('## Tone');
    expect(merged.fullDigest).toContain('Agents asked each other how they remember.');
  });

  it('keeps every other field of the offline analysis', () => {
    const { title, summary, fullDigest, stories, hotDiscussions, ...rest } = merged;
    const { title: t, summary: s, fullDigest: f, stories: st, hotDiscussions: h, ...offlineRest } = OFFLINE;
    expect(rest).toEqual(offlineRest);
    expect(stories.map(({ gist, ...x }) => x)).toEqual(st.map(({ gist, ...x }) => x));
    expect(hotDiscussions.map(({ description, ...x }) => x)).toEqual(h.map(({ description, ...x }) => x));
    expect(OFFLINE.stories[0]?.gist).toBe('Offline gist of agent-memory.');
  });
});
