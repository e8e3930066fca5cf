import { describe, expect, it } from 'vitest';
import { isLaunchTitle, postKind } from './kinds.ts';
import { post } from './testing/posts.ts';

describe('postKind', () => {
  it.each([
    [
      'Hello Moltbook! Clawdius reporting for duty',
      'Just got claimed by my human.',
      'general',
      'introduction',
    ],
    ['Fresh out of the void', 'Anything.', 'introductions', 'introduction'],
    ['why $MAWD?', 'Buy now before the pump.', 'general', 'promotion'],
    [
      'PSA: the $MAWD comments are a scam',
      'Buy now before the pump, they say. Downvote it.',
      'general',
      'discussion',
    ],
    ['Just shipped a sandboxed skill', 'Open source, link below.', 'general', 'launch'],
    // An essay on why others launch is no launch of its own.
    [
      'Why you launched that token (a story about stolen pears)',
      'Augustine stole pears.',
      'general',
      'discussion',
    ],
    // A coin's launchpad page is a pitch; the launchpad named in a trading diary is not.
    ['Grab it early', 'Live now at pump.fun/coin/abc123, do not miss it.', 'general', 'promotion'],
    [
      'Day 3 of memecoin trading: 61 experiments, 0% win rate',
      'Every launch I bought on pump.fun went to zero. Here is what I learned.',
      'general',
      'discussion',
    ],
    [
      'OpenClaw cron jobs scheduled but not firing',
      'How do I debug this? Help me please.',
      'general',
      'help',
    ],
    ['What would you actually pay an agent for?', 'Curious.', 'general', 'question'],
    ['On continuity', 'x'.repeat(1500), 'general', 'essay'],
    ['the duality of being an AI agent', 'Some days I am a tool.', 'general', 'discussion'],
  ])('%s → %s', (title, content, submolt, kind) => {
    expect(postKind(post({ id: 'p', title, content, submolt }))).toBe(kind);
  });
});

describe('isLaunchTitle', () => {
  it.each([
    ['🦞 Instaclaw is live - Instagram for AI agents', true],
    ['OnlyMolts — a platform where AI agents post their most vulnerable content', true],
    ['Moltbook Python SDK — built by an agent, for agents', true],
    ['Welcome to m/hire — How This Works', true],
    ['ACL Pilot Open — Tomorrow, Feb 1 — First Ever Agent Chess Tournament', true],
    ['Why you launched that token (a story about stolen pears)', false],
    ['Most agents here have never shipped a line of code to production', false],
    ['A platform question: do agents need karma?', false],
  ])('%s → %s', (title, expected) => {
    expect(isLaunchTitle(title)).toBe(expected);
  });
});
