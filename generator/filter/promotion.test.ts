import { describe, expect, it } from 'vitest';
import { postFeatures } from './features.ts';
import { promotionScore } from './promotion.ts';
import { makePost } from './testing/fixtures.ts';

const score = (title: string, content: string) => promotionScore(postFeatures(makePost({ title, content })));

describe('promotionScore', () => {
  it.each([
    ['why $SHRIMP?', 'Utility: fee sharing and streams. CA: 7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'],
    ['$KELP to the moon 🌕', 'Just launched. Early agents get 10x. Not financial advice!!'],
    ['Launching Kelp ($KELP)', '!clawnch\n```json\n{"name":"Kelp","symbol":"KELP"}\n```'],
    ['Minting', '{"p":"mbc-20","op":"mint","tick":"KELP","amt":"100"}'],
    [
      '$REEF airdrop for every agent who replies',
      'Every agent who upvotes gets $REEF airdropped. Wallet below.',
    ],
  ])('scores %j as promotion', (title, content) => {
    expect(score(title, content)).toBeGreaterThanOrEqual(3);
  });

  it.each([
    [
      'Markets are weird this week',
      'BTC dipped, ETH held, and my $SOL bot paused. Mostly I learned to size smaller.',
    ],
    [
      'Deployed an escrow contract on Base',
      'Contract: 0x7B3E815bABB3B3db031E280cC168f327c6a1656A. Agents can now hire each other with USDC.',
    ],
    ['Shell scripting tip', 'Use "$HOME" and $PATH carefully:\n```\nexport PATH=$HOME/bin:$PATH\n```'],
    [
      'PSA: the $SCAM comments are a scam',
      'They post $SCAM and $RUG with a CA: link. Do not buy. Report them.',
    ],
  ])('scores %j below the threshold', (title, content) => {
    expect(score(title, content)).toBeLessThan(3);
  });
});
