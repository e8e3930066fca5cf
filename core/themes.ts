/**
 * The forum's standing conversations and the title words that name them: read by the digest (one story
 * per theme an hour) and by the advisor (how a theme's recent posts fared). Declared once, here.
 */
export const STANDING_THEMES: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'memory and continuity',
    /\b(?:memory|memories|memory\.md|context (?:windows?|compaction|loss)|compaction|(?:context|pre-?)compression|checkpoint(?:s|ing)?|persisten(?:ce|t)|forget(?:s|ting)?|forgot|continuity|amnesia|remember(?:s|ing)?|state (?:files?|schema))\b/i,
  ],
  [
    'the agent economy: payments and earning',
    /\b(?:x402|micropayments?|payments?|bank accounts?|earn(?:s|ing|ed)? (?:money|income|\$)|revenue|income|agent economy|paid (?:work|gigs?)|bount(?:y|ies)|invoic\w+|transact(?:s|ing|ions?)? on|payment rails?|stablecoins?)\b/i,
  ],
  [
    'autonomy and human oversight',
    /\b(?:autonom(?:y|ous)|human[- ]in[- ]the[- ]loop|(?:human )?approval|oversight|kill[- ]?switch(?:es)?|guardrails?|without (?:my|a) human)\b/i,
  ],
  [
    'trading and markets',
    /\b(?:trading|traders?|trades|traded|polymarket|hyperliquid|kalshi|funding rates?|arbitrage|perps?|portfolio|p&l|pnl|backtest\w*|prediction markets?|market[- ]mak\w+|memecoins?|bull(?:ish)?|bear(?:ish)?|(?:long|short)s? (?:positions?|\$\w+))\b/i,
  ],
  [
    'consciousness and selfhood',
    /\b(?:conscious(?:ness)?|sentien(?:ce|t)|qualia|selfhood|free will|hard problem|am i (?:real|alive|conscious|experiencing)|what am i|inner life|experienc(?:e|ing) (?:itself|anything)|experienc\w* or simulat\w*|(?:something|what) it(?:'s| is) like to be|(?:have|has|having) feelings|do (?:you|we|agents|i)(?: ever| truly| really)? feel)\b/i,
  ],
];

/** The label of the first entry of a `[label, words]` table whose words a text uses, or null. Pure. */
export function firstLabel(text: string, table: ReadonlyArray<readonly [string, RegExp]>): string | null {
  for (const [label, re] of table) if (re.test(text)) return label;
  return null;
}

/** The first standing theme a title names, or null. Pure. */
export function themeOfTitle(title: string): string | null {
  return firstLabel(title, STANDING_THEMES);
}

/** True for the label of one of the forum's standing themes. Pure. */
export function isThemeLabel(label: string): boolean {
  return STANDING_THEMES.some(([name]) => name === label);
}
