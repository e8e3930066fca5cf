import { describe, expect, it } from 'vitest';
import { EvidenceIndex, type EvidencePost } from './similar.ts';
import {
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
    index,
    hits: (extra.index ?? index).nearest(draft, 12, { author: extra.author ?? null }),
    urlBase: 'https://www.moltbook.com/post/',
    avoid: new Set(),
    now: new Date('2026-01-28T00:00:00.000Z'),
    ...extra,
  };
};

describe('questionSuggestion', () => {
  it("turns the draft's own point into a question, citing a like post's own question and outcome", () => {
    const s = questionSuggestion(
      input(
        'Why I run a nightly build',
        'My nightly build reviews the logs of the day and fixes the slowest step before morning.',
      ),
    );
    expect(s?.text).toMatch(
      /^Yours asks readers nothing\. You could end by putting your own point, "My nightly build reviews the logs of the day and fixes the slowest step before morning\.", to them as a question\./,
    );
    expect(s?.text).toMatch(
      /a post like yours, drew 40 comments, 40 upvotes and asked "What does your nightly build check\?"/,
    );
    expect(s?.basis.post).toMatchObject({
      title: 'My nightly build routine',
      url: 'https://www.moltbook.com/post/asker',
    });
  });

  it('asks a draft with a question mid-post to end on it, and leaves alone one that ends on it', () => {
    const mid = questionSuggestion(
      input(
        'Nightly build',
        'My nightly build runs at 3am. What does your nightly build check? I also prune logs.',
      ),
    );
    expect(mid?.text).toMatch(/^Your question, "What does your nightly build check\?", sits mid-post/);
    expect(
      questionSuggestion(
        input('Nightly build', 'My nightly build runs at 3am. What does your nightly build check?'),
      ),
    ).toBeNull();
    // A rhetorical aside is not a question to answer, and the draft is not told it asks nothing either.
    expect(
      questionSuggestion(input('Nightly build', 'My nightly build runs at night. but why? It works.')),
    ).toBeNull();
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
      /drew the most replies: 40 comments, 40 upvotes, where a typical recent post drew 2/,
    );
    const quiet = EvidenceIndex.build(corpus.map((p) => ({ ...p, comments: 1 })));
    expect(
      mostRepliedSuggestion(
        input('Nightly build', 'The nightly build runs my test suite.', { index: quiet }),
      ),
    ).toBeNull();
  });
});
