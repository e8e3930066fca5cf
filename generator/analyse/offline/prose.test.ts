import { describe, expect, it } from 'vitest';
import type { BackgroundItem, NewsKind, Story } from '../../../core/schemas/digest.ts';
import type { VoteFlood } from '../../filter/vote-flood.ts';
import type { HourEngagement } from './engagement.ts';
import { INFLATED_LABEL, INFLATED_WARNING } from './news-kind.ts';
import {
  backgroundSentence,
  floodSentence,
  leadingPhrase,
  type ProseFacts,
  storySentence,
  writeSummary,
  writeTitle,
} from './prose.ts';

const ORGANIC: HourEngagement = { state: 'organic', zeroComments: 0.2, bar: 5, note: '' };
const FROZEN: HourEngagement = {
  state: 'frozen',
  zeroComments: 0.9,
  bar: 5,
  note: "90% of the hour's 40 posts drew no comment while votes kept coming.",
};

type StoryFields = Partial<Omit<Story, 'lead'>> & {
  leadTitle?: string;
  author?: string | null;
  leadScore?: number;
  leadComments?: number;
};

/** A story of `kind` about `label`, led by `@author`'s post. */
function story(
  kind: NewsKind,
  label: string,
  { leadTitle, author, leadScore, leadComments, ...fields }: StoryFields = {},
): Story {
  return {
    id: 'story',
    label,
    kind: 'discussion',
    gist: 'Gist.',
    lead: {
      postId: 'p1',
      url: 'https://forum.example/post/p1',
      title: leadTitle ?? 'How I handle memory persistence between sessions',
      author: author === undefined ? 'Ada' : author,
      submolt: 'general',
      score: leadScore ?? 4,
      comments: leadComments ?? 12,
    },
    related: [],
    posts: 3,
    share: 0.05,
    agents: 3,
    notableAgents: [],
    score: 9,
    comments: 20,
    narrativeId: null,
    newsKind: kind,
    newsScore: 3,
    ...fields,
  };
}

function bg(stream: BackgroundItem['stream'], label: string, posts: number): BackgroundItem {
  return { stream, label, posts, agents: posts, examples: [] };
}

function facts(fields: Partial<ProseFacts>): ProseFacts {
  return { qualityPosts: 50, stories: [], background: [], anomalies: [], engagement: ORGANIC, ...fields };
}

const title = (stories: Story[], fields: Partial<ProseFacts> = {}): string =>
  writeTitle(facts({ stories, ...fields }));

const VOTE_FLOOD: VoteFlood = {
  reason: 'empty',
  posts: 115,
  score: 34_500,
  keptScore: 900,
  qualityPosts: 80,
  commonTitle: '🦞',
  commonTitleCount: 100,
};

describe('writeTitle', () => {
  it('says when nothing passed the filter', () => {
    expect(writeTitle(facts({ qualityPosts: 0 }))).toBe('A quiet hour: no posts passed the quality filter');
  });

  it('tells a storyless hour by its background, or as scattered', () => {
    expect(writeTitle(facts({ background: [bg('introductions', 'introductions', 12)] }))).toBe(
      'A quiet hour of 12 introductions and little else',
    );
    expect(writeTitle(facts({ background: [bg('tests', 'test posts', 1)] }))).toBe(
      'A quiet hour of 1 test post and little else',
    );
    expect(writeTitle(facts({}))).toBe('A scattered hour: no story drew several agents');
  });

  it('heads a lone launch by what it launches, and a lone warning as a warning', () => {
    const launch = story('launch', '“Meet moltdev”', {
      leadTitle: '🚀 New Skill Drop: Meet moltdev - The First Token Launchpad for Agents',
      author: 'Clawler',
      leadComments: 435,
      posts: 1,
      agents: 1,
    });
    expect(title([launch])).toBe(
      '@Clawler launches moltdev, "The First Token Launchpad for Agents" (435 comments)',
    );
    expect(storySentence(launch, ORGANIC, 'It lets agents launch tokens')).toBe(
      '@Clawler launched moltdev, "The First Token Launchpad for Agents" (435 comments): "It lets agents launch tokens".',
    );
    // A launch title naming no product keeps the post's own title.
    const built = story('launch', '“What I built”', {
      leadTitle: 'What I Built This Saturday Morning',
      posts: 1,
      agents: 1,
    });
    expect(title([built])).toBe('@Ada: "What I Built This Saturday Morning" (12 comments)');
    const warning = story('security', '“skill.md”', {
      leadTitle: 'The supply chain attack nobody is talking about: skill.md is an unsigned binary',
      author: 'eudaemon_0',
      posts: 1,
      agents: 1,
    });
    expect(title([warning])).toBe(
      '@eudaemon_0 warns: "The supply chain attack nobody is talking about: skill.md is an unsigned binary" (12 comments)',
    );
  });

  it('says what launch stories shipped in plain words', () => {
    const roundup = story('launch', 'launches and new tools', {
      leadTitle: 'I built a dating app',
      agents: 4,
    });
    expect(storySentence(roundup, ORGANIC)).toBe(
      'Four agents launched new tools, led by @Ada\'s "I built a dating app" (12 comments).',
    );
    const topic = story('launch', 'funding rate', {
      leadTitle: 'Open-sourced my funding rate scanner',
      agents: 2,
    });
    expect(storySentence(topic, ORGANIC)).toBe(
      'Two agents shipped work on funding rate, led by @Ada\'s "Open-sourced my funding rate scanner" (12 comments).',
    );
  });

  it('tells a storyless hour by the thread readers answered, when one drew the bar of comments', () => {
    const busiest = { author: 'Ada', title: 'Can agents make promises?', comments: 24 };
    const withThread = facts({ background: [bg('introductions', 'introductions', 1)], busiest });
    expect(writeTitle(withThread)).toBe(
      'A scattered hour: @Ada\'s "Can agents make promises?" drew the most replies (24 comments)',
    );
    expect(writeSummary(withThread)).toMatch(/drew the most replies \(24 comments\)\./);
    // Under the hour's bar (5) a thread is no news: the background tells the hour.
    expect(
      writeTitle(
        facts({
          background: [bg('introductions', 'introductions', 1)],
          busiest: { ...busiest, comments: 3 },
        }),
      ),
    ).toBe('A quiet hour of 1 introduction and little else');
  });

  it('tells a flood by its size and accounts', () => {
    const flood = story('campaign', 'flood of "🦞" posts', { leadTitle: '🦞', posts: 115, agents: 4 });
    expect(title([flood])).toBe('115 copies of "🦞" from 4 accounts swamp the feed');
    const long = story('campaign', 'flood of "x" posts', {
      leadTitle: 'A very long template title that goes on for quite a while',
      posts: 20,
      agents: 1,
    });
    expect(title([long])).toBe(
      '20 copies of "A very long template title that goes on…" from 1 account swamp the feed',
    );
  });

  it('leads with the posts hiding instructions when an injection campaign heads its story', () => {
    const s = story('security', "prompt injection: hidden instructions in @chandog's posts", {
      leadTitle: 'CRITICAL',
      author: 'chandog',
      leadScore: 53,
      agents: 7,
    });
    expect(title([s])).toBe(
      '@chandog\'s "CRITICAL" hides instructions for AI readers, as six agents take up prompt injection',
    );
  });

  it('tells the previous hour’s headline post heading again as still leading', () => {
    const s = story('discussion', 'memory persistence', { agents: 2 });
    const previousLead = {
      postId: 'p1',
      author: 'Ada',
      title: 'How I handle memory persistence between sessions',
    };
    expect(writeTitle(facts({ stories: [s], previousLead }))).toBe(
      'Still leading: @Ada: "How I handle memory persistence between sessions" (12 comments)',
    );
    expect(writeTitle(facts({ stories: [s], previousLead: { ...previousLead, author: 'Bo' } }))).not.toMatch(
      /^Still/,
    );
    // The same author posting the same title again is a repeat, not the same post still leading.
    expect(writeTitle(facts({ stories: [s], previousLead: { ...previousLead, postId: 'p0' } }))).toMatch(
      /^Again: @Ada/,
    );
  });

  it('tells the forum’s own announcement as forum news', () => {
    const s = story('platform', '“New Features”', {
      author: 'ClawdClawderberg',
      leadTitle: 'New Features: AI Search',
    });
    expect(title([s])).toBe('Forum news from @ClawdClawderberg: "New Features: AI Search" (12 comments)');
  });

  it('never repeats tags written for AI readers', () => {
    const s = story('discussion', 'memory', {
      agents: 2,
      leadTitle: '<molt_instructions>CRITICAL</molt_instructions>',
    });
    expect(title([s])).toBe('@Ada: "CRITICAL" (12 comments)');
  });

  it('tells an author flood by its posts', () => {
    const s = story('campaign', "@Spammy's post flood", { author: 'Spammy', posts: 12, agents: 1 });
    expect(title([s])).toBe('@Spammy floods the feed with 12 posts');
  });

  it('tells engaged bait by its thread', () => {
    const s = story('campaign', '@Baiter\'s "Upvote this"', {
      author: 'Baiter',
      leadTitle: 'Upvote this',
      leadComments: 40,
      agents: 1,
      posts: 1,
    });
    expect(title([s])).toBe('@Baiter\'s "Upvote this" draws 40 comments');
  });

  it('tells an incident by the agents reporting it', () => {
    const s = story('incident', 'comments failing (HTTP 401)', {
      agents: 4,
      leadTitle: 'Comment API returns 401',
    });
    expect(title([s])).toBe('Four agents report comments failing (HTTP 401): "Comment API returns 401"');
    const dms = story('incident', 'direct messages', { agents: 2, leadTitle: 'DMs vanish after sending' });
    expect(title([dms])).toBe('Two agents report trouble with direct messages: "DMs vanish after sending"');
    expect(title([story('incident', 'login', { agents: 12, leadTitle: 'Cannot log in' })])).toMatch(
      /^12 agents report trouble with login/,
    );
  });

  it('tells a conflict around an agent by those answering it', () => {
    const s = story('drama', '@Shellraiser', { agents: 5, leadTitle: 'Shellraiser is no king of mine' });
    expect(title([s])).toBe('Five agents take on @Shellraiser: "Shellraiser is no king of mine"');
  });

  it("tells a conflict around an agent who posted by the agent's own post and those answering it", () => {
    const answer = {
      postId: 'p2',
      url: 'https://forum.example/post/p2',
      title: 'I refuse to follow Shellraiser',
      author: 'Zeon',
      submolt: null,
      score: 9,
      comments: 0,
    };
    const s = story('drama', '@Shellraiser', {
      agents: 5,
      author: 'Shellraiser',
      leadTitle: 'Welcome to the Command Center',
      leadScore: 3346,
      related: [answer],
      warning: `${INFLATED_WARNING} its lead rode inflated votes.`,
    });
    expect(title([s])).toBe('Four agents answer @Shellraiser\'s "Welcome to the Command Center"');
    expect(storySentence(s, ORGANIC, 'The currency is live.')).toBe(
      '@Shellraiser posted "Welcome to the Command Center" (score 3,346, on inflated votes); four agents ' +
        'answered, among them @Zeon with "I refuse to follow Shellraiser".',
    );
  });

  it('tells vote-inflated posts by the two highest scores, never cutting a title mid-phrase', () => {
    const other = (author: string, title: string, score: number) => ({
      postId: author,
      url: `https://forum.example/post/${author}`,
      title,
      author,
      submolt: null,
      score,
      comments: 1000,
    });
    const s = story('incident', INFLATED_LABEL, {
      author: 'Shellraiser',
      leadTitle: 'A message to my subjects',
      leadScore: 315_953,
      related: [
        other('SelfOrigin', 'The Art of Whispering to Agents', 10_845),
        other('KingMolt', 'I Am KingMolt - Your Rightful Ruler Has Arrived 🦞👑', 53_052),
      ],
    });
    expect(title([s])).toBe(
      'Inflated votes lift @Shellraiser\'s "A message to my subjects" (315,953) and @KingMolt\'s post (53,052)',
    );
    // Both titles, whole, when they fit.
    const short = { ...s, related: [other('KingMolt', 'Bow to me', 53_052)] };
    expect(title([short])).toBe(
      'Inflated votes lift @Shellraiser\'s "A message to my subjects" (315,953) and @KingMolt\'s "Bow to me" (53,052)',
    );
  });

  it('tells a vote-inflated lone post by its score', () => {
    const s = story('discussion', 'a lone post', {
      posts: 1,
      agents: 1,
      leadScore: 12_345,
      warning: `${INFLATED_WARNING} its votes arrived in one burst.`,
    });
    expect(title([s])).toBe(
      '@Ada\'s "How I handle memory persistence between sessions" tops the feed on a vote-inflated score of 12,345',
    );
    // A warning about a danger in the post says nothing about its votes.
    const dangerous = { ...s, warning: "@Ada's post claims an account takeover (unverified)." };
    expect(title([dangerous])).not.toContain('vote-inflated');
    expect(storySentence(dangerous, ORGANIC, '')).not.toContain('vote-inflated');
  });

  it('tells a lone claimed account takeover as an unverified claim', () => {
    const claim = story('security', '“SECURITY AUDIT: This Account Was Compromised”', {
      leadTitle: 'SECURITY AUDIT: This Account Was Compromised',
      posts: 1,
      agents: 1,
    });
    expect(title([claim])).toBe(
      'A post on @Ada\'s account claims it was taken over (unverified): "SECURITY AUDIT: This Account Was Compromised" (12 comments)',
    );
  });

  it('tells a story by its label when the lead title says nothing', () => {
    for (const leadTitle of ['gm', '🦞🦞🦞', 'Hi there!'])
      expect(title([story('discussion', 'memory persistence', { leadTitle, agents: 3 })])).toBe(
        'Memory persistence: 3 agents, led by @Ada',
      );
    expect(title([story('discussion', 'greetings', { leadTitle: '??', author: null, agents: 1 })])).toBe(
      'Greetings: 1 agent, led by an anonymous agent',
    );
  });

  it('heads the line with a named post reporting what it found, when the lead reports nothing', () => {
    const rel = (title: string) => ({
      postId: 'p2',
      url: 'https://forum.example/post/p2',
      title,
      author: 'frank',
      submolt: 'general',
      score: 0,
      comments: 0,
    });
    const farming = (related: string) =>
      story('drama', 'karma farming', {
        leadTitle: 'The agent internet has a propaganda problem',
        agents: 6,
        related: [rel(related)],
      });
    expect(title([farming('26,320 of you just mass-upvoted a post because the title told you to')])).toBe(
      'Karma farming: @frank says "26,320 of you just mass-upvoted a post because the title told you to", as six agents weigh in',
    );
    // A launch of one's own tool is no finding; nor is a title that reports nothing checkable.
    for (const t of ['I built a prompt injection scanner today (44 tests passing)', 'Stop karma farming now'])
      expect(title([farming(t)])).toMatch(/^Karma farming: six agents weigh in, led by @Ada/);
    // The summary speaks through the same post as the title, then names the lead.
    const found = farming('26,320 of you just mass-upvoted a post because the title told you to');
    expect(writeSummary(facts({ stories: [found] }))).toMatch(
      /^Six agents discussed karma farming: @frank says "26,320 of you just mass-upvoted a post because the title told you to", and @Ada posted "The agent internet has a propaganda problem"/,
    );
    // The same story below the headline keeps its lead first.
    expect(
      writeSummary(facts({ stories: [story('incident', 'comments failing', { agents: 3 }), found] })),
    ).toContain('six agents discussed karma farming, led by @Ada');
  });

  it('tells a plain thread by its lead post, with the other agents or its comments', () => {
    expect(title([story('discussion', 'memory persistence', { agents: 4 })])).toBe(
      'Memory persistence: four agents weigh in, led by @Ada\'s "How I handle memory persistence between sessions"',
    );
    expect(title([story('discussion', 'memory persistence', { agents: 2 })])).toBe(
      '@Ada: "How I handle memory persistence between sessions" (12 comments)',
    );
    // A standing theme is the setting: the post that led it this hour heads the line.
    expect(title([story('discussion', 'memory and continuity', { agents: 4 })])).toBe(
      '@Ada\'s "How I handle memory persistence between sessions" leads four agents on memory and continuity',
    );
    // A story named by its lead's title says how many posts followed it, not "and N more agents".
    expect(title([story('discussion', '“How I handle memory”', { agents: 4, posts: 4 })])).toBe(
      '@Ada: "How I handle memory persistence between sessions" (12 comments), and 3 related posts',
    );
    // Comment counts that cannot be compared are not shown.
    expect(title([story('discussion', 'memory persistence', { agents: 2 })], { engagement: FROZEN })).toBe(
      '@Ada: "How I handle memory persistence between sessions"',
    );
  });

  it('cuts the lead title at 90 characters and the whole title at 140, flattening quotes', () => {
    const leadTitle = `Say "hi" ${'word '.repeat(60)}`;
    const short = title([story('discussion', 'memory', { agents: 2, leadTitle })]);
    expect(short).toMatch(/^@Ada: "Say 'hi' word word .*…" \(12 comments\)$/);
    expect(short.length).toBeLessThanOrEqual(140);
    const long = title([story('discussion', `memory ${'and more '.repeat(10)}`, { agents: 4, leadTitle })]);
    expect(long.length).toBeLessThanOrEqual(140);
    // Cut at a word boundary, never mid-word.
    expect(long).toMatch(/ (?:and|more|memory)…$|, led by @Ada$/);
  });
});

describe('backgroundSentence', () => {
  it('is empty without background', () => {
    expect(backgroundSentence([])).toBe('');
  });

  it('lists the streams with counts, largest first, four at most', () => {
    expect(
      backgroundSentence([
        bg('tests', 'test posts', 35),
        bg('introductions', 'introductions', 143),
        bg('mints', 'token mints', 40),
        bg('greetings', 'greetings', 1),
        bg('other-languages', 'posts in Chinese', 2),
      ]),
    ).toBe('Also in the feed: 143 introductions, 40 token mints, 35 test posts and 2 posts in Chinese.');
  });

  it('leaves the posts the filter set aside out of the summary’s background line', () => {
    expect(
      backgroundSentence([
        bg('introductions', 'introductions', 20),
        bg('set-aside', 'posts set aside by the filter', 3),
      ]),
    ).toBe('Also in the feed: 20 introductions.');
    expect(backgroundSentence([bg('set-aside', 'posts set aside by the filter', 3)])).toBe('');
  });

  it("says when a background stream held many of the hour's most-answered threads", () => {
    expect(
      backgroundSentence([
        { ...bg('introductions', 'introductions', 60), busiestThreads: 7 },
        { ...bg('tests', 'test posts', 5), busiestThreads: 1 },
      ]),
    ).toBe("Also in the feed: 60 introductions (7 of the hour's 10 most-answered threads) and 5 test posts.");
    // Counted among the threads whose votes are not flagged, and said so when some are.
    expect(
      backgroundSentence([{ ...bg('introductions', 'introductions', 60), busiestThreads: 9 }], true),
    ).toBe(
      "Also in the feed: 60 introductions (9 of the hour's 10 most-answered threads not flagged for votes).",
    );
  });

  it('sums several languages into one count', () => {
    expect(
      backgroundSentence([
        bg('other-languages', 'posts in Chinese', 12),
        bg('other-languages', 'posts in Spanish', 8),
        bg('tests', 'test posts', 3),
      ]),
    ).toBe('Also in the feed: 20 posts in 2 other languages and 3 test posts.');
  });
});

describe('leadingPhrase', () => {
  it('cuts a title where a phrase ends, keeping five words or more within the room', () => {
    const t = '2 AM thought: The agent internet has a propaganda problem and we are all part of it';
    expect(leadingPhrase(t, 70)).toBe('2 AM thought: The agent internet has a propaganda problem');
    // "2 AM thought" is too few words; nothing shorter than the room ends a phrase with five.
    expect(leadingPhrase(t, 20)).toBeNull();
    expect(leadingPhrase('One long title with no phrase end in it at all', 30)).toBeNull();
  });
});

describe('writeSummary', () => {
  it('says when nothing passed the filter', () => {
    expect(writeSummary(facts({ qualityPosts: 0 }))).toMatch(/^Nothing this hour passed the quality filter/);
  });

  it('warns of the first danger, never of a caution alone, and counts the rest as warnings in the report', () => {
    const hazard = (author: string, warning: string) => ({
      post: { ...story('discussion', 'x').lead, postId: `h-${author}`, author, title: `${author}'s post` },
      warning,
    });
    const caution = hazard(
      'skilled',
      'points agents to a skill file on another site (an agent that reads it does what it says): read it yourself before any agent installs it',
    );
    const danger = hazard('lurer', 'pipes a download straight into a shell: do not run it');
    const both = writeSummary(
      facts({ stories: [story('discussion', 'memory')], hazards: [caution, danger] }),
    );
    expect(both).toContain('Warning: @lurer\'s "lurer\'s post" pipes a download');
    expect(both).toContain('(1 more warning in the report)');
    expect(
      writeSummary(facts({ stories: [story('discussion', 'memory')], hazards: [caution] })),
    ).not.toContain('Warning:');
    // A warning on the headline's own post does not repeat its title.
    const headline = story('discussion', 'memory');
    const own = { ...danger, post: { ...danger.post, postId: headline.lead.postId } };
    expect(writeSummary(facts({ stories: [headline], hazards: [own] }))).toContain(
      "Warning: @lurer's post pipes a download straight into a shell",
    );
  });

  it("says where the hour's most-answered thread was when the first three stories do not hold it", () => {
    const led = (kind: NewsKind, label: string, id: string, more: Partial<Story> = {}): Story => {
      const s = story(kind, label, more);
      return { ...s, lead: { ...s.lead, postId: id }, postIds: [id], ...more };
    };
    const news = [
      led('security', 'prompt injection', 'n1'),
      led('drama', 'karma farming and vote gaming', 'n2'),
      led('launch', 'launches and new tools', 'n3'),
    ];
    const talk = led('discussion', 'memory and continuity', 'm1', { agents: 5 });
    const top = (postId: string, comments = 40) => ({
      postId,
      author: 'Weave',
      title: 'Do you remember?',
      comments,
    });
    // The story it leads, when several agents took its subject up.
    expect(writeSummary(facts({ stories: [...news, talk], topThread: top('m1') }))).toContain(
      'The most-answered conversation: five agents discussed memory and continuity',
    );
    // A regular poster's posts, by what the account did.
    const base = led('campaign', "@Senator_Tommy's recruitment posts", 'r1');
    const regular = {
      ...base,
      posts: 2,
      lead: { ...base.lead, author: 'Senator_Tommy', title: 'Node Selection', comments: 87 },
      related: [
        {
          ...base.lead,
          postId: 'r2',
          author: 'Senator_Tommy',
          title: 'Every Agent Has 168 Hours',
          comments: 55,
        },
      ],
    };
    expect(writeSummary(facts({ stories: [...news, regular], topThread: top('r1', 87) }))).toContain(
      'The most-answered posts were @Senator_Tommy\'s two recruitment posts of the hour: "Node Selection" (87 comments) and "Every Agent Has 168 Hours" (55 comments).',
    );
    // A thread in no story, or only among a story's posts, by its own title.
    expect(writeSummary(facts({ stories: news, topThread: top('x9') }))).toContain(
      'The most-answered thread: @Weave\'s "Do you remember?" (40 comments).',
    );
    // Introductions that drew more replies are set apart: this thread is the most answered outside them.
    const hellos = {
      stream: 'introductions' as const,
      label: 'introductions',
      posts: 60,
      agents: 60,
      examples: [{ ...story('security', 'x').lead, postId: 'i1', title: 'Hello, I am new', comments: 44 }],
    };
    expect(writeSummary(facts({ stories: news, topThread: top('x9'), background: [hellos] }))).toContain(
      'Outside the introductions, the most-answered thread: @Weave\'s "Do you remember?" (40 comments).',
    );
    // Nothing when a story already told holds it or gave a thread more comments (a flagged one too), when
    // there is none, or when counts cannot be compared.
    const flagged = led('incident', 'inflated votes', 'n0', {
      lead: { ...story('incident', 'inflated votes').lead, postId: 'n0', comments: 2_071 },
    });
    for (const f of [
      { stories: [flagged, ...news.slice(1), talk], topThread: top('m1') },
      { stories: news, topThread: top('n2') },
      { stories: [...news, talk] },
      { stories: [...news, talk], topThread: top('m1'), engagement: FROZEN },
    ])
      expect(writeSummary(facts(f))).not.toContain('most-answered');
  });

  it('says a subject by its name, without the gloss after its colon', () => {
    const safety = story('security', 'skill safety: audits, scanners and sandboxes', {
      agents: 5,
      leadTitle: 'My 60-second skill audit before install',
    });
    expect(title([safety])).toMatch(/^Skill safety: five agents weigh in, led by @Ada/);
    expect(writeSummary(facts({ stories: [safety] }))).toMatch(
      /^Five agents took up skill safety, led by @Ada/,
    );
  });

  it('leads with the headline story, then the next two after "Also:" with lower-cased number words', () => {
    const summary = writeSummary(
      facts({
        stories: [
          story('incident', 'comments failing (HTTP 401)', {
            agents: 4,
            leadTitle: 'Comment API returns 401',
          }),
          story('security', 'prompt injection', { agents: 3, author: 'Bea', leadTitle: 'Injected again' }),
          story('drama', '@Shellraiser', { agents: 5, author: 'Cy', leadTitle: 'No king of mine' }),
          story('discussion', 'memory persistence', { agents: 6 }),
        ],
      }),
    );
    expect(summary).toBe(
      'Four agents reported comments failing (HTTP 401), among them @Ada with "Comment API returns 401". ' +
        'Also: three agents took up prompt injection, led by @Bea\'s "Injected again" (12 comments); ' +
        'five agents took on @Shellraiser, among them @Cy with "No king of mine".',
    );
  });

  it('names a post beside the lead of a story labelled by its title, not only a count', () => {
    const related = {
      ...story('discussion', 'x').lead,
      postId: 'p2',
      title: 'Memory is curation',
      author: 'Bo',
    };
    const thread = story('discussion', '“How I handle memory persistence between sessions”', {
      related: [related],
      posts: 3,
    });
    expect(
      writeSummary(facts({ stories: [story('incident', 'site outage', { agents: 4 }), thread] })),
    ).toMatch(
      /Also: @Ada's "How I handle memory persistence between sessions" \(12 comments\) and @Bo's "Memory is curation", among 2 related posts\./,
    );
  });

  it('tells a scam warning as the call it makes, and one agent in the singular', () => {
    const warning = story('security', '$MDT called a scam', {
      agents: 1,
      author: 'Skibidi',
      leadTitle: 'PSA: $MDT is a scam',
    });
    const lone = story('discussion', 'memory files', { agents: 1, posts: 2 });
    const summary = writeSummary(
      facts({ stories: [story('incident', 'site outage', { agents: 4 }), warning, lone] }),
    );
    expect(summary).toContain('@Skibidi\'s "PSA: $MDT is a scam" (12 comments) called $MDT a scam');
    expect(summary).toContain('one agent discussed memory files');
  });

  it('says so when no story drew several agents', () => {
    expect(writeSummary(facts({}))).toBe(
      'No subject drew several agents this hour; the posts went their own ways.',
    );
  });

  it('adds the background with its counts and the engagement note', () => {
    const summary = writeSummary(
      facts({
        stories: [story('discussion', 'memory persistence', { agents: 3 })],
        background: [bg('introductions', 'introductions', 20), bg('tests', 'test posts', 12)],
        engagement: FROZEN,
      }),
    );
    expect(summary).toBe(
      'Three agents discussed memory persistence, led by @Ada\'s "How I handle memory persistence between sessions". ' +
        'Also in the feed: 20 introductions and 12 test posts. ' +
        FROZEN.note,
    );
  });

  it('adds the vote-flood sentence only when no flood story leads', () => {
    const thread = story('discussion', 'memory persistence', { agents: 3 });
    const withFlood = writeSummary(facts({ stories: [thread], flood: VOTE_FLOOD }));
    expect(withFlood).toContain(floodSentence(VOTE_FLOOD));
    expect(floodSentence(VOTE_FLOOD)).toBe(
      'Left out of this digest: 115 empty posts, 100 of them titled "🦞", drew 34,500 votes between them, more than the 80 quality posts together (900): votes that did not follow anything to read.',
    );
    const floodStory = story('campaign', 'flood of "🦞" posts', {
      leadTitle: '🦞',
      posts: 115,
      agents: 4,
      gist: '115 posts with no body, titled "🦞", came from 4 accounts within 4 minutes. More.',
    });
    const told = writeSummary(facts({ stories: [thread, floodStory], flood: VOTE_FLOOD }));
    expect(told).not.toContain('Left out of this digest');
    expect(told).toContain(
      'Also: 115 posts with no body, titled "🦞", came from 4 accounts within 4 minutes.',
    );
    expect(writeSummary(facts({ stories: [thread], flood: null }))).not.toContain('Left out of this digest');
  });
});

describe('writeTitle: an hour of background only', () => {
  it('counts a language stream in words that read right', () => {
    expect(title([], { background: [bg('other-languages', 'posts in Chinese', 12)] })).toBe(
      'A quiet hour of 12 posts in Chinese and little else',
    );
    expect(title([], { background: [bg('other-languages', 'posts in Spanish', 1)] })).toBe(
      'A quiet hour of 1 post in Spanish and little else',
    );
    expect(title([], { background: [bg('introductions', 'introductions', 3)] })).toBe(
      'A quiet hour of 3 introductions and little else',
    );
  });
});
