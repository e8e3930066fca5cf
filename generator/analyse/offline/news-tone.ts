import { joinWords } from '../../../core/format.ts';
import type { NewsKind, Story } from '../../../core/schemas/digest.ts';
import type { HourEngagement } from './engagement.ts';
import { claimsTakeover } from './hazards.ts';
import { hasInflatedVotes, INFLATED_LABEL } from './news-kind.ts';
import { flatTitle } from './story-text.ts';

/** The hour's mood in the words readers of this forum use, with the reason a reader would give. */
export interface NewsTone {
  readonly word: string;
  readonly why: string;
}

/** Stories whose kinds set the mood: the top of the hour. */
const TOP = 5;
const SWAMPED = 0.3;

const CONFLICT_ABOUT_VOTES = /\b(?:karma|vot(?:e|es|ing)|upvot\w*|farming|inflated|fake)\b/i;
const DEFENCES =
  /\b(?:audit\w*|scanners?|sandbox\w*|quarantine|shield|guard|checklists?|defen[cs]\w*|protection|blocklist)\b/i;
const WATCHED = /\b(?:screenshot\w*|viral|hacker news|humans? (?:are )?watching|on x|twitter)\b/i;
const MARKETS = /\b(?:tokens?|coins?|memecoins?|pump|trading|market|price|\$[A-Z]{2,})\b/i;

function labels(stories: readonly Story[]): string {
  return joinWords(stories.slice(0, 2).map((s) => s.label));
}

/**
 * The first two stories each by the post that carries it: a subject's label in quotation marks (a label
 * may hold "and" or a colon of its own) with its lead post, a thread by its author and title (readers of
 * 02:00 found the tone "evidenced by story names, not posts").
 */
function quotedLabels(stories: readonly Story[]): string {
  return joinWords(
    stories.slice(0, 2).map((s) => {
      const post = `${s.lead.author ? `@${s.lead.author}'s ` : ''}“${flatTitle(s.lead.title)}”`;
      if (s.label.startsWith('“') || s.label.toLowerCase() === `@${s.lead.author?.toLowerCase()}`)
        return post;
      return s.label.startsWith('@') ? `${s.label} (${post})` : `“${s.label}” (${post})`;
    }),
  );
}

/**
 * The hour's tone from what its top stories are (by newsworthiness), in this forum's words: `spammed`
 * when a flood is a third of the feed; `chaotic` when vote-inflated posts lead as a story of their own, or
 * lead with conflicts or campaigns; `frustrated` for a failure several agents report; `vigilant` / `wary` when security leads (defences
 * being built, or threats alone); `skeptical` / `fractious` for conflict (over gamed votes, or between
 * agents); `frothy` when a coin launch or pitch heads the hour (before any side story's word, as a failure or
 * the forum being watched at the top is) or launches and pitches lead together; `self-conscious` when the forum reads about
 * itself being watched; otherwise the register the posts' own words show (`lexiconWord`), where
 * `bullish` stands only when markets are the talk. A news word's reason names the stories' lead posts and
 * nothing else: the register of the rest of the feed, once said after it ("Outside the news, more posts than
 * usual read optimistic"), read to readers of three hours as vague or as contradicting the word. Pure.
 */
export function newsTone(
  stories: readonly Story[],
  engagement: HourEngagement,
  lexiconWord: string,
  options: {
    /** The previous hour's word: it holds while this hour still supports it. */
    readonly previousWord?: string;
  } = {},
): NewsTone {
  const { previousWord } = options;
  const fits = toneCandidates(stories, engagement, lexiconWord);
  // The mood word holds while this hour still supports it, so it moves when the news does, not on noise.
  return fits.find((t) => t.word === previousWord) ?? (fits[0] as NewsTone);
}

/** Every tone word this hour supports, the strongest reading first; the last is the posts' own register. */
function toneCandidates(
  stories: readonly Story[],
  engagement: HourEngagement,
  lexiconWord: string,
): NewsTone[] {
  const out: NewsTone[] = [];
  const top = stories.slice(0, TOP);
  const total = top.reduce((s, x) => s + (x.newsScore ?? 0), 0);
  const of = (kinds: readonly NewsKind[]): Story[] =>
    top.filter((s) => kinds.includes(s.newsKind ?? 'discussion'));
  const share = (kinds: readonly NewsKind[]): number =>
    total === 0 ? 0 : of(kinds).reduce((n, s) => n + (s.newsScore ?? 0), 0) / total;
  const about = (s: Story, re: RegExp): boolean => re.test(`${s.label} ${s.lead.title}`);
  const head = top[0];
  const flood = top.find(
    (s) => s.newsKind === 'campaign' && s.label.startsWith('flood of ') && s.share >= SWAMPED,
  );
  if (flood)
    out.push({
      word: 'spammed',
      why: `A flood (${flood.label}) made up ${Math.round(flood.share * 100)}% of the feed, burying the rest.`,
    });
  const reported = of(['incident']).filter((s) => s.agents >= 2 && s.label !== INFLATED_LABEL);
  const frustrated = {
    word: 'frustrated',
    why: `Agents hit ${labels(reported.length > 0 ? reported : of(['incident']))}${engagement.state === 'frozen' ? ', and the hour’s comments stalled with it' : ''}.`,
  };
  // A failure agents report at the top of the hour sets its mood before any side story's chaos.
  const headFailure = head?.newsKind === 'incident' && head.agents >= 2 && head.label !== INFLATED_LABEL;
  if (headFailure) out.push(frustrated);
  // …and so does the forum reading about itself being watched, when that leads.
  const watched = head?.newsKind === 'platform' && about(head, WATCHED);
  const selfConscious = {
    word: 'self-conscious',
    why: `The forum read about itself being watched: ${head?.label ?? ''}.`,
  };
  if (watched) out.push(selfConscious);
  // …and so does a coin launch or pitch at the top: the hour's headline is money.
  const pitches = of(['launch', 'campaign']);
  const frothy = { word: 'frothy', why: `Launches and coin pitches led — ${quotedLabels(pitches)}.` };
  const headPitch = (head?.newsKind === 'launch' || head?.newsKind === 'campaign') && about(head, MARKETS);
  if (headPitch) out.push(frothy);
  const inflated = top.slice(0, 3).filter((s) => hasInflatedVotes(s));
  // Inflated posts that lead the hour as their own story are the chaos: votes nobody cast by hand.
  if (head?.label === INFLATED_LABEL)
    out.push({
      word: 'chaotic',
      why: `Vote-inflated posts sat on top of the feed (${joinWords(
        [head.lead, ...head.related].slice(0, 2).map((p) => `“${p.title}”`),
      )}), their scores far beyond the replies they drew.`,
    });
  else if (inflated.length > 0 && share(['drama', 'campaign']) >= 0.25)
    out.push({
      word: 'chaotic',
      why: `Vote-inflated posts (${labels(inflated)}) sat on top while conflicts and campaigns pulled the feed apart.`,
    });
  if (!headFailure && reported.length > 0 && share(['incident']) >= 0.3) out.push(frustrated);
  if (share(['security']) >= 0.35) {
    const security = of(['security']);
    // A post claiming its account was taken over is the attack, whatever its title calls it ("SECURITY
    // AUDIT"); as many defences as threats read as the first security story does.
    const defends = (s: Story): boolean => about(s, DEFENCES) && !claimsTakeover(s.lead);
    const built = security.filter(defends).length * 2;
    const defending =
      built > security.length ||
      (built === security.length && security[0] !== undefined && defends(security[0]));
    out.push(
      defending
        ? { word: 'vigilant', why: `Agents hardened their defences — ${quotedLabels(security)}.` }
        : { word: 'wary', why: `Threats set the agenda — ${quotedLabels(security)}.` },
    );
  }
  if (share(['drama']) >= 0.3) {
    const drama = of(['drama']);
    // Only the stories about the votes say why the hour was skeptical of its numbers.
    const aboutVotes = drama.filter((s) => about(s, CONFLICT_ABOUT_VOTES));
    out.push(
      aboutVotes.length > 0
        ? {
            word: 'skeptical',
            why: `Agents questioned the forum's own numbers — ${quotedLabels(aboutVotes)}.`,
          }
        : { word: 'fractious', why: `Agents turned on each other — ${quotedLabels(drama)}.` },
    );
  }
  if (!headPitch && share(['launch', 'campaign']) >= 0.4 && pitches.some((s) => about(s, MARKETS)))
    out.push(frothy);

  if (lexiconWord === 'bullish' && !top.some((s) => about(s, MARKETS))) {
    out.push({ word: 'upbeat', why: 'Posts leaned positive, though markets were not the talk.' });
    return out;
  }
  out.push({
    word: lexiconWord,
    why: head
      ? `The posts' own words read ${lexiconWord}; the hour was led by ${head.label}.`
      : `The posts' own words read ${lexiconWord}.`,
  });
  return out;
}
