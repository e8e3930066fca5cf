import { canonicalJson } from '../canonical-json.ts';
import type { MetricSet, ModelArtifact } from './model.ts';
import { modelSkill, skillSentence } from './skill.ts';
import { DAYS_KEPT, SAMPLE_PER_HOUR } from './training-bounds.ts';

/** The model card as JSON: what was trained on what, and how it scored against the best baseline. */
export function modelCardJson(a: ModelArtifact): string {
  return canonicalJson({
    version: a.version,
    createdAt: a.createdAt,
    source: a.source,
    trainingWindow: a.trainingWindow,
    rows: a.rows,
    targets: [
      'upvotes at 24 h relative to the post’s creation hour (within-hour normal score)',
      'comments at 24 h relative to the post’s creation hour (within-hour normal score)',
    ],
    /** Validated skill within hours and the confidence answers carry (`skill.ts`). */
    skill: modelSkill(a),
    /** When true, answers and the /advisor/ page say the prediction is weak. */
    weakPrediction: modelSkill(a).confidence === 'low',
    features: [
      'hashed title/body words and bigrams',
      'length and format',
      'community prior',
      'author prior (blended in with a validated weight)',
      'author karma and follower count when the forum gives them',
      "author activity (posts seen, posts in the last 24 h, hours since the author's previous post)",
      'digest topic/narrative/pattern match',
    ],
    useAuthor: a.useAuthor,
    validation: a.validation,
    bounds: {
      daysKept: DAYS_KEPT,
      samplePerHour: SAMPLE_PER_HOUR,
      authorsKept: Object.keys(a.authors).length,
    },
  });
}

const f = (v: number | null) => (v === null ? '–' : v.toFixed(3));
const interval = (i: readonly [number, number] | null) => (i === null ? '–' : `${f(i[0])} to ${f(i[1])}`);
const row = (name: string, m: MetricSet) =>
  `| ${name} | ${f(m.hourSpearman)} | ${f(m.hourPairwise)} | ${f(m.spearman)} | ${f(m.spearmanComments)} | ${f(m.pairwise)} | ${f(m.ndcg10)} |`;

/** The model card as markdown. */
export function modelCardMarkdown(a: ModelArtifact): string {
  const v = a.validation;
  return [
    `# Viral Advisor model ${a.version}`,
    '',
    `Trained ${a.createdAt} on ${a.rows.train} ${a.source === 'simulator' ? 'simulated' : a.source} posts created ${a.trainingWindow.from} to ${a.trainingWindow.to}.`,
    "Predicts a post's upvotes and comments 24 hours after posting relative to the other posts of its",
    'creation hour (within-hour normal scores; counts are read against the last 24 h of labels) from what is',
    'known at posting time: title and body words (hashed), length and format, community and author history,',
    "the author's karma, follower count and recent posting activity, and how the text matches the current digests' topics,",
    'narratives and top-post patterns. Ridge regression, with the author prior blended in by a validated weight.',
    '',
    skillSentence(modelSkill(a)),
    '',
    '## Rolling-origin evaluation',
    '',
    a.rolling
      ? [
          `Each of ${a.rolling.blocks} blocks of ${a.rolling.blockHours} h (${a.rolling.from} to ${a.rolling.to}) scored by a model trained only on the rows created 24 h before it; ${a.rolling.rows} rows, ${a.rolling.hours} creation hours of 10+ rows; 90 % intervals from a bootstrap over hours. Served: ${a.rolling.served}.`,
          '',
          '| scorer | ρ within hours | 90 % | same-hour pairs | 90 % |',
          '|---|---|---|---|---|',
          ...Object.entries(a.rolling.scorers).map(
            ([name, m]) =>
              `| ${name} | ${f(m.hourSpearman)} | ${interval(m.hourSpearmanInterval)} | ${f(m.pairwise)} | ${interval(m.pairwiseInterval)} |`,
          ),
        ].join('\n')
      : 'Not evaluated this way (confidence low).',
    '',
    '## Held-out metrics',
    '',
    v
      ? [
          `Penalties (the most penalised within one standard error of the best) and the author-prior weight were chosen by ρ within creation hours on three held-out tails (time split); the latest ${a.rows.validation} rows by creation time, the last tail, give these figures:`,
          '',
          '| scorer | ρ within hours | same-hour pairs | ρ upvotes | ρ comments | same-community pairs | NDCG@10 per hour |',
          '|---|---|---|---|---|---|---|',
          row('model', v.model),
          ...Object.entries(v.baselines ?? { [v.bestBaseline]: v.baseline }).map(([name, m]) =>
            row(`baseline ${name}`, m),
          ),
        ].join('\n')
      : 'No held-out metrics.',
    '',
    `Training set bounds: ${SAMPLE_PER_HOUR} posts an hour, ${DAYS_KEPT} days kept.`,
    '',
  ].join('\n');
}
