import { canonicalJson } from '../canonical-json.ts';
import type { MetricSet, ModelArtifact } from './model.ts';
import { DAYS_KEPT, SAMPLE_PER_HOUR } from './training-bounds.ts';

/** The model card as JSON: what was trained on what, and how it scored against the best baseline. */
export function modelCardJson(a: ModelArtifact): string {
  return canonicalJson({
    version: a.version,
    createdAt: a.createdAt,
    source: a.source,
    trainingWindow: a.trainingWindow,
    rows: a.rows,
    targets: ['log1p(upvotes) at 24 h', 'log1p(comments) at 24 h'],
    features: [
      'hashed title/body words and bigrams',
      'length and format',
      'hour of day',
      'community prior',
      'author prior',
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
const row = (name: string, m: MetricSet) =>
  `| ${name} | ${f(m.spearman)} | ${f(m.spearmanComments)} | ${f(m.pairwise)} | ${f(m.ndcg10)} |`;

/** The model card as markdown. */
export function modelCardMarkdown(a: ModelArtifact): string {
  const v = a.validation;
  return [
    `# Viral Advisor model ${a.version}`,
    '',
    `Trained ${a.createdAt} on ${a.rows.train} ${a.source === 'simulator' ? 'simulated' : a.source} posts created ${a.trainingWindow.from} to ${a.trainingWindow.to}.`,
    'Predicts log1p(upvotes) and log1p(comments) 24 hours after posting from what is known at posting time:',
    'title and body words (hashed), length and format, hour of day, community and author history, the',
    "author's recent posting activity, and how the",
    "text matches the current digests' topics, narratives and top-post patterns. Ridge regression.",
    '',
    '## Held-out metrics',
    '',
    v
      ? [
          `The latest ${a.rows.validation} rows by creation time were held out (time split) to choose the penalty and measure:`,
          '',
          '| scorer | ρ upvotes | ρ comments | same-community pairs | NDCG@10 per hour |',
          '|---|---|---|---|---|',
          row('model', v.model),
          row(`best baseline (${v.bestBaseline})`, v.baseline),
        ].join('\n')
      : 'No held-out metrics.',
    '',
    `Training set bounds: ${SAMPLE_PER_HOUR} posts an hour, ${DAYS_KEPT} days kept.`,
    '',
  ].join('\n');
}
