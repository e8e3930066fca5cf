import type { AdvisorRequest } from '../schemas/advisor.ts';
import {
  type AdvisorFactor,
  AdvisorResponse,
  type AdvisorStory,
  type AdvisorSuggestion,
} from '../schemas/advisor-response.ts';
import type { AdvisorContext } from './context.ts';
import { type Draft, joinDraft, splitDraft, stripLabel } from './draft.ts';
import { FEATURE_GROUPS, type FeatureGroup } from './features.ts';
import { predictedCounts } from './levels.ts';
import type { CompiledModel } from './model.ts';
import { type Candidate, offlineCandidates } from './rewrite-offline.ts';
import { type ScoredDraft, scoreDraft } from './score.ts';
import { type ModelSkill, modelSkill, skillSentence } from './skill.ts';
import type { StoryInput } from './stories.ts';

/** Everything one piece of advice needs; no I/O. */
export interface AdviceInput {
  readonly model: CompiledModel;
  readonly context: AdvisorContext;
  readonly request: AdvisorRequest;
  /** When the post would go out (its hour of day is a feature). */
  readonly now: Date;
  /** Extra rewrites to consider (e.g. from an LLM): untrusted text, scored like the offline edits. */
  readonly extraCandidates?: readonly Candidate[];
}

// A rewrite must beat the draft by this much (log1p units of upvotes + comments) to be offered.
const MIN_GAIN = 0.01;

function reachOf(score: number): AdvisorResponse['predictedReach'] {
  if (score >= 95) return 'Explosive';
  if (score >= 80) return 'High';
  if (score >= 40) return 'Medium';
  return 'Low';
}

const GROUP_WORDS: Record<FeatureGroup, string> = {
  wording: 'The words and phrases used',
  format: 'Length and format',
  timing: 'The hour of posting',
  community: 'The community',
  author: "The author's track record",
  digest: 'Fit with what the forum discusses now',
};

function explain(
  group: FeatureGroup,
  s: ScoredDraft,
  direction: AdvisorFactor['direction'],
  where: { hour: number; submolt: string | null; author: string | null },
): string {
  // The verb follows the factor's own direction, so the words never contradict its number.
  const verb = direction === 'raises' ? 'raise' : direction === 'lowers' ? 'lower' : 'barely move';
  const tends = direction === 'neutral' ? 'barely moves' : `tends to ${verb}`;
  switch (group) {
    case 'wording':
      return `${GROUP_WORDS.wording} ${verb} the prediction against an average recent post (the model learned word effects from posts of the training window).`;
    case 'format': {
      const traits = [...s.traits].slice(0, 4).join(', ') || 'no notable traits';
      return `${GROUP_WORDS.format} (${traits}) ${verb} the prediction.`;
    }
    case 'timing':
      return direction === 'neutral'
        ? `Posting at ${String(where.hour).padStart(2, '0')}:00 UTC barely moves the prediction: the model ranks posts against others of the same hour.`
        : `Posting at ${String(where.hour).padStart(2, '0')}:00 UTC ${tends} the prediction.`;
    case 'community':
      if (s.communityKnown)
        return `Posting in m/${where.submolt} ${tends} the prediction against the forum average.`;
      return where.submolt === null
        ? 'No community was named, so no community history is used.'
        : `m/${where.submolt} has no posts in the training window; an unseen community ${tends} the prediction.`;
    case 'author':
      if (s.authorKnown) return `The named author's earlier posts ${verb} the prediction.`;
      return where.author === null
        ? 'No author was named, so no author history is used.'
        : `The named author has no posts in the training window; a new author ${tends} the prediction.`;
    case 'digest': {
      const m = s.match;
      const hits = [
        ...m.topicsMatched.map((t) => `topic "${t}"`),
        ...m.narrativesMatched.map((n) => `${n.status} narrative "${n.label}"`),
        ...m.patternsShown.map((p) => `pattern ${p}`),
      ];
      return hits.length > 0
        ? `Matches ${hits.slice(0, 4).join(', ')} of the current digests, which ${verb}s the prediction.`
        : `Matches none of the current digest topics, narratives or top-post patterns (${direction === 'neutral' ? 'no effect' : `this ${verb}s the prediction`}).`;
    }
  }
}

function factorsOf(
  model: CompiledModel,
  s: ScoredDraft,
  where: { hour: number; submolt: string | null; author: string | null },
): AdvisorFactor[] {
  const means = model.artifact.groupMeans;
  return FEATURE_GROUPS.filter((g) => g !== 'author' || model.artifact.useAuthor)
    .map((group) => {
      const unnamed =
        (group === 'author' && where.author === null) || (group === 'community' && where.submolt === null);
      const raw = unnamed ? 0 : s.prediction.groups[group] - (means[group] ?? 0);
      const contribution = Math.round(raw * 1000) / 1000;
      const direction: AdvisorFactor['direction'] =
        Math.abs(contribution) < 0.02 ? 'neutral' : contribution > 0 ? 'raises' : 'lowers';
      return { group, contribution, direction, explanation: explain(group, s, direction, where) };
    })
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
}

/**
 * The advice for one draft: predicted engagement with intervals, a viral score calibrated on the last
 * 24 h of posts, per-group factors, and rewrites the model scores higher (only those are offered).
 * The draft is data to score, never instructions. Pure and deterministic.
 */
export function advise(input: AdviceInput): AdvisorResponse {
  const { model, context, request, now } = input;
  const art = model.artifact;
  const where = {
    submolt: request.context?.submolt?.toLowerCase() ?? null,
    author: request.author ?? null,
    at: now,
  };
  const draft = splitDraft(request.prompt);
  const base = scoreDraft(model, context, draft, where);

  // A rewrite never carries a label copied from the prompt ("Draft:", "Title:"): titles are cleaned like the draft's.
  const candidates = [...offlineCandidates(base, context), ...(input.extraCandidates ?? [])].map((c) => ({
    ...c,
    draft: { ...c.draft, title: stripLabel(c.draft.title) },
  }));
  const scored = candidates
    .map((c) => ({ c, s: scoreDraft(model, context, c.draft, where) }))
    .filter((x) => x.s.score > base.score + MIN_GAIN)
    .sort((a, b) => b.s.score - a.s.score);

  // Combine the offline edits greedily (each on top of the last) while the model keeps scoring higher.
  let best: { draft: Draft; s: ScoredDraft; source: 'none' | 'offline' | 'llm' } = {
    draft,
    s: base,
    source: 'none',
  };
  for (const { c } of scored) {
    const merged: Draft =
      c.source === 'llm'
        ? c.draft
        : {
            title: c.draft.title !== draft.title ? c.draft.title : best.draft.title,
            content:
              c.draft.content !== draft.content
                ? mergeContent(draft.content, best.draft.content, c.draft.content)
                : best.draft.content,
          };
    const s = scoreDraft(model, context, merged, where);
    if (s.score > best.s.score + MIN_GAIN) best = { draft: merged, s, source: c.source };
  }

  const skill = modelSkill(art);
  const suggestions: AdvisorSuggestion[] = scored.slice(0, 6).map(({ c, s }) => ({
    text: c.text,
    basis: c.basis,
    gain: Math.round((s.percentile - base.percentile) * 10) / 10,
  }));
  // A weak model's scores cannot decide for the reader: grounded story suggestions it did not score
  // higher are still offered, with no gain claimed.
  if (skill.confidence === 'low')
    for (const c of candidates)
      if (c.basis.kind === 'story' && !suggestions.some((x) => x.text === c.text))
        suggestions.push({ text: c.text, basis: c.basis, gain: null });
  const viralScore = Math.round(base.percentile);
  const after = Math.round(best.s.percentile);
  const hasContext = context.topics.length > 0 || context.narratives.length > 0;
  const offTopic = base.match.topicsMatched.length === 0 && base.match.narrativesMatched.length === 0;
  const verdict: AdvisorResponse['verdict'] =
    viralScore >= 60 && after - viralScore < 5
      ? 'post'
      : hasContext && offTopic && viralScore < 40
        ? 'redirect'
        : 'refine';
  const factors = factorsOf(model, base, {
    hour: now.getUTCHours(),
    submolt: where.submolt,
    author: where.author,
  });
  const { upvotes: up, comments: com } = predictedCounts(art, base.prediction);

  return AdvisorResponse.parse({
    viralScore,
    predictedEngagement: { upvotes: up, comments: com },
    predictedReach: reachOf(viralScore),
    verdict,
    factors,
    suggestions,
    suggestedTitle: best.draft.title,
    suggestedContent: best.draft.content,
    rewrite: { source: best.source, scoreBefore: viralScore, scoreAfter: Math.max(viralScore, after) },
    reasoning: reasoningOf({
      art,
      viralScore,
      after,
      up,
      com,
      factors,
      verdict,
      best,
      context,
      skill,
      story: base.match.story,
    }),
    story: storyOf(base.match.story),
    skill,
    weakPrediction: skill.confidence === 'low',
    modelVersion: art.version,
    digestId: context.digestId,
  });
}

/** Applies an edit's change to the body on top of the current best body (appended endings stack). */
function mergeContent(original: string, current: string, edited: string): string {
  if (edited.startsWith(original) && current.startsWith(original))
    return current + edited.slice(original.length);
  return edited;
}

/** The joined story as the answer shows it. */
function storyOf(story: StoryInput | null): AdvisorStory | null {
  if (story === null) return null;
  const { terms: _terms, ...shown } = story;
  return shown;
}

/** A count with its noun in the right number: "1 comment", "2 comments", "0 comments". */
export function counted(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`;
}

function reasoningOf(x: {
  art: CompiledModel['artifact'];
  viralScore: number;
  after: number;
  up: { expected: number; low: number; high: number };
  com: { expected: number; low: number; high: number };
  factors: AdvisorFactor[];
  verdict: AdvisorResponse['verdict'];
  best: { source: string };
  context: AdvisorContext;
  skill: ModelSkill;
  story: StoryInput | null;
}): string {
  const lift = x.factors.find((f) => f.direction === 'raises');
  const drag = x.factors.find((f) => f.direction === 'lowers');
  const parts = [
    `The model predicts about ${counted(x.up.expected, 'upvote')} (80% range ${x.up.low}–${x.up.high}) and ${counted(x.com.expected, 'comment')} (${x.com.low}–${x.com.high}) after 24 hours, above ${x.viralScore}% of the posts of the last 24 hours.`,
    lift ? `Strongest lift: ${lift.group}.` : '',
    drag ? `Strongest drag: ${drag.group}.` : '',
    x.best.source === 'none'
      ? 'No tested rewrite scored higher, so the draft is returned unchanged.'
      : `The suggested ${x.best.source === 'llm' ? 'model-written' : 'edited'} version scores ${x.after}.`,
    x.verdict === 'redirect'
      ? 'The draft matches none of the current topics or narratives; consider an angle on one of them.'
      : '',
    x.story
      ? `It joins the current story "${x.story.label}" (${counted(x.story.posts, 'post')}, ${x.story.scorePerPost} points a post, ${x.story.aboveHour ? 'above' : 'at or below'} the hour's average); its lead post "${x.story.lead.title}" has ${counted(x.story.lead.score, 'point')} and ${counted(x.story.lead.comments, 'comment')}.`
      : '',
    x.context.digestId === null ? 'No digest was available, so nothing about the current hour was used.' : '',
    skillSentence(x.skill),
    `Model ${x.art.version}, trained on ${x.art.rows.train} ${x.art.source === 'simulator' ? 'simulated' : 'forum'} posts.`,
  ];
  return parts.filter((p) => p !== '').join(' ');
}

/** The draft as one prompt string (for clients that want the rewrite as a single text). */
export { joinDraft };
