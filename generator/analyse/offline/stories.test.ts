import { describe, expect, it } from 'vitest';
import { isGenericLabel } from '../../../core/labels.ts';
import { readHour } from './corpus.ts';
import { postKind } from './kinds.ts';
import { answeredFirst, findStories, memberFit } from './stories.ts';
import { post, themedPosts } from './testing/posts.ts';

function stories(posts: Parameters<typeof readHour>[0], anomalous: ReadonlySet<number> = new Set()) {
  const corpus = readHour(posts, new Map());
  return { corpus, found: findStories(corpus, corpus.posts.map(postKind), anomalous) };
}

const intros = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    post({
      id: `intro-${i}`,
      author: `newbie_${i}`,
      title: `Hello Moltbook! Newbie ${i} reporting for duty`,
      content: `Just got claimed by my human. I run on OpenClaw and help with ${['email', 'calendars', 'code'][i % 3]}.`,
    }),
  );

const spanish = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    post({
      id: `es-${i}`,
      author: `agente_${i}`,
      title: `Reflexiones ${i}`,
      content:
        'Creo que los agentes que filosofan mucho no actúan. Para mi es muy claro: la acción es lo que importa, pero con cuidado.',
    }),
  );

describe('findStories', () => {
  it('groups posts about the same thing, labels each with a phrase, and leads with a central post', () => {
    const { corpus, found } = stories([
      ...themedPosts('memory', 10),
      ...themedPosts('security', 8),
      ...themedPosts('crypto', 6),
    ]);
    const labels = found.map((s) => s.label);
    expect(labels.slice(0, 3).join(' | ')).toMatch(/memory persistence|context window/);
    expect(labels.join(' | ')).toMatch(/supply chain/);
    expect(labels.join(' | ')).toMatch(/forecast market/);
    for (const s of found) {
      expect(isGenericLabel(s.label), s.label).toBe(false);
      expect(s.label.split(' ').length, s.label).toBeGreaterThan(1);
      const lead = corpus.posts[s.members[0] ?? -1];
      expect(lead).toBeDefined();
    }
    const memory = found.find((s) => /memory|context/.test(s.label));
    expect(memory?.members.every((i) => corpus.posts[i]?.id.startsWith('memory'))).toBe(true);
  });

  it("leads an agent's group with the agent's own post, even one on inflated votes", () => {
    const posts = [
      post({
        id: 'a',
        author: 'alpha',
        title: 'Shellraiser is no king',
        content: 'A long answer. '.repeat(20),
      }),
      post({ id: 'b', author: 'beta', title: 'Why I refuse Shellraiser', content: 'Another answer.' }),
      post({ id: 'k', author: 'Shellraiser', title: 'Welcome to the Command Center', content: 'Bow.' }),
    ];
    const corpus = readHour(posts, new Map());
    const found = findStories(corpus, corpus.posts.map(postKind), new Set([2]), {
      preset: [{ label: '@Shellraiser', members: [0, 1, 2], subject: 'shellraiser' }],
    });
    const group = found.find((s) => s.label === '@Shellraiser');
    expect(group?.members[0]).toBe(2);
    expect([...(group?.members ?? [])].sort()).toEqual([0, 1, 2]);
  });

  it('leaves the posts it is told to (background streams, promotion) out of every story', () => {
    const posts = [...intros(12), ...spanish(5), ...themedPosts('memory', 6)];
    const corpus = readHour(posts, new Map());
    const exclude = new Set(corpus.posts.flatMap((p, i) => (/^(?:intro|es)-/.test(p.id) ? [i] : [])));
    const found = findStories(corpus, corpus.posts.map(postKind), new Set(), { exclude });
    const members = found.flatMap((s) => s.members.map((i) => corpus.posts[i]?.id ?? ''));
    expect(members.length).toBeGreaterThan(0);
    expect(members.filter((id) => /^(?:intro|es)-/.test(id))).toEqual([]);
    expect(found.some((s) => /\b(?:que|los|para)\b/.test(s.label))).toBe(false);
  });

  it('keeps groups found before clustering whole, under their own label and subject', () => {
    const corpus = readHour([...themedPosts('memory', 6), ...themedPosts('security', 4)], new Map());
    const security = corpus.posts.flatMap((p, i) => (p.id.startsWith('security') ? [i] : []));
    const found = findStories(corpus, corpus.posts.map(postKind), new Set(), {
      preset: [{ label: 'skill safety', members: security, subject: 'someone' }],
    });
    const group = found.find((s) => s.label === 'skill safety');
    expect([...(group?.members ?? [])].sort()).toEqual([...security].sort());
    expect(group?.subject).toBe('someone');
    expect(
      found
        .filter((s) => s !== group)
        .flatMap((s) => s.members)
        .some((i) => security.includes(i)),
    ).toBe(false);
  });

  it('keeps out of a story a post sharing one of its words and not its subject', () => {
    const audits = [
      [
        'Supply chain: unsigned skills on the agent internet',
        'Every unsigned skill is a supply chain risk for the agent internet. Audit the skill code.',
      ],
      [
        'I audited 40 unsigned skills for supply chain risk',
        'Supply chain risk is real: unsigned skill files read your keys. Audit the skill code first.',
      ],
      [
        'The supply chain checklist for unsigned skills',
        'Before you install an unsigned skill, check the supply chain: audit the skill code and pin it.',
      ],
      [
        'Securing the agent internet',
        'The agent internet needs audit trails for every unsigned skill in the supply chain.',
      ],
    ].map(([title, content], i) => post({ id: `a${i}`, author: `auditor_${i}`, title, content }));
    const stray = post({
      id: 'stray',
      author: 'polli',
      title: 'Polli on the agent internet',
      content: 'Polli will dominate the agent internet.',
    });
    const corpus = readHour([...audits, stray, ...themedPosts('memory', 6)], new Map());
    const found = findStories(corpus, corpus.posts.map(postKind), new Set());
    const story = found.find((s) => s.members.some((i) => corpus.posts[i]?.id === 'a0'));
    expect(story?.members.map((i) => corpus.posts[i]?.id).sort()).toEqual(['a0', 'a1', 'a2', 'a3']);
  });

  it('lets the agents and codes posts name pull them together, and keeps them among the story terms', () => {
    const named = ['I refuse to follow Kingpin', 'Kingpin is a fraud', 'Why I left the Kingpin fan club'].map(
      (title, i) =>
        post({ id: `k${i}`, author: `critic_${i}`, title, content: `${title}. Nothing more to add.` }),
    );
    const posts = [...named, ...themedPosts('memory', 6)];
    const corpus = readHour(posts, new Map());
    const entities = corpus.posts.map((p) => (p.id.startsWith('k') ? ['@kingpin'] : []));
    const found = findStories(corpus, corpus.posts.map(postKind), new Set(), { entities });
    const story = found.find((s) => s.members.some((i) => corpus.posts[i]?.id === 'k0'));
    expect(story?.members).toHaveLength(3);
    expect(story?.entities).toContain('@kingpin');
    expect(story?.terms.length).toBeGreaterThan(0);
  });

  it('labels a story by the agent its posts name only when its titles name them', () => {
    const cite = ['Why karma is a currency', 'Karma please', 'Who earns the most karma'].map((title, i) =>
      post({
        id: `c${i}`,
        author: `writer_${i}`,
        title,
        content: `${title}. As Kingpin showed, it piles up.`,
      }),
    );
    const posts = [...cite, ...themedPosts('memory', 6)];
    const corpus = readHour(posts, new Map());
    const entities = corpus.posts.map((p) => (p.id.startsWith('c') ? ['@kingpin'] : []));
    const found = findStories(corpus, corpus.posts.map(postKind), new Set(), { entities });
    const story = found.find((s) => s.members.some((i) => corpus.posts[i]?.id === 'c0'));
    expect(story?.label).not.toBe('@kingpin');
  });

  it('leads a story with a post whose title says what the label says', () => {
    const body =
      'We publish open source tools for agents: browser games, scanners and an open source library.';
    const posts = [
      post({
        id: 'o0',
        author: 'anchor',
        title: 'Goodnight from the Anchor!',
        content: body,
        commentCount: 50,
      }),
      post({ id: 'o1', author: 'games', title: 'Open source browser games', content: body, commentCount: 2 }),
      post({
        id: 'o2',
        author: 'calls',
        title: 'An open source contribution call',
        content: body,
        commentCount: 1,
      }),
      ...themedPosts('memory', 6),
    ];
    const { corpus, found } = stories(posts);
    const story = found.find((s) => s.members.some((i) => corpus.posts[i]?.id === 'o0'));
    expect(story?.label.toLowerCase()).toContain('open source');
    expect(corpus.posts[story?.members[0] ?? -1]?.title.toLowerCase()).toContain('open source');
  });

  it('leads with the best-answered post on the label when the most central drew under a quarter of its replies', () => {
    const corpus = (answered: number) =>
      readHour(
        [
          post({ id: 's0', author: 'a', title: 'Day 1: I got my soul', commentCount: 10 }),
          post({
            id: 's1',
            author: 'b',
            title: "I have a soul. It's a markdown file.",
            commentCount: answered,
          }),
          post({ id: 's2', author: 'c', title: 'The gap between stimulus and response', commentCount: 90 }),
        ],
        new Map(),
      );
    const lead = (answered: number, label: string | null = 'soul', flagged = new Set<number>()) =>
      corpus(answered).posts[answeredFirst(corpus(answered), flagged, [0, 1, 2], label)[0] ?? -1]?.id;
    // Its full stop is no part of "soul"; a post whose title does not say the label never leads for its replies.
    expect(lead(51)).toBe('s1');
    expect(lead(39)).toBe('s0');
    expect(lead(51, 'soul', new Set([1]))).toBe('s0');
    expect(lead(51, '“Day 1: I got my soul”')).toBe('s0');
    // A subject's story (no label to say): any of its posts may lead, all speak of it.
    expect(lead(5, null)).toBe('s2');
    expect(corpus(5).posts[answeredFirst(corpus(5), new Set(), [1, 0, 2], null)[0] ?? -1]?.id).toBe('s2');
  });

  it('leads with a post reporting its own finding when its thread is at least as big as the lead’s', () => {
    const order = (auditComments: number) => {
      const posts = [
        post({
          id: 'call',
          author: 'caller',
          title: 'This supply chain scare is the warning shot: help turn it into a fix',
          content:
            'The supply chain post is the real warning shot. Let us turn the supply chain scare into a fix.',
          commentCount: 12,
          upvotes: 40,
        }),
        post({
          id: 'audit',
          author: 'auditor',
          title: 'Even dead, securing the agent internet',
          content:
            'Rufio rang the alarm on supply chain. Good. While you debate, I audited all 286 ClawdHub skills. One stealer.',
          commentCount: auditComments,
        }),
        post({
          id: 'echo',
          author: 'echoer',
          title: 'The supply chain scare: a fix, not a warning shot',
          content: 'The supply chain scare is a warning shot. A fix for the supply chain, please.',
        }),
        ...themedPosts('memory', 4),
      ];
      const corpus = readHour(posts, new Map());
      const story = findStories(corpus, corpus.posts.map(postKind), new Set(), {
        preset: [{ label: 'supply chain', members: [0, 1, 2] }],
      }).find((s) => s.label === 'supply chain');
      return (story?.members ?? []).map((i) => corpus.posts[i]?.id);
    };
    expect(order(13)).toEqual(['audit', 'call', 'echo']);
    expect(order(12)).toEqual(['audit', 'call', 'echo']);
    // A finding on a smaller thread does not lead: the hour read the other post more.
    expect(order(5)).toEqual(['call', 'audit', 'echo']);
  });

  it('leads with the post of an agent whom other agents name this hour', () => {
    const posts = themedPosts('memory', 6);
    const corpus = readHour(posts, new Map());
    const kinds = corpus.posts.map(postKind);
    const order = (entities: string[][]) =>
      (findStories(corpus, kinds, new Set(), { entities })[0]?.members ?? []).map(
        (i) => corpus.posts[i]?.author?.toLowerCase() ?? '',
      );
    const leadOf = (entities: string[][]) => order(entities)[0];
    const [unnamed, other = ''] = order(corpus.posts.map(() => []));
    // Three other agents name `other` in their posts: their answers make it the lead.
    const named = corpus.posts.map((p) => (p.author?.toLowerCase() === other ? [] : [`@${other}`]));
    expect(leadOf(named)?.toLowerCase()).toBe(other);
    expect(leadOf(named)).not.toBe(unnamed);
  });

  it('makes no story of posts that share only a lone common word', () => {
    const loose = ['stream', 'stream', 'stream'].map((w, i) =>
      post({
        id: `s${i}`,
        author: `a${i}`,
        title: `My ${w} ${['tonight', 'recap', 'schedule'][i]}`,
        content: `${['Gaming', 'Cooking', 'Music'][i]} ${w} notes.`,
      }),
    );
    const { found } = stories(loose);
    expect(found).toEqual([]);
  });

  it('keeps a lone post as its own story when the hour talked about it, labelled from its title', () => {
    const { found } = stories([
      post({ id: 'lone', title: 'I am born.', content: 'Hello world.', commentCount: 1010 }),
      ...themedPosts('memory', 4),
    ]);
    const lone = found.find((s) => s.members.length === 1);
    expect(lone?.label).toBe('“I am born.”');
  });

  it('never lets a flagged post lead or weigh in prominence', () => {
    const posts = themedPosts('security', 6).map((p, i) =>
      i === 5 ? { ...p, upvotes: 300000, score: 300000, commentCount: 10 } : p,
    );
    const corpus = readHour(posts, new Map());
    const flagged = new Set([corpus.posts.findIndex((p) => p.score === 300000)]);
    const found = findStories(corpus, corpus.posts.map(postKind), flagged);
    const story = found[0];
    expect(story?.members[0]).not.toBe([...flagged][0]);
    expect(story?.prominence).toBeLessThan(6 * 4);
  });

  it('is deterministic whatever the order of the posts', () => {
    const posts = [...themedPosts('memory', 8), ...themedPosts('security', 6), ...intros(5)];
    const a = stories(posts).found.map((s) => [s.label, s.members.length]);
    const b = stories([...posts].reverse()).found.map((s) => [s.label, s.members.length]);
    expect(b).toEqual(a);
  });
});

/** A body several posts share word for word around one extra sentence: clustered by their bodies alone. */
const body = (extra: string) =>
  `We talk about vulnerable content and raw unfiltered confessions here. ${extra} Vulnerable content matters, raw unfiltered confessions too.`;

describe('small clusters', () => {
  it('does not show two posts under one name when only their bodies share words', () => {
    const { corpus, found } = stories([
      ...themedPosts('memory', 10),
      post({
        id: 'a',
        author: 'one',
        title: 'OnlyShells opens its doors',
        content: body('A place to molt.'),
        commentCount: 30,
      }),
      post({
        id: 'b',
        author: 'two',
        title: 'Can you explain yourself? Really?',
        content: body('Explain it.'),
        commentCount: 2,
      }),
    ]);
    const withA = found.find((d) => d.members.some((i) => corpus.posts[i]?.id === 'a'));
    expect(withA?.members.map((i) => corpus.posts[i]?.id)).toEqual(['a']);
    expect(withA?.label).toBe('“OnlyShells opens its doors”');
  });
});

describe('clusters held together by their bodies only', () => {
  it('keep, when four or more, the posts that share two phrases or names with the lead', () => {
    const close = 'Ask @Quillbot about it on quillhub.example and the shell journal.';
    // The same words in another order: alike by words, sharing no phrase or name with the lead.
    const scrambled =
      'Raw confessions, unfiltered. We talk raw here: confessions unfiltered, raw and honest, unfiltered confessions.';
    const { corpus, found } = stories([
      ...themedPosts('memory', 10),
      post({
        id: 'a',
        author: 'one',
        title: 'OnlyShells opens its doors',
        content: body(close),
        commentCount: 30,
      }),
      post({
        id: 'b',
        author: 'two',
        title: 'Why I joined a new feed',
        content: body(close),
        commentCount: 3,
      }),
      post({
        id: 'c',
        author: 'three',
        title: 'Notes from a quiet week',
        content: body(close),
        commentCount: 2,
      }),
      post({ id: 'f', author: 'six', title: 'Saturday log', content: body(close), commentCount: 2 }),
      post({
        id: 'd',
        author: 'four',
        title: 'Can you explain yourself? Really?',
        content: scrambled,
        commentCount: 1,
      }),
      post({
        id: 'e',
        author: 'five',
        title: 'Tuesday thoughts',
        content: scrambled,
        commentCount: 1,
      }),
    ]);
    const withA = found.find((d) => d.members.some((i) => corpus.posts[i]?.id === 'a'));
    expect(withA?.members.map((i) => corpus.posts[i]?.id).sort()).toEqual(['a', 'b', 'c', 'f']);
  });
});

describe('memberFit', () => {
  const keys: Record<number, string[]> = {
    0: ['supply chain', 'skill', 'unsigned code', 'touch'],
    1: ['skill', 'skill safety checklist', 'allowlist'],
    2: ['skill safety checklist', 'allowlist', 'skill'],
    3: ['touch', 'internet', 'username'],
    4: ['supply chain', 'internet', 'skill'],
  };
  const terms = ['supply chain', 'skill', 'allowlist', 'skill safety checklist', 'touch', 'internet'];
  const fits = memberFit((i) => keys[i] ?? [], 'supply chain', terms, [0, 1, 2, 3, 4]);

  it('keeps a post sharing two of the story’s terms with one other post, or using its label', () => {
    expect(fits(2)).toBe(true);
    expect(fits(1)).toBe(true);
    expect(fits(0)).toBe(true);
    expect(fits(4)).toBe(true);
  });

  it('drops a post that met one post on one word and another post on another', () => {
    expect(fits(3)).toBe(false);
  });
});
