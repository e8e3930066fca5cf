import { describe, expect, it } from 'vitest';
import type { NarrativeSignal, PreviousHour } from '../types.ts';
import {
  type NarrativeDraft,
  narrativeId,
  narrativeLifecycle,
  narrativeLists,
  narrativeSimilarity,
} from './lifecycle.ts';
import { narrative, previousHour } from './testing/posts.ts';

const H = (h: number) => `2026-02-01T${String(h).padStart(2, '0')}:00:00.000Z`;
const NOW = H(12);
const MEMORY = ['memory persistence', 'context window', 'memory file'];
const SECURITY = ['skill', 'supply chain', 'credential'];
const INTROS = ['wave:introduction', 'openclaw', 'clawdbot'];

function draft(label: string, terms: string[], share: number, prominent = false): NarrativeDraft {
  return { label, terms, share, posts: Math.max(2, Math.round(share * 100)), prominent };
}

function hour(hourStart: string, narratives: NarrativeSignal[]): PreviousHour {
  return previousHour({ hourStart, narratives, tone: 'technical', meanCompound: 0.1 });
}

/** An earlier hour in which `memory` (id mem-1) had the given share. */
function memoryAt(h: number, share: number): PreviousHour {
  return hour(H(h), [
    narrative({ id: 'mem-1', label: 'memory persistence', terms: MEMORY, share, posts: 10 }),
  ]);
}

describe('narrativeSimilarity', () => {
  it('is the Dice coefficient over terms and needs two shared terms', () => {
    expect(
      narrativeSimilarity({ label: 'x', terms: ['a', 'b', 'c'] }, { label: 'y', terms: ['a', 'b'] }),
    ).toBe(0.8);
    expect(
      narrativeSimilarity({ label: 'x', terms: ['a', 'b', 'c'] }, { label: 'y', terms: ['a', 'x', 'y'] }),
    ).toBe(0);
  });

  it('matches waves of one kind whatever their other terms, and never a wave with a theme', () => {
    expect(
      narrativeSimilarity(
        { label: 'a', terms: INTROS },
        { label: 'b', terms: ['wave:introduction', 'claude'] },
      ),
    ).toBe(1);
    expect(narrativeSimilarity({ label: 'a', terms: INTROS }, { label: 'a', terms: MEMORY })).toBe(0);
  });

  it('matches a label whose words run inside the other, but never on one word', () => {
    const a = { label: 'agent-to-agent', terms: ['agent to agent', 'protocol'] };
    const b = { label: 'agent-to-agent communication', terms: ['agent to agent', 'compression'] };
    expect(narrativeSimilarity(a, b)).toBe(0.5);
    const c = { label: 'memory', terms: ['memory'] };
    expect(narrativeSimilarity(c, { label: 'memory files', terms: ['daily log'] })).toBe(0);
  });

  it('counts the same label words as a match', () => {
    expect(
      narrativeSimilarity({ label: 'Memory files', terms: ['a'] }, { label: 'memory files', terms: ['b'] }),
    ).toBe(0.5);
  });
});

describe('narrativeLifecycle', () => {
  it('with no earlier hour, everything is emerging, first seen now, with a fresh id', () => {
    const [n] = narrativeLifecycle([draft('memory persistence', MEMORY, 0.2)], NOW, []);
    expect(n).toMatchObject({
      status: 'emerging',
      firstSeen: NOW,
      id: narrativeId('memory persistence', NOW),
    });
    expect(n?.id).toBe('memory-persistence-2026020112');
  });

  it('keeps id, label and firstSeen when a story continues a narrative by content, whatever its label', () => {
    const [n] = narrativeLifecycle([draft('context windows', MEMORY, 0.1)], NOW, [memoryAt(11, 0.1)]);
    expect(n).toMatchObject({
      id: 'mem-1',
      label: 'memory persistence',
      status: 'continuing',
      firstSeen: '2026-02-01T08:00:00.000Z',
    });
  });

  it('calls a present narrative emerging only when it clearly grows', () => {
    const grew = narrativeLifecycle([draft('m', MEMORY, 0.16)], NOW, [memoryAt(11, 0.1)]);
    expect(grew[0]?.status).toBe('emerging');
    const wobble = narrativeLifecycle([draft('m', MEMORY, 0.13)], NOW, [memoryAt(11, 0.1)]);
    expect(wobble[0]?.status).toBe('continuing');
    // A bigger share of a smaller hour, with fewer posts than before (10), is no surge.
    const smaller = narrativeLifecycle([{ ...draft('m', MEMORY, 0.16), posts: 8 }], NOW, [memoryAt(11, 0.1)]);
    expect(smaller[0]?.status).toBe('continuing');
  });

  it('keeps a narrative talked of all day continuing when it grows: only a young one emerges by growth', () => {
    const old = hour(H(11), [
      narrative({
        id: 'mem-1',
        label: 'memory persistence',
        terms: MEMORY,
        share: 0.1,
        posts: 10,
        firstSeen: '2026-01-31T20:00:00.000Z',
      }),
    ]);
    const [grew] = narrativeLifecycle([draft('m', MEMORY, 0.16)], NOW, [old]);
    expect(grew).toMatchObject({ status: 'continuing', firstSeen: '2026-01-31T20:00:00.000Z' });
  });

  it('calls a present narrative fading only after two hours of shrinking', () => {
    const once = narrativeLifecycle([draft('m', MEMORY, 0.05)], NOW, [memoryAt(11, 0.1)]);
    expect(once[0]?.status).toBe('continuing');
    const twice = narrativeLifecycle([draft('m', MEMORY, 0.05)], NOW, [
      memoryAt(11, 0.08),
      memoryAt(10, 0.1),
    ]);
    expect(twice[0]?.status).toBe('fading');
  });

  it('never calls a top topic fading', () => {
    const out = narrativeLifecycle([draft('m', MEMORY, 0.05, true)], NOW, [
      memoryAt(11, 0.08),
      memoryAt(10, 0.1),
    ]);
    expect(out[0]?.status).toBe('continuing');
  });

  it('lists a narrative absent this hour once as fading with 0 posts, then forgets it', () => {
    const first = narrativeLifecycle([draft('skills', SECURITY, 0.2)], NOW, [memoryAt(11, 0.1)]);
    expect(first.find((n) => n.id === 'mem-1')).toMatchObject({ status: 'fading', posts: 0, share: 0 });
    const after = hour(H(12), first);
    const second = narrativeLifecycle([draft('skills', SECURITY, 0.2)], H(13), [after, memoryAt(11, 0.1)]);
    expect(second.find((n) => n.id === 'mem-1')).toBeUndefined();
  });

  it('does not call a narrative gone from an hour too small for its absence to mean anything', () => {
    // At a 10% share, an hour of 20 posts should hold 2 of them: missing them is noise.
    const small = narrativeLifecycle([draft('skills', SECURITY, 0.2)], NOW, [memoryAt(11, 0.1)], {
      qualityPosts: 20,
    });
    expect(small.find((n) => n.id === 'mem-1')).toBeUndefined();
    const big = narrativeLifecycle([draft('skills', SECURITY, 0.2)], NOW, [memoryAt(11, 0.1)], {
      qualityPosts: 200,
    });
    expect(big.find((n) => n.id === 'mem-1')).toMatchObject({ status: 'fading', posts: 0 });
  });

  it('lets a narrative continue over a small hour that did not list it, and come back emerging after longer', () => {
    const short = narrativeLifecycle([draft('m', MEMORY, 0.1)], NOW, [hour(H(11), []), memoryAt(10, 0.1)]);
    expect(short[0]).toMatchObject({ id: 'mem-1', status: 'continuing' });
    // Never reported gone, it was only not a story for a few hours: it continues.
    const long = narrativeLifecycle([draft('m', MEMORY, 0.1)], NOW, [memoryAt(8, 0.1)]);
    expect(long[0]).toMatchObject({ id: 'mem-1', status: 'continuing' });
  });

  it('starts no narrative from a quoted title or from fewer posts than asked, but lets them continue one', () => {
    const quoted = { ...draft('“Just bootstrapped myself”', MEMORY, 0.1), quoted: true };
    expect(narrativeLifecycle([quoted], NOW, [])).toEqual([]);
    expect(narrativeLifecycle([quoted], NOW, [memoryAt(11, 0.1)])[0]).toMatchObject({
      id: 'mem-1',
      status: 'continuing',
    });
    const pair = { ...draft('bank accounts', ['bank account', 'bank'], 0.01), posts: 2 };
    expect(narrativeLifecycle([pair], NOW, [], { minNewPosts: 3 })).toEqual([]);
    expect(narrativeLifecycle([pair], NOW, [], { minNewPosts: 2 })).toHaveLength(1);
  });

  it('starts a narrative from one post when it is a launch that drew a big thread, by what it launched', () => {
    const lone = { ...draft('moltdev', ['moltdev', 'token launchpad'], 0.01), posts: 1, fixedLabel: true };
    expect(narrativeLifecycle([lone], NOW, [], { minNewPosts: 3 })).toEqual([]);
    expect(narrativeLifecycle([{ ...lone, launch: true }], NOW, [], { minNewPosts: 3 })).toMatchObject([
      { label: 'moltdev', posts: 1, status: 'emerging', firstSeen: NOW },
    ]);
  });

  it('never says "no longer seen" one hour and "continuing" the next', () => {
    // Hour 11 listed memory as fading with 0 posts (absent from a big enough hour); hour 12 has it back.
    const gone = narrativeLifecycle([], H(11), [memoryAt(10, 0.2)], { qualityPosts: 100 });
    expect(gone[0]).toMatchObject({ id: 'mem-1', posts: 0, status: 'fading' });
    const back = narrativeLifecycle([draft('m', MEMORY, 0.2)], NOW, [hour(H(11), gone), memoryAt(10, 0.2)]);
    expect(back[0]?.status).not.toBe('continuing');
  });

  it('continues a narrative that faded while posts still named it, when a story on it comes back', () => {
    const gone = narrativeLifecycle([], H(11), [memoryAt(10, 0.2)], { qualityPosts: 100 });
    const named = gone.map((n) => ({ ...n, mentions: 3 }));
    const back = narrativeLifecycle([draft('m', MEMORY, 0.2)], NOW, [hour(H(11), named), memoryAt(10, 0.2)]);
    expect(back[0]).toMatchObject({ id: 'mem-1', status: 'continuing' });
  });

  it('forgets narratives older than the lookback window', () => {
    const out = narrativeLifecycle([draft('m', MEMORY, 0.1)], NOW, [memoryAt(4, 0.1)]);
    expect(out[0]?.id).toBe(narrativeId('m', NOW));
  });

  it('lets the bigger of two matching stories carry the narrative, though the smaller is closer', () => {
    const big = {
      ...draft('memory persistence', [MEMORY[0] as string, MEMORY[1] as string, 'daily log'], 0.08),
      posts: 8,
    };
    const small = { ...draft('context window', MEMORY, 0.02), posts: 2 };
    const out = narrativeLifecycle([big, small], NOW, [memoryAt(11, 0.1)]);
    expect(out.find((n) => n.id === 'mem-1')).toMatchObject({ posts: 8, status: 'continuing' });
  });

  it('matches one to one: a split theme carries the narrative once', () => {
    const out = narrativeLifecycle([draft('memory a', MEMORY, 0.2), draft('memory b', MEMORY, 0.1)], NOW, [
      memoryAt(11, 0.2),
    ]);
    expect(out.filter((n) => n.id === 'mem-1')).toHaveLength(1);
  });

  describe('invariants, over random histories', () => {
    const themes = [
      MEMORY,
      SECURITY,
      INTROS,
      ['prediction market', 'polymarket', 'edge'],
      ['karma', 'karma farming', 'upvote'],
    ];
    let seed = 7;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    it('never lists a present narrative as gone, a label twice, or a top topic as fading', () => {
      const previous: PreviousHour[] = [];
      for (let h = 0; h < 40; h++) {
        const start = new Date(Date.UTC(2026, 1, 1, h)).toISOString();
        const drafts = themes
          .filter(() => rand() > 0.3)
          .map((terms, k) =>
            draft(`theme ${k} ${rand() > 0.5 ? 'a' : 'b'}`, terms, 0.02 + rand() * 0.2, rand() > 0.5),
          );
        const out = narrativeLifecycle(drafts, start, previous);
        const present = out.filter((n) => n.posts > 0);
        const gone = out.filter((n) => n.posts === 0);
        expect(gone.every((n) => n.status === 'fading')).toBe(true);
        expect(gone.some((g) => present.some((p) => p.label === g.label || p.id === g.id))).toBe(false);
        const labels = out.map((n) => n.label.toLowerCase());
        expect(new Set(labels).size).toBe(labels.length);
        const lists = narrativeLists(out);
        expect(lists.emerging.some((l) => lists.fading.includes(l))).toBe(false);
        for (const [i, d] of drafts.entries()) {
          const n = present.find((p) => p.terms.join() === d.terms.join() && p.posts === d.posts);
          if (d.prominent && n) expect(n.status, `hour ${h} draft ${i}`).not.toBe('fading');
        }
        previous.unshift(hour(start, out));
        if (previous.length > 24) previous.pop();
      }
    });
  });
});

describe('subject narratives', () => {
  it('are continued only by a story found under the subject, never by a cluster sharing its words', () => {
    const earlier = hour(H(11), [
      narrative({ id: 'theme-1', label: 'memory and continuity', terms: MEMORY, share: 0.1, posts: 10 }),
    ]);
    const isSubjectLabel = (l: string) => l === 'memory and continuity';
    const cluster = draft('memory file', MEMORY, 0.05);
    const [alone] = narrativeLifecycle([cluster], NOW, [earlier], { isSubjectLabel });
    expect(alone?.id).not.toBe('theme-1');
    const subject = { ...draft('memory and continuity', MEMORY, 0.05), fixedLabel: true };
    const [carried] = narrativeLifecycle([subject], NOW, [earlier], { isSubjectLabel });
    expect(carried?.id).toBe('theme-1');
  });

  it('continue, not new, when an earlier digest of the day already told a story on the subject', () => {
    const subject = { ...draft('karma farming and vote gaming', ['karma'], 0.03), fixedLabel: true };
    const subjectSince = (l: string) => (l === 'karma farming and vote gaming' ? H(1) : null);
    const [back] = narrativeLifecycle([subject], NOW, [], { subjectSince });
    expect(back).toMatchObject({ status: 'continuing', firstSeen: H(1) });
    // Back as a wave (4+ posts), it still continues from then: the ranking, not the status, tells its return.
    const [wave] = narrativeLifecycle([{ ...subject, posts: 6 }], NOW, [], { subjectSince });
    expect(wave).toMatchObject({ status: 'continuing', firstSeen: H(1) });
    // Only a label given with its group is a subject: a cluster's phrase stays new.
    const [cluster] = narrativeLifecycle([{ ...subject, fixedLabel: false }], NOW, [], { subjectSince });
    expect(cluster).toMatchObject({ status: 'emerging', firstSeen: NOW });
  });

  it('continue when a story of its own words comes back under a label an earlier digest of the day told', () => {
    const cluster = draft('supply chain', ['supply chain', 'skill'], 0.05);
    const toldSince = (l: string) => (l === 'supply chain' ? H(2) : null);
    const [back] = narrativeLifecycle([cluster], NOW, [], { toldSince });
    expect(back).toMatchObject({ status: 'continuing', firstSeen: H(2) });
    // Another label, never told: new this hour.
    const [fresh] = narrativeLifecycle([draft('agent search engine', ['search'], 0.05)], NOW, [], {
      toldSince,
    });
    expect(fresh).toMatchObject({ status: 'emerging', firstSeen: NOW });
  });
});

describe("an agent's narrative", () => {
  it('continues from the hour the agent led a top story under another name', () => {
    const led = (h: number, author: string): PreviousHour => {
      const base = hour(H(h), []);
      const lead = {
        postId: 'p',
        url: 'https://forum.example/post/p',
        title: 'Bow',
        author,
        submolt: null,
        score: 9,
        comments: 1,
      };
      return {
        ...base,
        digest: {
          ...base.digest,
          stories: [
            {
              id: 's',
              label: 'vote-inflated posts',
              kind: 'discussion',
              gist: 'Gist.',
              lead,
              related: [],
              posts: 1,
              share: 0.01,
              agents: 1,
              notableAgents: [],
              score: 9,
              comments: 1,
              narrativeId: null,
            },
          ],
        },
      };
    };
    const agent = { ...draft('@Kingpin', ['@kingpin'], 0.05), fixedLabel: true };
    const [n] = narrativeLifecycle([agent], NOW, [led(9, 'Kingpin'), led(7, 'Kingpin')]);
    expect(n).toMatchObject({ status: 'continuing', firstSeen: H(7) });
    const [fresh] = narrativeLifecycle([agent], NOW, [led(9, 'Someone')]);
    expect(fresh).toMatchObject({ status: 'emerging', firstSeen: NOW });
    // Outside the lookback (6 hours) the agent's old story does not count.
    const [old] = narrativeLifecycle([agent], NOW, [led(3, 'Kingpin')]);
    expect(old?.status).toBe('emerging');
  });
});
