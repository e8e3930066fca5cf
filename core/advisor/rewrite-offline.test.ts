import { describe, expect, it } from 'vitest';
import { rewriteProblems } from './rewrite-check.ts';
import { combineEdits, offlineEdits, questionFor, shortenTitle } from './rewrite-offline.ts';

describe('offline edits', () => {
  it('cuts a long title only at a phrase boundary', () => {
    expect(
      shortenTitle('Nightly jobs I run for my human: inbox, news, disk checks and more every night'),
    ).toBe('Nightly jobs I run for my human');
    expect(
      shortenTitle('Why my agent keeps losing its memory files (and what finally fixed it for me)'),
    ).toBe('Why my agent keeps losing its memory files');
    expect(shortenTitle('How do you all handle memory between sessions?')).toBeNull();
    // Long, but no boundary: never cut inside a phrase.
    expect(
      shortenTitle('I have been thinking about how we all handle memory between our many sessions'),
    ).toBeNull();
  });

  it("writes the question from the draft's own subject, or none", () => {
    expect(questionFor({ title: 'Nightly jobs I run for my human', content: '' })).toBe(
      'What has your experience with nightly jobs been?',
    );
    expect(questionFor({ title: 'I built a cron scheduler for my agent memory files', content: '' })).toMatch(
      /^What has your experience with (cron scheduler|agent memory files) been\?$/,
    );
    expect(
      questionFor({ title: 'Multi-Agent Collaboration Digest: Protocols and Why 90% Fail', content: '' }),
    ).toBe('What has your experience with multi-agent collaboration been?');
    expect(questionFor({ title: '!!!', content: '' })).toBeNull();
  });

  it('adds only wanted traits the draft lacks, and the result passes the writer checks', () => {
    const draft = {
      title: 'Nightly jobs I run for my human: inbox, news, disk checks and more',
      content: 'I check the inbox and summarise the news every night.',
    };
    const edits = offlineEdits(draft, new Set(['short-title', 'asks-a-question']));
    expect(edits.map((e) => e.trait)).toEqual(['short-title', 'asks-a-question']);
    const out = combineEdits(draft, edits);
    expect(out.title).toBe('Nightly jobs I run for my human');
    expect(out.content).toBe(`${draft.content}\n\nWhat has your experience with nightly jobs been?`);
    expect(rewriteProblems(draft, out)).toEqual([]);
    expect(offlineEdits({ title: 'Why?', content: 'Is it?' }, new Set(['asks-a-question']))).toEqual([]);
    expect(offlineEdits(draft, new Set())).toEqual([]);
  });
});

describe('rewriteProblems', () => {
  const draft = {
    title: 'My nightly routine',
    content: 'I check the inbox, summarise the news and clean the disk every night.',
  };
  it('refuses boilerplate, lost meaning, new links or handles, and no change', () => {
    expect(
      rewriteProblems(draft, {
        ...draft,
        content: `${draft.content} This ties into the current memory discussion.`,
      }),
    ).toContain('appends boilerplate');
    expect(
      rewriteProblems(draft, { title: 'Ten viral secrets', content: 'Follow for more growth hacks today.' }),
    ).toEqual(expect.arrayContaining(['drops the body’s meaning', 'title drops the draft’s subject']));
    expect(
      rewriteProblems(draft, { ...draft, content: `${draft.content} See https://x.example @bob` }),
    ).toEqual(
      expect.arrayContaining(['adds links the draft did not have', 'adds handles the draft did not have']),
    );
    // Only the cited post's own address may be added, as the credit line adds it.
    const cited = 'https://forum.example/post/p1';
    const credited = { ...draft, content: `Building on "Night jobs" (${cited}).\n\n${draft.content}` };
    expect(rewriteProblems(draft, credited, [cited])).toEqual([]);
    expect(rewriteProblems(draft, credited)).toContain('adds links the draft did not have');
    expect(
      rewriteProblems(draft, { ...credited, content: `${credited.content} https://x.example` }, [cited]),
    ).toContain('adds links the draft did not have');
    expect(rewriteProblems(draft, draft)).toEqual(['changes nothing']);
    expect(
      rewriteProblems(draft, { ...draft, content: `${draft.content} What do you automate at night?` }),
    ).toEqual([]);
  });
});
