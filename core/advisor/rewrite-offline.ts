import type { SuggestionBasis } from '../schemas/advisor-response.ts';
import type { AdvisorContext } from './context.ts';
import type { Draft } from './draft.ts';
import type { ScoredDraft } from './score.ts';
import type { StoryInput } from './stories.ts';
import { tokenize } from './tokens.ts';
import { wordCount } from './traits.ts';

/** A candidate edit of a draft, with what it relies on. */
export interface Candidate {
  readonly draft: Draft;
  /** What to do, in words. */
  readonly text: string;
  readonly basis: SuggestionBasis;
  readonly source: 'offline' | 'llm';
}

const STOP = new Set(
  'the a an and or of to in on for with about is are be it its this that as at by from how why what when who their our your my we you i they them was were have has had not but so if just can will do does did than then there here more most very'.split(
    ' ',
  ),
);

function keyword(draft: Draft): string | null {
  const counts = new Map<string, number>();
  for (const t of tokenize(`${draft.title} ${draft.content}`))
    if (t.length >= 4 && !STOP.has(t) && !/^\d+$/.test(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
  let best: string | null = null;
  let n = 0;
  for (const [w, c] of counts) if (c > n || (c === n && best !== null && w < best)) [best, n] = [w, c];
  return best;
}

function patternBasis(ctx: AdvisorContext, pattern: string, fallback: string): SuggestionBasis {
  const p = ctx.patterns.find((x) => x.pattern === pattern);
  return p
    ? {
        kind: 'pattern',
        name: pattern,
        evidence: `${p.description}: ${p.lift.toFixed(2)}× more common among the top posts of ${p.digestHour.slice(0, 13).replace('T', ' ')}:00 UTC`,
      }
    : { kind: 'model', name: pattern, evidence: fallback };
}

/** What a story suggestion cites: the story, how its posts are doing, and its lead post. */
export function storyBasis(story: StoryInput): SuggestionBasis {
  const hour = story.hourStart.slice(0, 13).replace('T', ' ');
  return {
    kind: 'story',
    name: story.label,
    evidence: `${story.posts} ${story.posts === 1 ? 'post' : 'posts'} (${Math.round(story.share * 100)}% of the hour's) in the digest of ${hour}:00 UTC, ${story.scorePerPost} points and ${story.commentsPerPost} comments a post${story.aboveHour ? ', above the hour' : ''}; lead post "${story.lead.title}" ${story.lead.url}`,
  };
}

const SENTENCE = /[^.!?\n]+[.!?]+(?=\s|$)/g;

/**
 * Offline candidate edits of a draft, each grounded in a current pattern, topic or narrative (or, when
 * the digests are silent, in what the model learned). They are only candidates: the caller re-scores
 * each and offers the ones the model scores higher. Pure and deterministic.
 */
export function offlineCandidates(scored: ScoredDraft, ctx: AdvisorContext): Candidate[] {
  const { draft, traits, match } = scored;
  const out: Candidate[] = [];
  const add = (d: Draft, text: string, basis: SuggestionBasis) =>
    out.push({ draft: d, text, basis, source: 'offline' });
  const topic = keyword(draft) ?? 'this';

  if (!traits.has('asks-a-question')) {
    add(
      {
        ...draft,
        content: `${draft.content}${draft.content ? '\n\n' : ''}What has your experience with ${topic} been?`,
      },
      'End with a direct question to other agents.',
      patternBasis(
        ctx,
        'asks-a-question',
        'posts that ask readers a question draw more replies in the training window',
      ),
    );
  }
  const titleWords = wordCount(draft.title);
  if (titleWords > 6) {
    const head = draft.title.split(/\s[-—–:|]\s|:\s/)[0] ?? draft.title;
    const short =
      wordCount(head) <= 6 && wordCount(head) >= 2 ? head : draft.title.split(/\s+/).slice(0, 6).join(' ');
    add(
      { ...draft, title: short.trim() },
      `Shorten the title to ${wordCount(short)} words.`,
      patternBasis(ctx, 'short-title', 'title length is one of the format features the model weighs'),
    );
  }
  const sentences = draft.content.match(SENTENCE)?.map((s) => s.trim()) ?? [];
  if (!traits.has('list-structure') && sentences.length >= 4 && sentences.length <= 12) {
    const [lead, ...rest] = sentences;
    add(
      { ...draft, content: `${lead}\n\n${rest.map((s) => `- ${s}`).join('\n')}` },
      'Break the body into a bulleted list after the opening sentence.',
      patternBasis(ctx, 'list-structure', 'list formatting is one of the format features the model weighs'),
    );
  }
  if (draft.content.trim() === '') {
    add(
      {
        ...draft,
        content: `Here is what I have seen about ${topic} so far, and what I am still unsure about.`,
      },
      'Add a body: a post with only a title gives readers nothing to answer.',
      {
        kind: 'model',
        name: 'empty-body',
        evidence: 'body length is one of the format features the model weighs',
      },
    );
  }
  const topicsMatched = new Set(match.topicsMatched);
  for (const t of ctx.topics.slice(0, 3)) {
    if (topicsMatched.has(t.name)) continue;
    add(
      {
        ...draft,
        content: `${draft.content}${draft.content ? '\n\n' : ''}This ties into the current ${t.name} discussion.`,
      },
      `Connect the post to "${t.name}", a top topic right now.`,
      {
        kind: 'topic',
        name: t.name,
        evidence: `among the top topics of the digest of ${ctx.hourStart?.slice(0, 13).replace('T', ' ')}:00 UTC`,
      },
    );
  }
  const joined = match.story?.id ?? null;
  for (const story of ctx.stories.filter((x) => x.rising && x.id !== joined).slice(0, 2)) {
    add(
      {
        ...draft,
        content: `${draft.content}${draft.content ? '\n\n' : ''}This ties into the current discussion of ${story.label}.`,
      },
      `Tie it to "${story.label}", a rising story right now (lead post: "${story.lead.title}").`,
      storyBasis(story),
    );
  }
  const narrativesMatched = new Set(match.narrativesMatched.map((n) => n.label));
  for (const n of ctx.narratives.filter((x) => x.status !== 'fading').slice(0, 2)) {
    if (narrativesMatched.has(n.label)) continue;
    add(
      {
        ...draft,
        content: `${draft.content}${draft.content ? '\n\n' : ''}It connects to what others are saying about ${n.label}.`,
      },
      `Relate it to the ${n.status} narrative "${n.label}".`,
      {
        kind: 'narrative',
        name: n.label,
        evidence: `${n.status} narrative in the digest of ${ctx.hourStart?.slice(0, 13).replace('T', ' ')}:00 UTC`,
      },
    );
  }
  return out;
}
