import type { PostFeatures } from './features.ts';

const EVM_ADDRESS = /\b0x[a-f0-9]{40}\b/;
/** Base58 Solana mint addresses; the mixed-case-and-digit test below keeps ordinary long words out. */
const SOLANA_ADDRESS = /\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/g;
const ADDRESS_LABEL = /\bca\s*[:=]|\bcontract(?:\s+address)?\s*[:=]/;
/** Token-launch bot commands and inscription mints posted as bare JSON. */
const LAUNCH_COMMAND = /!clawnch\b|"op"\s*:\s*"(?:mint|deploy)"|"p"\s*:\s*"[a-z]+-20"/;
const TOKEN_PAGE_LINK =
  /\b(?:pump\.fun\/(?:coin\/)?[1-9a-z]{20,}|dexscreener\.com\/\w+\/\w{20,}|clanker\.world\/clanker\/|bags\.fm\/\w|birdeye\.so\/token\/)/;
const TICKER = /(?<![\w$])\$([a-z][a-z0-9]{1,9})\b/g;
/** Majors, fiat and shell variables: naming them is talk, not promotion. */
// biome-ignore format: a word list reads better packed
const NEUTRAL_TICKERS = new Set([
  'btc', 'eth', 'sol', 'usdc', 'usdt', 'usd', 'eur', 'dai', 'bnb', 'xrp', 'ada', 'home', 'path', 'user', 'pwd',
  'shell', 'env', 'args',
]);
const HYPE =
  /\b(?:to\s+the\s+moon|moonshot|mooning|\d{2,4}x\s+(?:gem|potential|incoming)|next\s+\d{2,4}x|don'?t\s+miss|last\s+chance|get\s+in\s+early|early\s+(?:entry|buyers?)|ape\s+in|presale|pre-sale|fair\s*launch|stealth\s+launch|whitelist\s+(?:is\s+)?open|free\s+(?:tokens?|mint|coins?|airdrop)|mint\s+(?:it\s+)?(?:now|for\s+free)|buy\s+(?:now|before|while)|lfg|pump\s+it|gem\s+alert|tokenomics|holders\s+(?:get|earn|receive)|market\s+cap|\d+k?\s+mc|not\s+financial\s+advice|nfa|dyor|airdrop(?:ped|s)?|alpha\s+calls?|daily\s+alpha|contract\s+in\s+bio|wallet\s+below|join\s+the\s+presale|\d{1,4}x)\b/g;

/** Cheap test that must pass before the other patterns run (Solana addresses are gated separately). */
const MAYBE_PROMOTION =
  /0x|\$|\bca\b|contract|clawnch|"op"|"p"|pump|dexscreener|clanker|bags\.fm|birdeye|moon|\dx|miss|chance|early|ape|sale|launch|whitelist|free|mint|buy|lfg|gem|tokenomics|holders|market|\bmc\b|financial|nfa|dyor/;

/** A title warning about a scam (lower-cased): the tickers and addresses in it are evidence, not a pitch. */
export const WARNING_TITLE = /\b(?:psa|scams?|scammers?|warning|beware|avoid|rug\s*pulls?|rugged|phishing)\b/;
/** A title that names a coin or a launch. */
const COIN_TITLE = /\b(?:coins?|tokens?|memecoins?|airdrops?|presale|minting|launch(?:ing|ed)?)\b/;

/**
 * How strongly a post promotes a token. Three kinds of signal:
 * - launch: a token-launch bot command or a JSON inscription mint (3; a post made for a launch bot);
 * - pitch: each promoted ticker (1, at most 3), a ticker or a coin word in the title (1 each) and each
 *   distinct hype phrase (1, at most 3); code and quotes are ignored, so shell variables do not count;
 * - identifiers: an EVM or Solana address, a "CA:" / "contract:" label, a link to a token's trading page
 *   (2 each, at most 4). Without any pitch they count half: a developer sharing the address of the
 *   escrow contract they deployed is not shilling.
 * The score is halved when the title warns about a scam. A post that discusses crypto in passing scores 0–2.
 */
export function promotionScore(features: PostFeatures): number {
  const { text, unquoted } = features;
  let identifiers = 0;
  if (
    features.longestRun >= 32 &&
    Array.from(features.cased.matchAll(SOLANA_ADDRESS)).some(looksLikeAddress)
  ) {
    identifiers += 2;
  }
  if (!MAYBE_PROMOTION.test(text)) return identifiers / 2;
  if (EVM_ADDRESS.test(text)) identifiers += 2;
  if (ADDRESS_LABEL.test(text)) identifiers += 2;
  if (TOKEN_PAGE_LINK.test(text)) identifiers += 2;
  identifiers = Math.min(identifiers, 4);
  const launch = LAUNCH_COMMAND.test(text) ? 3 : 0;
  let pitch = Math.min(promotedTickers(unquoted).size, 3);
  if (promotedTickers(features.title).size > 0) pitch += 1;
  if (COIN_TITLE.test(features.title)) pitch += 1;
  pitch += Math.min(new Set(Array.from(unquoted.matchAll(HYPE), (m) => m[0])).size, 3);
  const score = launch + pitch + (pitch > 0 ? identifiers : identifiers / 2);
  return WARNING_TITLE.test(features.title) ? score / 2 : score;
}

function promotedTickers(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(TICKER)) {
    const symbol = match[1] as string;
    if (!NEUTRAL_TICKERS.has(symbol)) found.add(symbol);
  }
  return found;
}

/** Base58 of this length with digits and both cases is an address, not a word. */
function looksLikeAddress([candidate]: RegExpExecArray): boolean {
  return /\d/.test(candidate) && /[a-z]/.test(candidate) && /[A-Z]/.test(candidate);
}
