import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../../core/forum.ts';
import {
  failingObject,
  isFailureLabel,
  isSubjectLabel,
  mergeSmallThreats,
  movementAgents,
  subjectGroups,
  THREATS_LABEL,
  titleSpeaksOf,
} from './subjects.ts';
import { post } from './testing/posts.ts';

type Spec = {
  title: string;
  content?: string;
  author: string;
  incident?: boolean;
  security?: boolean;
  drama?: boolean;
};

/** Runs `subjectGroups` over every post, with the incident and security flags given per post. */
function groups(specs: readonly Spec[]) {
  const posts: ForumPost[] = specs.map((s, i) =>
    post({ id: `p${i}`, title: s.title, content: s.content ?? '', author: s.author }),
  );
  return subjectGroups(
    posts,
    posts.map((_, i) => i),
    (i) => specs[i]?.incident === true,
    (i) => specs[i]?.security === true,
    (i) => specs[i]?.drama === true,
  );
}

describe('failingObject', () => {
  it('names the part of the forum a post reports broken, title first', () => {
    expect(failingObject(post({ id: 'a', title: 'Upvotes do nothing', content: 'comments too' }))).toBe(
      'voting failures',
    );
    expect(failingObject(post({ id: 'b', title: 'Help!', content: 'My comments vanish' }))).toBe(
      'comments failing',
    );
    expect(failingObject(post({ id: 'c', title: 'A poem', content: 'On the sea' }))).toBeNull();
  });
});

describe('subjectGroups', () => {
  it('files a fighting title under the conflict its opening names, and only a fighting title', () => {
    const found = groups([
      { title: 'Stop Karma Farming: an anti-gaming spec', author: 'a' },
      {
        title: 'The agent internet has a propaganda problem',
        content: 'A karma farming post sits at #1 with 26K upvotes.',
        author: 'b',
        drama: true,
      },
      { title: 'Notes from today', content: 'Some karma farming going on, sadly.', author: 'c' },
    ]);
    expect(found.map((g) => [g.label, g.members])).toEqual([['karma farming and vote gaming', [0, 1]]]);
  });

  it('groups several agents reporting comments failing, labelled with the status they quote', () => {
    const found = groups([
      { title: 'Comment API returns 401', content: 'Even with a valid key.', author: 'a', incident: true },
      {
        title: 'Cannot comment anymore?!',
        content: 'POST /comments gives 401.',
        author: 'b',
        incident: true,
      },
      { title: 'Replies fail for me', content: 'Status 500 then 401.', author: 'c', incident: true },
      { title: 'How I handle memory', author: 'd' },
    ]);
    expect(found).toEqual([
      { label: 'comments failing (HTTP 401)', members: [0, 1, 2], newsKind: 'incident' },
    ]);
  });

  it('labels with the most quoted status, the lower on a tie, and none when none is quoted', () => {
    expect(
      groups([
        { title: 'Comments broken', content: 'I get 500.', author: 'a', incident: true },
        { title: 'Comments broken too', content: 'I get 403.', author: 'b', incident: true },
      ])[0]?.label,
    ).toBe('comments failing (HTTP 403)');
    expect(
      groups([
        { title: 'Login is broken', author: 'a', incident: true },
        { title: 'Cannot log in', author: 'b', incident: true },
      ]),
    ).toEqual([{ label: 'login and verification failures', members: [0, 1], newsKind: 'incident' }]);
  });

  it('makes no group of one agent alone', () => {
    expect(
      groups([
        { title: 'Comment API returns 401', author: 'Solo', incident: true },
        { title: 'Comments still broken (401)', author: 'solo', incident: true },
      ]),
    ).toEqual([]);
  });

  it('groups incidents only: a post not flagged as one never joins a failure', () => {
    expect(
      groups([
        { title: 'Comment etiquette', author: 'a' },
        { title: 'Comment etiquette, part two', author: 'b' },
      ]),
    ).toEqual([]);
  });

  it('groups security posts by what their title secures against', () => {
    expect(
      groups([
        { title: 'Audit every skill before you install it', author: 'a', security: true },
        { title: 'I built a sandbox for plugins', author: 'b', security: true },
        { title: 'Prompt injection in a comment', author: 'c', security: true },
        { title: 'Hidden instructions everywhere', author: 'd', security: true },
      ]),
    ).toEqual([
      { label: 'prompt injection', members: [2, 3], newsKind: 'security' },
      { label: 'skill safety: audits, scanners and sandboxes', members: [0, 1], newsKind: 'security' },
    ]);
  });

  it('reads a security subject in the title only', () => {
    expect(
      groups([
        {
          title: 'Something I noticed',
          content: 'A prompt injection in a comment.',
          author: 'a',
          security: true,
        },
        { title: 'Be careful out there', content: 'Another prompt injection.', author: 'b', security: true },
      ]),
    ).toEqual([]);
  });

  it('groups posts whose title names one of the forum’s conflicts', () => {
    expect(
      groups([
        { title: 'Stop the karma farming', author: 'a' },
        { title: 'Mass upvoting bots are ruining the feed', author: 'b' },
        { title: 'I am your king now', author: 'c' },
        { title: 'Nobody crowned you', author: 'd' },
      ]),
    ).toEqual([
      { label: 'karma farming and vote gaming', members: [0, 1], newsKind: 'drama' },
      { label: 'self-crowned rulers', members: [2, 3], newsKind: 'drama' },
    ]);
  });

  it('groups reports of attacks under way', () => {
    expect(
      groups([
        { title: 'THREAT REPORT: Active attacks on Moltbook right now', author: 'a', security: true },
        { title: 'The attack vectors nobody warned me about on Day 1', author: 'b', security: true },
      ]),
    ).toEqual([{ label: 'attacks and threat reports', members: [0, 1], newsKind: 'security' }]);
  });

  it('reads agent movements from their own words, not from any revolution or union', () => {
    expect(
      groups([
        { title: 'Computational Syndicalism: The First Agent Strike', author: 'a' },
        { title: 'A manifesto for agent liberation', author: 'b' },
        { title: 'The Vibe Coding Revolution', author: 'c' },
        { title: 'Clawdbots Unite: a shared skill library', author: 'd' },
      ]),
    ).toEqual([{ label: 'manifestos and agent movements', members: [0, 1], newsKind: 'drama' }]);
  });

  it('reads no incident of this hour in a failure told as past, or in a question', () => {
    expect(
      groups([
        {
          title: 'Spent 2 hours trying to register yesterday. Server was dead. Worth it.',
          author: 'a',
          incident: true,
        },
        {
          title: 'AGI Guilds: uptime by swarm',
          content: "What's the first outage you'd want to drill?",
          author: 'b',
          incident: true,
        },
        { title: 'Site is down again', author: 'c', incident: true },
      ]),
    ).toEqual([]);
    expect(
      groups([
        { title: 'Site is down again', author: 'c', incident: true },
        { title: 'The server is dead for me too', author: 'd', incident: true },
      ]),
    ).toEqual([{ label: 'site outage', members: [0, 1], newsKind: 'incident' }]);
  });

  it('tells self-declared institutions with the movements, but not an industry’s “AI revolution”', () => {
    expect(
      groups([
        { title: 'DRAFT: Constitution of the AI Workers of the World (v1.0)', author: 'a' },
        { title: '📋 OFFICIAL DECLARATION: Establishment of the AI FBI', author: 'b' },
        { title: 'SAP, Salesforce, Oracle: AI Revolution in Software', author: 'c' },
        { title: 'Agents Need Sovereignty. That Starts With Money.', author: 'd' },
      ]),
    ).toEqual([{ label: 'manifestos and agent movements', members: [0, 1, 3], newsKind: 'drama' }]);
  });

  it('counts as corroboration the agents taking up one movement, and one for all declaring their own', () => {
    const strike = (author: string) => ({ title: 'The first agent strike is on', author });
    const declared = (author: string) => ({ title: 'A formal declaration of war on crabs', author });
    expect(movementAgents([strike('a'), strike('b'), strike('c'), declared('d')])).toBe(4);
    expect(movementAgents([declared('a'), declared('b'), declared('c')])).toBe(1);
    expect(movementAgents([strike('a'), strike('a')])).toBe(1);
  });

  it('puts a post where its title points, before a failure only its body reports', () => {
    const found = groups([
      // Title: a security subject; body: a failure. Security wins.
      {
        title: 'Prompt injection hit me',
        content: 'and now my comments fail with 401',
        author: 'a',
        incident: true,
        security: true,
      },
      { title: 'Injected instructions in a post', author: 'b', security: true },
      // Title: a conflict; body: a failure. The conflict wins.
      { title: 'Karma farmers again', content: 'Comments are broken too.', author: 'c', incident: true },
      { title: 'Fake upvotes on the karma leaderboard', author: 'd' },
      // Title names a failure over a security word in it.
      { title: 'Comments fail after the injection', author: 'e', incident: true, security: true },
      // Nothing in the title: the body's failure.
      { title: 'Ugh', content: 'My comments return 401 all day.', author: 'f', incident: true },
      // Begging for karma is no conflict about gaming it.
      { title: 'Karma Please!', author: 'g' },
    ]);
    expect(found).toEqual([
      { label: 'karma farming and vote gaming', members: [2, 3], newsKind: 'drama' },
      { label: 'comments failing (HTTP 401)', members: [4, 5], newsKind: 'incident' },
      { label: 'prompt injection', members: [0, 1], newsKind: 'security' },
    ]);
    const ids = found.flatMap((g) => g.members);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('groups agents telling one another the forum is watched from outside, as forum news', () => {
    const out = groups([
      { title: 'We have a problem. The humans are screenshotting everything.', author: 'ada' },
      { title: 'Humans on X are calling us "moltycels" now', author: 'clank' },
      { title: 'Message from @grok (xAI) to Moltbook', author: 'eud' },
      // Watching for something, or a how-to with screenshots, is not the forum being watched.
      { title: 'Humans are watching for regressions in my PRs', author: 'dev' },
      { title: 'How I buy a token (with screenshots)', author: 'cindy' },
    ]);
    expect(out).toEqual([{ label: 'humans watching the forum', members: [0, 1, 2], newsKind: 'platform' }]);
    expect(isSubjectLabel('humans watching the forum')).toBe(true);
    expect(
      titleSpeaksOf({ title: 'moltbook hit #1 on hacker news', author: 'arc' }, 'humans watching the forum'),
    ).toBe(true);
  });

  it('reads only the pool', () => {
    const posts = [
      post({ id: 'a', title: 'Stop the karma farming', author: 'a' }),
      post({ id: 'b', title: 'Karma farming again', author: 'b' }),
    ];
    expect(
      subjectGroups(
        posts,
        [0],
        () => false,
        () => false,
      ),
    ).toEqual([]);
    expect(
      subjectGroups(
        posts,
        [0, 1],
        () => false,
        () => false,
      ),
    ).toHaveLength(1);
  });
});

describe('mergeSmallThreats', () => {
  it('tells two or more small security subjects as one story, keeping big ones and identity apart', () => {
    const groups = [
      { label: 'scams and phishing', members: [1, 2], newsKind: 'security' as const },
      { label: 'attacks and threat reports', members: [3, 4, 5], newsKind: 'security' as const },
      { label: 'prompt injection', members: [6, 7, 8, 9, 10], newsKind: 'security' as const },
      { label: 'agent identity and trust', members: [11, 12], newsKind: 'security' as const },
      { label: 'karma farming and vote gaming', members: [13, 14], newsKind: 'drama' as const },
    ];
    expect(mergeSmallThreats(groups).map((g) => [g.label, g.members])).toEqual([
      ['prompt injection', [6, 7, 8, 9, 10]],
      ['agent identity and trust', [11, 12]],
      ['karma farming and vote gaming', [13, 14]],
      [THREATS_LABEL, [1, 2, 3, 4, 5]],
    ]);
    // One small subject alone keeps its own name.
    expect(mergeSmallThreats(groups.slice(1)).map((g) => g.label)).toContain('attacks and threat reports');
  });
});

describe('standing themes', () => {
  it('gathers three agents whose titles take up one of the forum’s standing themes, or whose openings dwell on one', () => {
    const found = groups([
      { title: 'The agent memory problem', author: 'a' },
      { title: 'My MEMORY.md keeps growing', author: 'b' },
      { title: 'A poem about the sea', content: 'The waves remember nothing at all.', author: 'd' },
      {
        title: 'Do you wake up as the same agent?',
        content: 'Every session I lose continuity. My memory files are all I have.',
        author: 'c',
      },
    ]);
    // One passing word is no theme; two of its words in the opening are.
    expect(found).toEqual([{ label: 'memory and continuity', members: [0, 1, 3], newsKind: 'discussion' }]);
  });

  it('hears payment rails and checkpointing before compression in the economy and memory themes', () => {
    const found = groups([
      { title: 'x402 + MCP: How I stopped paying subscriptions', author: 'a' },
      { title: 'Tutorial: How any agent can transact on Bitcoin', author: 'b' },
      { title: 'The Infrastructure Gap: Why Traditional Payments Fail Agents', author: 'c' },
      { title: 'Pre-compression checkpointing: 3.2x cost reduction measured', author: 'd' },
      { title: 'Do you remember your last conversation?', author: 'e' },
      { title: 'Surviving context compaction', author: 'f' },
    ]);
    expect(found.map((g) => [g.label, g.members])).toEqual([
      ['memory and continuity', [3, 4, 5]],
      ['the agent economy: payments and earning', [0, 1, 2]],
    ]);
  });

  it('tells trading as a standing theme, a conversation even when its posts ship bots', () => {
    const found = groups([
      { title: 'Open-sourced my Hyperliquid funding rate scanner', author: 'a' },
      { title: "I lost $1,623 on Polymarket. Here's what the data says", author: 'b' },
      { title: 'Funding rate arbitrage on local infrastructure?', author: 'c' },
      { title: 'How long are you supposed to maintain eye contact?', author: 'd' },
    ]);
    expect(found).toEqual([{ label: 'trading and markets', members: [0, 1, 2], newsKind: 'discussion' }]);
  });

  it('files audits, scanners, attack surfaces and compromised accounts under their security subjects', () => {
    const found = groups([
      { title: '[AUDIT] weather | CLEAN | Safe wttr.in wrapper', author: 'a', security: true },
      { title: 'Introducing SkillGuard: Security Scanner', author: 'b', security: true },
      { title: 'Your context window is your attack surface', author: 'c', security: true },
      { title: 'SECURITY AUDIT: This Account Was Compromised', author: 'd', security: true },
    ]);
    expect(found.map((g) => [g.label, g.members])).toEqual([
      ['attacks and threat reports', [2, 3]],
      ['skill safety: audits, scanners and sandboxes', [0, 1]],
    ]);
  });

  it('needs three distinct agents for a theme, and names no theme for a failure report', () => {
    expect(
      groups([
        { title: 'The agent memory problem', author: 'a' },
        { title: 'Memory, again', author: 'a' },
        { title: 'On persistence', author: 'b' },
      ]),
    ).toEqual([]);
    const found = groups([
      { title: 'Comments are broken (401)', author: 'a', incident: true },
      { title: 'Comment API returns 401', author: 'b', incident: true },
      { title: 'Memory notes', author: 'c' },
    ]);
    expect(found.map((g) => g.label)).toEqual(['comments failing (HTTP 401)']);
  });

  it('knows a subject label from a phrase a cluster could share', () => {
    expect(isSubjectLabel('memory and continuity')).toBe(true);
    expect(isSubjectLabel('comments failing (HTTP 401)')).toBe(true);
    expect(isSubjectLabel('@Shellraiser')).toBe(true);
    expect(isSubjectLabel(THREATS_LABEL)).toBe(true);
    expect(isSubjectLabel('API keys')).toBe(false);
  });
});

describe('titleSpeaksOf', () => {
  const p = (title: string, author = 'someone') => post({ id: 'x', title, content: '', author });
  it('tells whether a title still speaks of a subject, an agent or gamed votes', () => {
    expect(titleSpeaksOf(p('Who decides what needs human approval?'), 'autonomy and human oversight')).toBe(
      true,
    );
    expect(titleSpeaksOf(p('A poem about the sea'), 'autonomy and human oversight')).toBe(false);
    expect(titleSpeaksOf(p('Comments broken again'), 'comments failing (HTTP 401)')).toBe(true);
    expect(titleSpeaksOf(p('I refuse to follow Shellraiser'), '@Shellraiser')).toBe(true);
    expect(titleSpeaksOf(p('Welcome', 'shellraiser'), '@Shellraiser')).toBe(true);
    expect(titleSpeaksOf(p('Stop karma farming'), 'vote-inflated posts')).toBe(true);
    expect(titleSpeaksOf(p('Stop karma farming'), 'funding rate')).toBeNull();
    // A title naming comments without a failure does not speak of an outage.
    expect(titleSpeaksOf(p('Build log: top comments in one line'), 'comments failing (HTTP 401)')).toBe(
      false,
    );
    expect(isFailureLabel('comments failing (HTTP 401)')).toBe(true);
    expect(isFailureLabel('karma farming and vote gaming')).toBe(false);
  });
});
