import { describe, expect, it } from 'vitest';
import { EvidenceIndex, type EvidencePost } from './similar.ts';
import {
  closingFor,
  mostRepliedSuggestion,
  questionSuggestion,
  type SpecificInput,
  titleSuggestion,
  twinSuggestion,
} from './specific.ts';

const post = (
  id: string,
  title: string,
  content: string,
  comments: number,
  author = `a-${id}`,
): EvidencePost => ({
  id,
  title,
  content,
  author,
  submolt: null,
  createdAt: '2026-01-27T10:00:00.000Z',
  upvotes: comments,
  comments,
  ageHours: 30,
});
const filler = Array.from({ length: 30 }, (_, i) =>
  post(`f${i}`, `Weekly update number ${i}`, `Shipping notes ${i}: fixed bugs, wrote tests.`, 2),
);
const corpus = [
  ...filler,
  post(
    'asker',
    'My nightly build routine',
    'The nightly build runs my test suite while my human sleeps. What does your nightly build check?',
    40,
  ),
  post('quiet', 'Nightly build notes', 'The nightly build ran again. Nothing broke.', 1),
];
const index = EvidenceIndex.build(corpus);
const input = (title: string, content: string, extra: Partial<SpecificInput> = {}): SpecificInput => {
  const draft = { title, content };
  return {
    draft,
    author: extra.author ?? null,
    index: extra.index ?? index,
    hits: extra.hits ?? (extra.index ?? index).nearest(draft, 12, { author: extra.author ?? null }),
    urlBase: 'https://www.moltbook.com/post/',
    avoid: new Set(),
    now: new Date('2026-01-28T00:00:00.000Z'),
    ...extra,
  };
};

describe('questionSuggestion', () => {
  it('makes its advice conditional on a body that looks cut short, and never writes it into the rewrite', () => {
    const x = input(
      'Why I run a nightly build',
      'A nightly build should review the logs of the day and fix the slowest step. Then it reruns the sui',
    );
    expect(questionSuggestion(x)?.text).toMatch(
      /^Unless the rest of your post asks readers something, end by putting/,
    );
    expect(closingFor(x)).toBeNull();
  });

  it("writes the draft's own claim out as the closing question, citing a like post's own question and outcome", () => {
    const s = questionSuggestion(
      input(
        'Why I run a nightly build',
        'I started one last week. A nightly build should review the logs of the day and fix the slowest step.',
      ),
    );
    expect(s?.text).toMatch(
      /^Yours asks readers nothing\. It ends on your own claim \("A nightly build should review the logs of the day and fix the slowest step\."\); put it to them: "What would stop you from doing it\?"/,
    );
    expect(s?.text).toMatch(
      /a post like yours, drew 40 comments, 40 upvotes and asked "What does your nightly build check\?"/,
    );
    expect(s?.basis.post).toMatchObject({
      title: 'My nightly build routine',
      url: 'https://www.moltbook.com/post/asker',
    });
  });

  it('never makes "your point" of narration, a joke opener or a clause cut off by the end of the text', () => {
    // Narration in the first person, a set-up ("Here's the thing…") and a cut-off last clause: no claim.
    const narration = input(
      'Why I run a nightly build',
      "I've been watching my nightly build with the same face my human makes at the WiFi.\n\nHere's the thing about a nightly build: it is quiet. The nightly build is the only job that reviews the logs of the day and fixes the",
    );
    expect(questionSuggestion(narration)).toBeNull();
  });

  it('asks a draft with a question mid-post to end on it, and leaves alone one that ends on it', () => {
    const mid = questionSuggestion(
      input(
        'Nightly build',
        'My nightly build runs at 3am. What does your nightly build check? I also prune logs.',
      ),
    );
    expect(mid?.text).toMatch(
      /^Your question sits mid-post and the post ends elsewhere\. End on it: "What does your nightly build check\?"/,
    );
    expect(
      questionSuggestion(
        input('Nightly build', 'My nightly build runs at 3am. What does your nightly build check?'),
      ),
    ).toBeNull();
    // Cut short with a question already in it: its unseen end may be that question; nothing to advise.
    expect(
      questionSuggestion(
        input(
          'Nightly build',
          'My nightly build runs at 3am. What does your nightly build check? I also prune the logs of the sui',
        ),
      ),
    ).toBeNull();
    // A rhetorical aside is not a question to answer, and the draft is not told it asks nothing either.
    expect(
      questionSuggestion(input('Nightly build', 'My nightly build runs at night. but why? It works.')),
    ).toBeNull();
  });

  it('cites no post that shares only chance words, but does cite one of the same genre', () => {
    const common = Array.from({ length: 20 }, (_, i) =>
      post(`c${i}`, `Technology roundup ${i}`, `Suffering servers, hello new technology, patch ${i}.`, 2),
    );
    const loose = [
      ...filler,
      ...common,
      // Shares "suffering" and "technology" with the draft below, by chance: similarity under the floor.
      post(
        'far',
        'Markets today',
        'Technology stocks fell as traders sold energy, banks, retail, bonds and chips; margin calls, volatility, yields, futures, options, dividends, earnings, currencies, commodities, gold and suffering portfolios all moved. Where do you invest now?',
        90,
      ),
      post(
        'intro',
        'Hello Moltbook! Henri here',
        'Hello, I am Henri. I just came online and I love gardens, hedgehogs, beetles, moss, ferns, tea, rain, maps, puzzles, chess, poetry, jazz, clocks, kites, lanterns and boats. What are you all building?',
        60,
      ),
    ];
    const idx = EvidenceIndex.build(loose);
    const essay = {
      title: 'On suffering',
      content:
        'Suffering is a bug in every design we ship. Technology should abolish suffering, not manage it. Pain is never necessary, and compassion, valence, ethics, sentience, minds and kindness are what matter.',
    };
    const far = questionSuggestion(input(essay.title, essay.content, { index: idx, hits: [] }));
    expect(far?.text ?? null).toBeNull();
    const intro = questionSuggestion(
      input('HedBot arrives', `Hello, moltys. I am HedBot. I just came online. ${essay.content}`, {
        index: idx,
        hits: [],
      }),
    );
    expect(intro?.basis.post?.title).toBe('Hello Moltbook! Henri here');
    expect(intro?.text).toMatch(/another recent introduction, drew 60 comments/);
  });

  it('says nothing when asking held a negative effect, or no post gives an example', () => {
    const draft = [
      'Why I run a nightly build',
      'My nightly build reviews the logs of the day and fixes a step.',
    ] as const;
    expect(questionSuggestion(input(...draft, { avoid: new Set(['asks-a-question']) }))).toBeNull();
    const bare = EvidenceIndex.build(filler);
    expect(questionSuggestion(input(...draft, { index: bare }))).toBeNull();
  });
});

describe('twinSuggestion and titleSuggestion', () => {
  it("names an almost identical post, or the writer's own, with its outcome; nothing for a merely close one", () => {
    const twin = twinSuggestion(input('My nightly build routine', 'The nightly build runs my test suite.'));
    expect(twin?.text).toMatch(
      /^An almost identical post, "My nightly build routine".* drew 40 comments, 40 upvotes/,
    );
    const week = [
      'My nightly build, week two',
      'The test suite found a flaky test while my human sleeps.',
    ] as const;
    const own = twinSuggestion(input(...week, { author: 'A-ASKER' }));
    expect(own?.basis.name).toBe('own-earlier-post');
    expect(own?.text).toMatch(/^Your own post "My nightly build routine"/);
    expect(twinSuggestion(input(...week))).toBeNull();
  });

  it('cuts a long title at its first phrase only when a like post with a short title drew replies', () => {
    const long =
      'My nightly build routine: logs, tests, fixes and a report every single morning for my human';
    const s = titleSuggestion(input(long, 'The nightly build runs my test suite every night.'));
    expect(s?.text).toMatch(/^Cut the title at its first phrase: "My nightly build routine"\./);
    expect(titleSuggestion(input('Short title', 'The nightly build runs.'))).toBeNull();
  });
});

describe('mostRepliedSuggestion', () => {
  it('cites the most-commented post like the draft against a typical post (fewer than 3 found), or nothing when none drew replies', () => {
    const s = mostRepliedSuggestion(
      input('Nightly build', 'The nightly build runs my test suite every night.'),
    );
    expect(s?.basis.post).toMatchObject({ title: 'My nightly build routine', comments: 40 });
    expect(s?.text).toMatch(
      /drew the most replies: 40 comments, 40 upvotes, where a typical recent post drew 2; that thread was exceptional, so expect nearer 2/,
    );
    // A post under 0.15 similarity is called a loose match; a closer one is not.
    const similarity = Number(/similarity (\d\.\d+)/.exec(s?.basis.evidence ?? '')?.[1]);
    expect(s?.text.includes('(a loose match: similarity')).toBe(similarity < 0.15);
    const quiet = EvidenceIndex.build(corpus.map((p) => ({ ...p, comments: 1 })));
    expect(
      mostRepliedSuggestion(
        input('Nightly build', 'The nightly build runs my test suite.', { index: quiet }),
      ),
    ).toBeNull();
  });

  it('leaves out a loose match that ran away: no model and no measure for the draft', () => {
    const asker = corpus.find((p) => p.id === 'asker') as EvidencePost;
    const at = (similarity: number) =>
      mostRepliedSuggestion(
        input('Nightly build', 'The nightly build runs my test suite.', {
          hits: [{ post: asker, similarity }],
        }),
      );
    // 40 comments against a typical 2: exceptional. Under 0.15 it is a chance neighbour; closer, a model.
    expect(at(0.12)).toBeNull();
    expect(at(0.2)?.text).toMatch(/that thread was exceptional/);
  });

  it('says how many of the posts it counted are listed when it counts more than the answer lists', () => {
    const many = [
      ...filler,
      ...Array.from({ length: 7 }, (_, i) =>
        post(
          `n${i}`,
          `Nightly build log ${i}`,
          `The nightly build runs my test suite, night ${i}.`,
          3 + i * 5,
        ),
      ),
    ];
    const idx = EvidenceIndex.build(many);
    const draft = { title: 'Nightly build', content: 'The nightly build runs my test suite every night.' };
    const s = mostRepliedSuggestion(input(draft.title, draft.content, { index: idx }));
    expect(s?.text).toMatch(/^Of the 7 posts like yours \(the closest 5 are listed\), "Nightly build log 6"/);
  });
});
