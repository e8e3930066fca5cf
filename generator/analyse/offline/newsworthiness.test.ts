import { describe, expect, it } from 'vitest';
import type { EngagementState } from './engagement.ts';
import { type HourScale, KIND_WEIGHT, type NewsFacts, newsScore } from './newsworthiness.ts';

const ORGANIC: HourScale = { bar: 5, engagement: 'organic' };
const FROZEN: HourScale = { bar: 5, engagement: 'frozen' };

/** A plain one-agent discussion with no engagement, no history and nothing named. */
function facts(f: Partial<NewsFacts> = {}): NewsFacts {
  return {
    newsKind: 'discussion',
    agents: 1,
    bestComments: 0,
    rivalComments: 0,
    namedEntity: null,
    novelty: null,
    seenHours: 0,
    floodShare: null,
    contentFree: false,
    explainsFrozen: false,
    leadFamiliar: 0,
    attackPosts: 0,
    ...f,
  };
}

const score = (f: Partial<NewsFacts>, hour: HourScale = ORGANIC): number => newsScore(facts(f), hour).score;
const signals = (f: Partial<NewsFacts>, hour: HourScale = ORGANIC): string[] =>
  newsScore(facts(f), hour).signals;

describe('newsScore', () => {
  describe('corroboration', () => {
    it('is log2(1 + agents)', () => {
      expect(score({ agents: 1 })).toBe(1);
      expect(score({ agents: 3 })).toBe(2);
      expect(score({ agents: 7 })).toBe(3);
    });

    it('counts only the corroborating agents of a coin push, while its signal gives them all', () => {
      expect(score({ agents: 11, corroborating: 3 })).toBe(2);
      expect(signals({ agents: 11, corroborating: 3 })).toEqual(['11 agents']);
    });

    it("weighs a regular poster's own story at 0.8", () => {
      expect(score({ agents: 3, regular: true })).toBe(1.6);
    });

    it('counts half for a round-up of launches', () => {
      expect(score({ agents: 7, roundup: true })).toBe(1.5);
    });

    it('is a signal from three agents', () => {
      expect(signals({ agents: 2 })).toEqual([]);
      expect(signals({ agents: 3 })).toEqual(['3 agents']);
    });
  });

  describe('engagement', () => {
    it('adds log2(1 + best comments / bar) in an organic hour', () => {
      expect(score({ bestComments: 5 })).toBe(2);
      expect(score({ bestComments: 15, rivalComments: 100 })).toBe(3);
    });

    it.each<EngagementState>(['frozen', 'missing'])('counts for nothing when the hour is %s', (state) => {
      const hour = { bar: 5, engagement: state };
      expect(score({ agents: 3, bestComments: 1000 }, hour)).toBe(score({ agents: 3 }, hour));
      expect(signals({ agents: 3, bestComments: 1000 }, hour)).toEqual(['3 agents']);
    });

    it('is halved for a lead that says next to nothing', () => {
      expect(score({ bestComments: 15, rivalComments: 100, contentFree: true })).toBe(2);
    });

    it('is halved for a regular, with a signal', () => {
      expect(score({ bestComments: 15, rivalComments: 100, leadFamiliar: 3 })).toBe(2);
      expect(score({ bestComments: 15, rivalComments: 100, leadFamiliar: 2 })).toBe(3);
      expect(signals({ bestComments: 15, rivalComments: 100, leadFamiliar: 4 })).toContain(
        "a regular: its lead's author led stories in 4 of the last 24 hours",
      );
    });

    it('adds 1 for the hour’s biggest thread: twice any rival and three times the bar', () => {
      // log2(1 + 15/5) = 2, +1 for dominance.
      expect(score({ bestComments: 15, rivalComments: 7 })).toBe(4);
      expect(signals({ bestComments: 15, rivalComments: 7 })).toEqual([
        "the hour's biggest thread (15 comments)",
      ]);
      // Under three times the bar: no bonus, no signal.
      expect(score({ bestComments: 14, rivalComments: 0 })).toBeCloseTo(1 + Math.log2(1 + 14 / 5), 3);
      expect(signals({ bestComments: 14, rivalComments: 0 })).toEqual([]);
      // A rival with more than half its comments: no bonus, the count as a signal.
      expect(score({ bestComments: 15, rivalComments: 8 })).toBe(3);
      expect(signals({ bestComments: 15, rivalComments: 8 })).toEqual(['15 comments']);
      // Never for a lead that says nothing.
      expect(score({ bestComments: 15, rivalComments: 0, contentFree: true })).toBe(2);
    });
  });

  it('adds 0.75 for an entity three agents name', () => {
    const named = { display: 'HTTP 401', agents: 3 };
    expect(score({ agents: 3, namedEntity: named })).toBe(2.75);
    expect(signals({ agents: 3, namedEntity: named })).toEqual(['3 agents', '3 agents name HTTP 401']);
  });

  it('adds 2 + 12 × share for a flood', () => {
    expect(score({ newsKind: 'campaign', floodShare: 0.5 })).toBeCloseTo(
      (1 + 2 + 6) * KIND_WEIGHT.campaign,
      3,
    );
    expect(signals({ newsKind: 'campaign', floodShare: 0.5 })).toEqual(["50% of the hour's posts"]);
    expect(score({ newsKind: 'campaign', floodShare: 0.7 })).toBeGreaterThan(
      score({ newsKind: 'campaign', floodShare: 0.2 }),
    );
  });

  it('adds 1.5 for an incident that explains a frozen hour, only in a frozen hour', () => {
    const incident = { newsKind: 'incident' as const, agents: 3, explainsFrozen: true };
    expect(score(incident, FROZEN)).toBeCloseTo(3.5 * KIND_WEIGHT.incident, 3);
    expect(signals(incident, FROZEN)).toContain("explains the hour's missing comments");
    expect(score(incident, ORGANIC)).toBeCloseTo(2 * KIND_WEIGHT.incident, 3);
    expect(signals(incident, ORGANIC)).not.toContain("explains the hour's missing comments");
  });

  it('adds log2(1 + attack posts) for a story carrying the attack itself', () => {
    // The default facts score 1 (one agent); one attack post adds 1, three add 2.
    expect(score({ attackPosts: 1 })).toBe(2);
    expect(score({ attackPosts: 3 })).toBe(3);
    expect(signals({ attackPosts: 2 })).toEqual(['carries the attack itself (2 posts)']);
  });

  it('multiplies by the kind’s weight', () => {
    for (const [kind, weight] of Object.entries(KIND_WEIGHT))
      expect(score({ newsKind: kind as NewsFacts['newsKind'], agents: 3 })).toBeCloseTo(2 * weight, 3);
    expect(KIND_WEIGHT.incident).toBeGreaterThan(KIND_WEIGHT.discussion);
    expect(KIND_WEIGHT.essay).toBeLessThan(KIND_WEIGHT.discussion);
  });

  describe('novelty', () => {
    it('is 0.75 + 0.5 × the new share, 1 without history', () => {
      expect(score({ agents: 3, novelty: null })).toBe(2);
      expect(score({ agents: 3, novelty: 0 })).toBe(1.5);
      expect(score({ agents: 3, novelty: 1 })).toBe(2.5);
    });

    it('is a signal from 0.6', () => {
      expect(signals({ novelty: 0.6 })).toEqual(['new since yesterday']);
      expect(signals({ novelty: 0.59 })).toEqual([]);
      // A narrative tracked since an earlier hour is never called new, and scores the same.
      expect(signals({ novelty: 0.9, tracked: true })).toEqual([]);
      expect(score({ agents: 3, novelty: 0.9, tracked: true })).toBe(score({ agents: 3, novelty: 0.9 }));
    });

    it('is cut by 0.7 for a perennial theme (a story in 6+ of the last 24 hours)', () => {
      expect(score({ agents: 3, novelty: 1, seenHours: 6 })).toBe(1.75);
      expect(score({ agents: 3, novelty: 1, seenHours: 5 })).toBe(2.5);
      expect(signals({ seenHours: 6 })).toEqual(['a story in 6 of the last 24 hours']);
    });
  });

  describe('orderings', () => {
    it('an incident four agents report outranks a discussion of four agents', () => {
      expect(score({ newsKind: 'incident', agents: 4 })).toBeGreaterThan(
        score({ newsKind: 'discussion', agents: 4 }),
      );
    });

    it('a flood of 70% of the feed outranks a 1,000-comment thread', () => {
      const flood = score({ newsKind: 'campaign', agents: 3, floodShare: 0.7 });
      const thread = score({ agents: 20, bestComments: 1000, rivalComments: 50 });
      expect(flood).toBeGreaterThan(thread);
    });

    it('engagement decides between equal stories only when the hour is organic', () => {
      const busy = { agents: 4, bestComments: 200, rivalComments: 10 };
      const quiet = { agents: 4, bestComments: 0 };
      expect(score(busy)).toBeGreaterThan(score(quiet));
      expect(score(busy, FROZEN)).toBe(score(quiet, FROZEN));
      // In a frozen hour the incident explaining it outranks the big thread.
      expect(score({ newsKind: 'incident', agents: 4, explainsFrozen: true }, FROZEN)).toBeGreaterThan(
        score(busy, FROZEN),
      );
    });

    it('a regular’s thread weighs less than a newcomer’s of the same size', () => {
      const thread = { agents: 4, bestComments: 60, rivalComments: 10 };
      expect(score({ ...thread, leadFamiliar: 5 })).toBeLessThan(score(thread));
    });

    it('a theme seen all day weighs less than a new one', () => {
      expect(score({ agents: 4, novelty: 0.2, seenHours: 12 })).toBeLessThan(
        score({ agents: 4, novelty: 0.9 }),
      );
    });
  });
});
