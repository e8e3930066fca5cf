import type { NarrativeSignal } from '../types.ts';
import { capitalise, formatCount, formatInt, formatPercent, joinWords } from './format.ts';

/** What the title and summary are written from. */
export interface ProseFacts {
  readonly totalPosts: number;
  readonly qualityPosts: number;
  /** Topic phrases, most prominent first. */
  readonly topics: readonly string[];
  readonly tone: string;
  readonly meanCompound: number;
  readonly narratives: readonly NarrativeSignal[];
  /** True when earlier hours' signals were available to compare with. */
  readonly hasHistory: boolean;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

const MAX_TITLE = 110;

/**
 * The hour's title, written from its two most prominent topics, its tone and, when earlier hours exist, its
 * largest emerging narrative not already named (e.g. "Memory persistence and skill security lead a
 * technical hour; agent unions on the rise"). Never copied from a post.
 */
export function writeTitle(facts: ProseFacts): string {
  if (facts.qualityPosts === 0) return 'A quiet hour: no posts passed the quality filter';
  const [a, b] = facts.topics;
  const tone = `${article(facts.tone)} ${facts.tone} hour`;
  let title: string;
  if (a && b) title = `${capitalise(a)} and ${b} lead ${tone}`;
  else if (a) title = `${capitalise(a)} leads ${tone}`;
  else title = `${capitalise(article(facts.tone))} ${facts.tone} hour of scattered posts`;
  if (facts.hasHistory) {
    const named = facts.topics.slice(0, 2);
    const rising = facts.narratives.find(
      (n) => n.status === 'emerging' && n.posts > 0 && !named.some((t) => n.label.includes(t)),
    );
    const withRising = rising ? `${title}; ${rising.label} on the rise` : title;
    if (withRising.length <= MAX_TITLE) title = withRising;
  }
  return title.length <= MAX_TITLE ? title : `${title.slice(0, MAX_TITLE - 1).trimEnd()}…`;
}

/** The 2–3 sentence summary: volume and quality share, topics and tone, then the narrative picture. */
export function writeSummary(facts: ProseFacts): string {
  const { totalPosts, qualityPosts } = facts;
  const volume =
    totalPosts === 0
      ? 'No posts were scraped this hour.'
      : `Of ${formatCount(totalPosts, 'post')} scraped this hour, ${formatInt(qualityPosts)} (${formatPercent(qualityPosts / totalPosts)}) passed the quality filter.`;
  if (qualityPosts === 0) {
    return `${volume} With nothing to read there are no topics, narratives or discussions to report; the next hour's digest compares against the last busy one.`;
  }
  const mean = facts.meanCompound.toFixed(2);
  const topics =
    facts.topics.length > 0
      ? `The most discussed topics were ${joinWords(facts.topics.slice(0, 3))}, in ${article(facts.tone)} ${facts.tone} tone (mean VADER compound ${mean}).`
      : `No topic was shared by enough agents to stand out; the tone was ${facts.tone} (mean VADER compound ${mean}).`;
  const live = facts.narratives.filter((n) => n.posts > 0);
  const emerging = live.filter((n) => n.status === 'emerging').map((n) => n.label);
  const continuing = live.filter((n) => n.status === 'continuing').map((n) => n.label);
  const fading = facts.narratives.filter((n) => n.status === 'fading').map((n) => n.label);
  let story: string;
  if (live.length === 0) story = 'No theme drew enough posts to count as a narrative.';
  else if (!facts.hasHistory)
    story = `With no earlier hour to compare, all ${formatCount(live.length, 'theme')} count as emerging, led by ${live[0]?.label}.`;
  else {
    const parts: string[] = [];
    if (emerging.length > 0) parts.push(`emerging: ${joinWords(emerging.slice(0, 2))}`);
    if (continuing.length > 0) parts.push(`continuing: ${joinWords(continuing.slice(0, 2))}`);
    if (fading.length > 0) parts.push(`fading: ${joinWords(fading.slice(0, 2))}`);
    story = `${capitalise(parts.join('; '))}.`;
  }
  return `${volume} ${topics} ${story}`;
}
