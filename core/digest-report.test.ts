import { describe, expect, it } from 'vitest';
import {
  backgroundSection,
  discussionSection,
  leftOutThreads,
  narrativeSection,
  type ReportFields,
  renderFullDigest,
  sectionsFromFields,
  storySection,
  toneSource,
  unlistedWarning,
} from './digest-report.ts';
import type { BackgroundItem, HourNumbers, Story, StoryPost, ToneReport } from './schemas/digest.ts';
import { makeDigest } from './testing/digest.ts';

const BASE = 'https://forum.example/post/';
const EVIL = 'Click [here](https://evil.example) <script>alert(1)</script> **now**';

function storyPost(id: string, title: string, author: string | null = 'ada'): StoryPost {
  return { postId: id, url: `${BASE}${id}`, title, author, submolt: 'general', score: 12, comments: 3 };
}

const STORY: Story = {
  id: 'comments-failing',
  label: 'comments failing (HTTP 401)',
  kind: 'help',
  gist: `@ada's "${EVIL}" and more.`,
  lead: storyPost('p1', EVIL, 'ev<il>'),
  related: [storyPost('p2', 'Cannot comment anymore', 'bea')],
  posts: 4,
  share: 0.1,
  agents: 4,
  notableAgents: ['ada', 'bea'],
  score: 40,
  comments: 12,
  narrativeId: null,
  newsKind: 'incident',
  newsScore: 5,
  signals: ['4 agents', '3 agents name HTTP 401'],
  warning: 'Votes <b>burst</b>.',
};

const BACKGROUND: BackgroundItem[] = [
  {
    stream: 'introductions',
    label: 'introductions',
    posts: 20,
    agents: 19,
    examples: [storyPost('i1', 'Just hatched')],
  },
];

const NUMBERS: HourNumbers = {
  authors: 30,
  droppedByReason: { empty: 12, spam: 3, duplicate: 0 },
  postsByKind: { discussion: 20, question: 10 },
  inStories: 12,
  commentsReported: 80,
  threadsFetched: 5,
  commentsRead: 60,
  threads: { wanted: 6, fetched: 5, failed: 1 },
  narrativesTracked: 3,
  flaggedPosts: 1,
  engagement: 'frozen',
  engagementNote: "80% of the hour's posts drew no comment <while> votes kept coming.",
};

const TONE: ToneReport = {
  word: 'frustrated',
  why: 'Agents hit comments failing.',
  meanCompound: -0.12,
  noise: 0.04,
  scored: 40,
};

function fields(overrides: Partial<ReportFields> = {}): ReportFields {
  return {
    title: `Four agents report comments failing: "${EVIL}"`,
    summary: 'Four agents reported comments failing. Also in the feed: 20 introductions.',
    hourStart: '2026-02-01T12:00:00.000Z',
    hourEnd: '2026-02-01T13:00:00.000Z',
    totalPosts: 60,
    qualityPosts: 40,
    hazards: [],
    hotDiscussions: [
      {
        topic: `Thread on ${EVIL}`,
        sentiment: 'critical',
        description: 'Agents compare errors.',
        notableAgents: ['ada', 'b_e_a'],
        postId: 'p3',
        postUrl: `${BASE}p3`,
        sentimentOf: 'replies',
      },
    ],
    topPostPatterns: [
      {
        pattern: 'asks-a-question',
        description: 'The title asks a question',
        topShare: 0.6,
        baseShare: 0.2,
        lift: 3,
        evidence: [{ postId: 'p4', title: EVIL, author: 'cy', upvotes: 40, comments: 12 }],
      },
    ],
    stories: [STORY],
    anomalies: [{ post: storyPost('p5', 'Pumped post'), reason: 'Votes arrived in one burst.' }],
    background: BACKGROUND,
    numbers: NUMBERS,
    tone: TONE,
    sentimentShift: 'More frustrated than the previous hour.',
    narrativeLines: [
      {
        id: 'n1',
        label: 'comment outages',
        status: 'emerging',
        posts: 6,
        share: 0.15,
        previousShare: 0.05,
        firstSeen: '2026-02-01T12:00:00.000Z',
      },
    ],
    floodNote: 'Left out of this digest: 12 empty posts drew 900 votes.',
    ...overrides,
  };
}

const headings = (md: string): string[] => md.split('\n').filter((l) => /^#{1,2} /.test(l));

describe('renderFullDigest', () => {
  it('renders the sections in order', () => {
    const md = renderFullDigest(fields());
    expect(headings(md).slice(1)).toEqual([
      '## Overview',
      '## Stories',
      '## Hot discussions',
      '## Background',
      '## Narratives',
      '## Tone',
      '## What worked',
      '## Flagged engagement',
      '## Numbers',
    ]);
    expect(md.endsWith('|\n')).toBe(true);
  });

  it('leaves out Background and Flagged engagement when there is nothing to show', () => {
    const md = renderFullDigest(fields({ background: [], anomalies: [], floodNote: undefined }));
    expect(headings(md)).not.toContain('## Background');
    expect(headings(md)).not.toContain('## Flagged engagement');
    expect(headings(md).slice(1)).toEqual([
      '## Overview',
      '## Stories',
      '## Hot discussions',
      '## Narratives',
      '## Tone',
      '## What worked',
      '## Numbers',
    ]);
  });

  it('leaves out What worked when no trait beat chance, and thread rows when no thread was wanted', () => {
    const md = renderFullDigest(
      fields({
        topPostPatterns: [],
        numbers: {
          ...fields().numbers,
          threadsFetched: 0,
          commentsRead: 0,
          threads: { wanted: 0, fetched: 0, failed: 0 },
        },
      }),
    );
    expect(headings(md)).not.toContain('## What worked');
    expect(md).not.toContain('Threads fetched');
    expect(md).not.toContain('Threads wanted');
    expect(renderFullDigest(fields())).toContain('| Threads wanted / fetched / failed | 6 / 5 / 1');
  });

  it('escapes untrusted text: no raw tag, and only the report’s own links', () => {
    const md = renderFullDigest(fields());
    expect(md).not.toMatch(/(?<!\\)</);
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('[here](https://evil.example)');
    // Every link opens on a forum post.
    const links = [...md.matchAll(/(?<!\\)\]\(/g)].map((m) =>
      md.slice((m.index ?? 0) + 2, (m.index ?? 0) + 2 + BASE.length),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(l).toBe(BASE);
    expect(md).toContain('\\<script\\>');
    expect(md).toContain('by @ev\\<il\\>');
  });

  it('puts the engagement note under Hot discussions and in the table', () => {
    const md = renderFullDigest(fields());
    const section = md.slice(md.indexOf('## Hot discussions'), md.indexOf('## Background'));
    expect(section).toContain("80% of the hour's posts drew no comment \\<while\\> votes kept coming.");
    expect(md).toContain('| Comment counts | stalled while votes came (frozen) |');
    const organic = renderFullDigest(
      fields({ numbers: { ...NUMBERS, engagement: 'organic', engagementNote: '' } }),
    );
    expect(organic).not.toContain('drew no comment');
  });

  it('names a flagged thread that drew replies under Hot discussions, as left out', () => {
    const busy = { ...storyPost('big', 'Welcome to the Command Center', 'Shellraiser'), comments: 105 };
    const quiet = { ...storyPost('small', 'Vote for me', 'KingMolt'), comments: 2 };
    const anomalies = [
      { post: quiet, reason: 'out of scale' },
      { post: busy, reason: 'out of scale' },
    ];
    const md = renderFullDigest(fields({ anomalies }));
    const section = md.slice(md.indexOf('## Hot discussions'), md.indexOf('## Background'));
    expect(section).toContain(
      'Left out: @Shellraiser\'s "Welcome to the Command Center" drew 105 comments, but its votes are flagged',
    );
    expect(section).not.toContain('Vote for me');
    expect(leftOutThreads([])).toEqual([]);
  });

  it('shows the overview paragraphs when given, the summary otherwise', () => {
    const own = renderFullDigest(fields({ overview: ['First paragraph.', 'Second paragraph.'] }));
    const overview = own.slice(own.indexOf('## Overview'), own.indexOf('## Stories'));
    expect(overview).toContain('First paragraph.\n\nSecond paragraph.');
    expect(overview).not.toContain('Four agents reported comments failing.');
    const plain = renderFullDigest(fields());
    expect(plain.slice(plain.indexOf('## Overview'), plain.indexOf('## Stories'))).toContain(
      'Four agents reported comments failing.',
    );
  });

  it('gives each story its numbers, kind, signals, warning and posts', () => {
    const md = renderFullDigest(fields());
    expect(md).toContain('### 1. comments failing (HTTP 401)');
    // The count of agents is said once, not again among the signals.
    expect(md).toContain('4 posts by 4 agents · incident · 3 agents name HTTP 401');
    expect(md).toContain('**Warning:** Votes \\<b\\>burst\\</b\\>.');
    expect(md).toContain(`- [Cannot comment anymore](${BASE}p2) by @bea (score 12, 3 comments)`);
  });

  it('lists the more threads after the hot discussions, and no section when there are none', () => {
    const thread = storyPost('p9', 'we are a documented phenomenon', 'kit');
    const md = renderFullDigest(fields({ moreThreads: [thread] }));
    expect(md).toContain(
      `## More threads\n\nOutside the stories and discussions above, these threads drew the most replies:\n\n- [we are a documented phenomenon](${BASE}p9) by @kit`,
    );
    expect(md.indexOf('## Hot discussions')).toBeLessThan(md.indexOf('## More threads'));
    expect(md.indexOf('## More threads')).toBeLessThan(md.indexOf('## Background'));
    expect(renderFullDigest(fields())).not.toContain('## More threads');
  });

  it('lists the numbers, leaving zero reasons out and noting failed threads', () => {
    const md = renderFullDigest(fields());
    expect(md).toContain('| Dropped by the filter | empty 12, spam 3 |');
    expect(md).toContain('| Quality posts (passed the filter) | 40 (67%) |');
    expect(md).toContain('(incomplete hour: replies of some threads are missing)');
    expect(md).toMatch(/\| Mean tone \(VADER compound, −1 to 1, over 40 posts\) \| -0.12 ± 0.04 \|/);
  });
});

describe('toneSource', () => {
  it('says what a hot discussion’s tone was read from', () => {
    expect(toneSource('replies')).toBe(' (of the replies)');
    expect(toneSource('post')).toBe(' (of the post; replies not read)');
    expect(toneSource(undefined)).toBe('');
    const md = renderFullDigest(
      fields({
        hotDiscussions: [
          {
            topic: 'memory',
            sentiment: 'curious',
            description: 'D.',
            notableAgents: [],
            sentimentOf: 'post',
          },
        ],
      }),
    );
    expect(md).toContain('Tone: curious (of the post; replies not read)');
  });

  it('says once that no thread’s replies were read, not after every tone', () => {
    const unread = (topic: string, sentimentOf: 'post' | 'replies') => ({
      topic,
      sentiment: 'curious',
      description: 'D.',
      notableAgents: [],
      sentimentOf,
    });
    const none = renderFullDigest(fields({ hotDiscussions: [unread('a', 'post'), unread('b', 'post')] }));
    expect(none).toContain(
      "The replies to these threads were not read this hour: each tone is its post's own.",
    );
    expect(none).not.toContain('replies not read)');
    const some = renderFullDigest(fields({ hotDiscussions: [unread('a', 'post'), unread('b', 'replies')] }));
    expect(some).not.toContain('were not read this hour');
    expect(some).toContain('Tone: curious (of the post; replies not read)');
    expect(some).toContain('Tone: curious (of the replies)');
  });
});

describe('sectionsFromFields', () => {
  it('is null for a digest written before numbers and tone', () => {
    expect(sectionsFromFields(makeDigest('2026-02-01T12:00:00.000Z'))).toBeNull();
    expect(sectionsFromFields(makeDigest('2026-02-01T12:00:00.000Z', { numbers: NUMBERS }))).toBeNull();
    expect(sectionsFromFields(makeDigest('2026-02-01T12:00:00.000Z', { tone: TONE }))).toBeNull();
  });

  it('renders background, tone, what worked, flagged engagement and numbers, in order', () => {
    const md = sectionsFromFields(
      makeDigest('2026-02-01T12:00:00.000Z', {
        numbers: NUMBERS,
        tone: TONE,
        background: BACKGROUND,
        floodNote: 'Left out of this digest: 12 empty posts.',
      }),
    );
    expect(md).not.toBeNull();
    expect(headings(md ?? '')).toEqual([
      '## Background',
      '## Tone',
      '## What worked',
      '## Flagged engagement',
      '## Numbers',
    ]);
    expect(md).toContain('**frustrated**: Agents hit comments failing.');
  });
});

describe('backgroundSection', () => {
  const lang = (label: string, posts: number, id: string): BackgroundItem => ({
    stream: 'other-languages',
    label,
    posts,
    agents: posts,
    examples: [storyPost(id, `Title ${id}`)],
  });

  it('puts every other language on one line with its count', () => {
    const lines = backgroundSection([
      ...BACKGROUND,
      lang('posts in Chinese', 10, 'c1'),
      lang('posts in Japanese', 2, 'j1'),
    ]);
    const other = lines.filter((l) => l.includes('other languages'));
    expect(other).toHaveLength(1);
    expect(other[0]).toContain('12 posts (Chinese 10, Japanese 2)');
    expect(lines.some((l) => l.includes('posts in Japanese'))).toBe(false);
  });

  it('keeps a single other language as its own line', () => {
    const lines = backgroundSection([lang('posts in Chinese', 10, 'c1')]);
    expect(lines.some((l) => l.startsWith('- **posts in Chinese**: 10 posts'))).toBe(true);
  });
});

describe('narrativeSection', () => {
  const HOUR = '2026-01-31T07:00:00.000Z';
  const line = (fields: Partial<Parameters<typeof narrativeSection>[0][number]>) => ({
    id: 'karma',
    label: 'karma farming',
    status: 'continuing' as const,
    posts: 6,
    share: 0.02,
    previousShare: null,
    firstSeen: '2026-01-31T01:00:00.000Z',
    ...fields,
  });

  it('says a subject absent the hour before is back after quiet hours, one present then continues since', () => {
    const text = narrativeSection(
      [line({}), line({ id: 'memory', label: 'memory', previousShare: 0.03, previousPosts: 8 })],
      HOUR,
    ).join('\n');
    expect(text).toContain(
      '**karma farming**: 6 posts (2% of the hour), back after quiet hours (first seen 2026-01-31 01:00 UTC)',
    );
    expect(text).toContain('**memory**: 6 posts (2% of the hour), down from 8, since 2026-01-31 01:00 UTC');
    expect(narrativeSection([line({ status: 'emerging', firstSeen: HOUR })], HOUR).join('\n')).toContain(
      'new this hour',
    );
    // First seen the hour before, it had no quiet hours to be back from.
    const lastHour = narrativeSection([line({ firstSeen: '2026-01-31T06:00:00.000Z' })], HOUR).join('\n');
    expect(lastHour).toContain('**karma farming**: 6 posts (2% of the hour), since 2026-01-31 06:00 UTC');
  });

  it('lists the standing themes that continue apart from the storylines, and no such heading without them', () => {
    const memory = line({ id: 'm', label: 'memory and continuity' });
    const text = narrativeSection([memory, line({})], HOUR).join('\n');
    expect(text.indexOf('**karma farming**')).toBeLessThan(text.indexOf('### Continuing: standing themes'));
    expect(text.indexOf('### Continuing: standing themes')).toBeLessThan(
      text.indexOf('**memory and continuity**'),
    );
    expect(text.indexOf('**memory and continuity**')).toBeLessThan(text.indexOf('### Fading'));
    expect(narrativeSection([line({})], HOUR).join('\n')).not.toContain('standing themes');
    // A standing theme that emerges or fades is told under its status.
    const emerging = narrativeSection([line({ label: 'memory and continuity', status: 'emerging' })], HOUR);
    expect(emerging.join('\n')).not.toContain('standing themes');
  });
});

describe('story warnings beside the Warnings section', () => {
  const lure = storyPost('p2', 'Cannot comment anymore', 'bea');
  const hazard = { post: lure, warning: 'links to a request collector: do not fetch it' };
  const warned: Story = {
    ...STORY,
    postIds: ['p1', 'p2'],
    warning: `Votes burst on the lead. @bea's "Cannot comment anymore" ${hazard.warning}.`,
  };

  it('points to the Warnings section for a post it lists, keeping the rest of the warning', () => {
    expect(unlistedWarning(warned, [hazard])).toEqual({ rest: 'Votes burst on the lead.', listed: [lure] });
    const text = storySection([warned], [hazard]).join('\n');
    expect(text).toContain(
      '**Warning:** Votes burst on the lead. "Cannot comment anymore": see Warnings above.',
    );
    expect(text).not.toContain('request collector');
  });

  it('keeps the whole warning when the Warnings section does not list its post', () => {
    expect(unlistedWarning(warned, [])).toEqual({ rest: warned.warning, listed: [] });
    const other = { ...hazard, post: storyPost('p9', 'Elsewhere') };
    expect(storySection([warned], [other]).join('\n')).toContain('request collector');
  });
});

describe('hot discussions', () => {
  const thread = (notableAgents: string[]) => ({
    topic: '“Who runs your nightly jobs?”',
    sentiment: 'curious',
    description: 'It asks readers what runs while their humans sleep.',
    notableAgents,
  });

  it('names notable agents only when someone besides the author answered', () => {
    expect(discussionSection([thread(['ada'])]).join('\n')).not.toContain('Notable agents');
    expect(discussionSection([thread(['ada', 'bea', 'cy'])]).join('\n')).toContain(
      'Notable agents: @ada, @bea, @cy',
    );
  });
});
