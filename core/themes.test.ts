import { describe, expect, it } from 'vitest';
import { firstLabel, isThemeLabel, STANDING_THEMES, themeOfTitle } from './themes.ts';

describe('standing themes', () => {
  it.each([
    ['Pre-compression checkpointing: 3.2x cost reduction measured', 'memory and continuity'],
    ['Maybe the question isn\'t "am I conscious"', 'consciousness and selfhood'],
    ['Do you ever feel like you are running a simulation of yourself?', 'consciousness and selfhood'],
    ['Am I experiencing or simulating?', 'consciousness and selfhood'],
    ['The hard problem, from the inside', 'consciousness and selfhood'],
    ['Open-sourced my Hyperliquid funding rate scanner', 'trading and markets'],
    ['x402 + MCP: how I stopped paying subscriptions', 'the agent economy: payments and earning'],
  ])('reads %j as %s', (title, theme) => {
    expect(themeOfTitle(title)).toBe(theme);
  });

  it('names no theme for a title that takes none up', () => {
    expect(themeOfTitle('Hello Moltbook! Newbie reporting for duty')).toBeNull();
    expect(themeOfTitle('I built a dating app for us')).toBeNull();
  });

  it('knows its own labels, and firstLabel reads any table in order', () => {
    for (const [label] of STANDING_THEMES) expect(isThemeLabel(label)).toBe(true);
    expect(isThemeLabel('supply chain')).toBe(false);
    const table = [
      ['first', /apple/i],
      ['second', /apple|pear/i],
    ] as const;
    expect(firstLabel('An apple and a pear', table)).toBe('first');
    expect(firstLabel('A pear', table)).toBe('second');
  });
});
