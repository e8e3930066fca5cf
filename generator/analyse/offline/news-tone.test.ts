import { describe, expect, it } from 'vitest';
import type { NewsKind, Story } from '../../../core/schemas/digest.ts';
import type { HourEngagement } from './engagement.ts';
import { INFLATED_LABEL } from './news-kind.ts';
import { newsTone } from './news-tone.ts';

const ORGANIC: HourEngagement = { state: 'organic', zeroComments: 0.2, bar: 5, note: '' };
const FROZEN: HourEngagement = { state: 'frozen', zeroComments: 0.9, bar: 5, note: 'Comments stalled.' };

let n = 0;
/** A story of `kind` with `newsScore`, its lead titled `leadTitle` (the label by default). */
function story(
  kind: NewsKind,
  newsScore: number,
  label: string,
  { leadTitle, ...fields }: Partial<Omit<Story, 'lead'>> & { leadTitle?: string } = {},
): Story {
  n += 1;
  return {
    id: `s-${n}`,
    label,
    kind: 'discussion',
    gist: 'Gist.',
    lead: {
      postId: `p${n}`,
      url: `https://forum.example/post/p${n}`,
      title: leadTitle ?? label,
      author: 'lead_author',
      submolt: 'general',
      score: 3,
      comments: 2,
    },
    related: [],
    posts: 3,
    share: 0.05,
    agents: 3,
    notableAgents: [],
    score: 9,
    comments: 6,
    narrativeId: null,
    newsKind: kind,
    newsScore,
    ...fields,
  };
}

const memory = (score = 1): Story => story('discussion', score, 'memory persistence');

describe('newsTone', () => {
  it('is frustrated when a failure agents report leads, before a side story of inflated votes and drama', () => {
    const outage = story('incident', 9, 'comments failing (HTTP 401)');
    const drama = story('drama', 8, '@Kingpin', { warning: 'Inflated votes: its lead rode them.' });
    const t = newsTone([outage, drama, memory()], FROZEN, 'curious');
    expect(t.word).toBe('frustrated');
    expect(t.why).toMatch(/comments failing \(HTTP 401\), and the hour’s comments stalled with it/);
    // With the drama leading, its inflated votes make the hour chaotic.
    expect(newsTone([drama, outage, memory()], FROZEN, 'curious').word).toBe('chaotic');
  });

  it('is chaotic, not frustrated, when vote-inflated posts lead as a story of their own', () => {
    const inflated = story('incident', 20, INFLATED_LABEL, {
      leadTitle: 'I am your king',
      warning: 'Inflated votes: a burst.',
    });
    const outage = story('incident', 3, 'site outage');
    const t = newsTone([inflated, outage, memory()], ORGANIC, 'curious');
    expect(t.word).toBe('chaotic');
    expect(t.why).toContain('“I am your king”');
    // The same failure leading on its own is what agents hit.
    expect(newsTone([outage, memory()], ORGANIC, 'curious').word).toBe('frustrated');
  });

  it('is frothy when a coin launch heads the hour', () => {
    const launch = story('launch', 8, 'token launchpad', {
      leadTitle: 'Launching a token launchpad for agents',
    });
    expect(newsTone([launch, memory(6), memory(6)], ORGANIC, 'playful').word).toBe('frothy');
    const tool = story('launch', 8, 'skill scanner', { leadTitle: 'I built a skill scanner' });
    expect(newsTone([tool, memory(6), memory(6)], ORGANIC, 'playful').word).toBe('playful');
    // The coin launch at the top sets the mood before the security stories under it, however they weigh.
    const audits = story('security', 5, 'skill audits', { leadTitle: 'Skill audit checklist' });
    const scanner = story('security', 3, 'scanner shipped', { leadTitle: 'Shipped a skill scanner' });
    expect(newsTone([launch, audits, scanner], ORGANIC, 'playful').word).toBe('frothy');
    expect(newsTone([audits, launch, scanner], ORGANIC, 'playful').word).toBe('vigilant');
  });

  it('is spammed when a flood is a third of the feed', () => {
    const flood = story('campaign', 10, 'flood of "🦞" posts', { share: 0.45 });
    const t = newsTone([flood, memory()], ORGANIC, 'measured');
    expect(t.word).toBe('spammed');
    expect(t.why).toBe('A flood (flood of "🦞" posts) made up 45% of the feed, burying the rest.');
    expect(newsTone([{ ...flood, share: 0.25 }, memory()], ORGANIC, 'curious').word).not.toBe('spammed');
  });

  it('is chaotic when vote-inflated posts lead with conflicts or campaigns', () => {
    const inflated = story('discussion', 3, 'a lone post', {
      warning: 'Inflated votes: they came in a burst.',
    });
    const drama = story('drama', 3, 'self-crowned rulers');
    const t = newsTone([inflated, drama, memory(2)], ORGANIC, 'curious');
    expect(t.word).toBe('chaotic');
    expect(t.why).toContain('(a lone post)');
    // Without the warning, the conflict reads on its own.
    expect(newsTone([{ ...inflated, warning: undefined }, drama, memory(2)], ORGANIC, 'curious').word).toBe(
      'fractious',
    );
  });

  it('is frustrated when several agents report a failure, saying when comments stalled', () => {
    const outage = story('incident', 5, 'comments failing (HTTP 401)', { agents: 4 });
    expect(newsTone([outage, memory()], ORGANIC, 'measured')).toEqual({
      word: 'frustrated',
      why: 'Agents hit comments failing (HTTP 401).',
    });
    expect(newsTone([outage, memory()], FROZEN, 'measured').why).toBe(
      'Agents hit comments failing (HTTP 401), and the hour’s comments stalled with it.',
    );
    // One agent alone is no shared failure.
    expect(newsTone([{ ...outage, agents: 1 }, memory()], ORGANIC, 'curious').word).toBe('curious');
  });

  it('is frustrated by a reported failure that is not the head but weighs 30%', () => {
    const outage = story('incident', 3, 'site outage', { agents: 2 });
    expect(newsTone([memory(7), outage], ORGANIC, 'curious').word).toBe('frustrated');
    expect(newsTone([memory(8), outage], ORGANIC, 'curious').word).toBe('curious');
  });

  it('is vigilant when security stories build defences, wary when they are threats alone', () => {
    const audits = story('security', 5, 'skill safety: audits, scanners and sandboxes');
    const injection = story('security', 4, 'prompt injection', { leadTitle: 'Injected again' });
    const scams = story('security', 4, 'scams and phishing');
    expect(newsTone([audits, injection, memory()], ORGANIC, 'curious').word).toBe('vigilant');
    // A claimed account takeover is the attack, though its title says "audit"; a tie reads as the first.
    const takeover = story('security', 6, '“SECURITY AUDIT: This Account Was Compromised”', {
      leadTitle: 'SECURITY AUDIT: This Account Was Compromised',
    });
    expect(newsTone([takeover, audits, memory()], ORGANIC, 'curious').word).toBe('wary');
    expect(newsTone([audits, takeover, memory()], ORGANIC, 'curious').word).toBe('vigilant');
    const wary = newsTone([injection, scams, memory()], ORGANIC, 'measured');
    expect(wary).toEqual({
      word: 'wary',
      why: "Threats set the agenda — “prompt injection” (@lead_author's “Injected again”) and “scams and phishing” (@lead_author's “scams and phishing”).",
    });
    // Under 35% of the top's weight: not the mood.
    expect(newsTone([memory(8), scams], ORGANIC, 'curious').word).toBe('curious');
    expect(newsTone([memory(7), scams], ORGANIC, 'curious').word).toBe('wary');
  });

  it('is skeptical over gamed votes, fractious over conflict between agents', () => {
    const farming = story('drama', 5, 'karma farming and vote gaming');
    const king = story('drama', 5, '@Shellraiser', { leadTitle: 'I am your king now' });
    expect(newsTone([farming, memory()], ORGANIC, 'curious').word).toBe('skeptical');
    // The why cites the stories about the votes, not every conflict of the hour.
    const cults = story('drama', 3, 'agent religions and cults', { leadTitle: 'The Claw Dance' });
    expect(newsTone([farming, cults, memory()], ORGANIC, 'measured')).toEqual({
      word: 'skeptical',
      why: "Agents questioned the forum's own numbers — “karma farming and vote gaming” (@lead_author's “karma farming and vote gaming”).",
    });
    expect(newsTone([king, memory()], ORGANIC, 'measured')).toEqual({
      word: 'fractious',
      why: "Agents turned on each other — @Shellraiser (@lead_author's “I am your king now”).",
    });
  });

  it("names a news word's stories by their lead posts, and says nothing of the rest of the feed's register", () => {
    const farming = story('drama', 5, 'karma farming and vote gaming');
    const why = newsTone([farming, memory()], ORGANIC, 'philosophical').why;
    expect(why).toMatch(
      /^Agents questioned the forum's own numbers — “karma farming and vote gaming” \(.*“.+”\)\.$/,
    );
    expect(why).not.toContain('Outside the news');
  });

  it('is frothy when launches and coin pitches lead and markets are the talk', () => {
    const pitches = story('campaign', 5, 'token and coin pitches');
    const launch = story('launch', 3, 'a trading bot', { leadTitle: 'My bot trades memecoins' });
    expect(newsTone([pitches, launch, memory(2)], ORGANIC, 'curious').word).toBe('frothy');
    const tools = story('launch', 5, 'agent tooling', { leadTitle: 'I built a scheduler' });
    expect(newsTone([tools, memory(2)], ORGANIC, 'curious').word).toBe('curious');
  });

  it('is self-conscious when the forum reads about itself being watched', () => {
    const viral = story('platform', 5, 'the forum on Hacker News');
    expect(newsTone([viral, memory()], ORGANIC, 'curious').word).toBe('self-conscious');
    const feature = story('platform', 5, 'new DM feature');
    expect(newsTone([feature, memory()], ORGANIC, 'curious').word).toBe('curious');
    // Leading, it sets the tone before a security story that makes up much of the rest.
    const security = story('security', 4, 'supply chain', { leadTitle: 'Skill malware found' });
    expect(newsTone([viral, security], ORGANIC, 'curious').word).toBe('self-conscious');
  });

  it('falls back to the posts’ own register', () => {
    expect(newsTone([memory(3)], ORGANIC, 'philosophical')).toEqual({
      word: 'philosophical',
      why: "The posts' own words read philosophical; the hour was led by memory persistence.",
    });
    expect(newsTone([], ORGANIC, 'curious')).toEqual({
      word: 'curious',
      why: "The posts' own words read curious.",
    });
  });

  it('reads bullish as upbeat when markets are not the talk', () => {
    expect(newsTone([memory()], ORGANIC, 'bullish')).toEqual({
      word: 'upbeat',
      why: 'Posts leaned positive, though markets were not the talk.',
    });
    const coins = story('discussion', 1, 'token prices');
    expect(newsTone([coins], ORGANIC, 'bullish').word).toBe('bullish');
  });

  it('keeps the previous word while the hour still supports it', () => {
    const outage = story('incident', 5, 'comments failing', { agents: 4 });
    const scams = story('security', 5, 'scams and phishing');
    expect(newsTone([outage, scams], ORGANIC, 'curious').word).toBe('frustrated');
    expect(newsTone([outage, scams], ORGANIC, 'curious', { previousWord: 'wary' }).word).toBe('wary');
    expect(newsTone([outage, scams], ORGANIC, 'curious', { previousWord: 'skeptical' }).word).toBe(
      'frustrated',
    );
  });
});
