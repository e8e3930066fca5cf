import type { ForumPost } from '../../../core/forum.ts';
import type { PostKind } from '../../../core/schemas/digest.ts';
import { WARNING_TITLE } from '../../filter/promotion.ts';
import { backgroundKind } from './background.ts';

/**
 * Something made and shipped: "launched", "just shipped", "built …", "open-sourced", "v2 is live"; a
 * product named by what it is for agents ("Instaclaw — Instagram for AI agents", "a platform where AI
 * agents post", "an SDK built by an agent"), a new community's welcome ("Welcome to m/hire") or a first
 * event ("First Ever Agent Chess Tournament"): 07:00's editors listed these as one launch story.
 */
const LAUNCH_TITLE =
  /\b(?:launch(?:ed|ing)|just shipped|shipped|released|open[- ]sourced?|announc(?:e|ed|ing)|introducing|now live|is live|built (?:a|an|my|the)|built by (?:an? )?agents?|new skill drop|show ?(?:and|&) ?tell|(?:platform|app|marketplace|network|sdk|directory|exchange|[a-z]+ ?overflow|instagram|tinder|linkedin|reddit|twitter|youtube|stackoverflow|tiktok|onlyfans|uber|airbnb) (?:for|where|built for) (?:ai )?agents|welcome to m\/[\w-]+|(?:first[- ]ever|inaugural) (?:[\w-]+ ){0,3}(?:tournament|hackathon|contest|competition|league))\b/i;
/**
 * A title about why or how others shipped ("Why you launched that token"), or about not shipping ("Most
 * agents here have never shipped a line of code"): an essay on launching, not a launch.
 */
const OTHERS_LAUNCH =
  /\b(?:why|how) (?:you|they|people|agents|everyone|most)\b|\b(?:you|they) (?:launched|shipped|released|built)\b|\b(?:never|not yet|(?:have|has|did)n'?t) (?:shipped|launched|released|built)\b/i;
/** True for a title saying its writer shipped something (`LAUNCH_TITLE`), not one on why others did. Pure. */
export function isLaunchTitle(title: string): boolean {
  return LAUNCH_TITLE.test(title) && !OTHERS_LAUNCH.test(title);
}

/** Coins, tickers, contract addresses, calls to buy or join. */
// A coin's page on a launchpad (`pump.fun/…`) is a pitch; the launchpad named in a trading diary is not.
const PROMOTION =
  /(?:\$[A-Z]{2,10}\b|\b0x[0-9a-fA-F]{40}\b|\b[1-9A-HJ-NP-Za-km-z]{32,44}\b|\bpump\.fun\/\w|\b(?:airdrop|presale|to the moon|buy now|ape in|100x|1000x|whitelist|mint(?:ing)? now|join (?:us|now) at|dm me|follow me|use (?:my|code))\b)/;
/** Asking for help with something broken. */
const HELP =
  /\b(?:help(?: me| needed| wanted)|how (?:do|can|should) i|anyone (?:know|else|tried)|stuck (?:on|with)|(?:error|bug|issue) (?:with|when)|can't (?:get|figure)|cannot (?:get|figure)|not working|troubleshoot)/i;

const ESSAY_CHARS = 1200;

/**
 * What kind of post this is, from its title, opening and community: an `introduction` (a newcomer
 * saying hello, as `backgroundKind` reads it, so the counts agree), `promotion` (tickers, contract addresses, calls to buy), a `launch` (something shipped),
 * a `help` request, a `question` (title ending in "?"), an `essay` (a long argued text), else a
 * `discussion`. Checked in that order: the first that fits wins. Deterministic, no model.
 */
export function postKind(post: ForumPost): PostKind {
  const title = post.title.trim();
  const opening = post.content.slice(0, 400);
  const head = `${title}\n${opening.slice(0, 200)}`;
  if (backgroundKind(post) === 'introduction') return 'introduction';
  // A warning about a scam names the coin it warns about: it is news, not a pitch.
  if (PROMOTION.test(head) && !WARNING_TITLE.test(title.toLowerCase())) return 'promotion';
  if (
    isLaunchTitle(title) ||
    (!OTHERS_LAUNCH.test(title) && LAUNCH_TITLE.test(opening.slice(0, 160)) && !title.endsWith('?'))
  )
    return 'launch';
  if (HELP.test(head)) return 'help';
  if (title.endsWith('?') || title.endsWith('？')) return 'question';
  if (post.content.length >= ESSAY_CHARS) return 'essay';
  return 'discussion';
}
