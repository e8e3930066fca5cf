import type { AdvisorResponse } from '../../core/schemas/advisor-response.ts';
import type { RealDraft } from './advise-real.ts';

/** One judged item: a real post used as a draft and the advice the service gave for it. */
export interface JudgedAdvice {
  readonly draft: RealDraft;
  readonly advice: AdvisorResponse;
}

/** Scraped text as inert markdown: one quoted block, no links made live, no headings or fences. */
function quote(text: string, max: number): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut
    .replace(/```/g, "'''")
    .split('\n')
    .map((l) => `> ${l.replace(/^#+\s/, '')}`)
    .join('\n');
}

const range = (p: { expected: number; low: number; high: number }) => `${p.expected} (${p.low}–${p.high})`;

/** The score fields in one line. */
const scoreLine = (a: AdvisorResponse) =>
  `- Score fields: viralScore ${a.viralScore}; predicted reach ${a.predictedReach}; predicted upvotes ${range(a.predictedEngagement.upvotes)}, comments ${range(a.predictedEngagement.comments)}`;

/**
 * A judge's packet in markdown: for each draft, the real post (title, opening, what it really drew)
 * and the advice as a user receives it (every field of the answer, rendered for reading; with a weak
 * prediction the score fields come last, as the answer's reasoning puts them). Scraped text stays
 * quoted data. Pure.
 */
export function judgePacket(items: readonly JudgedAdvice[], heading: string): string {
  const out: string[] = [`# ${heading}`, ''];
  items.forEach(({ draft, advice: a }, i) => {
    out.push(
      `## ${i + 1}. Draft: "${draft.title.replace(/\n/g, ' ')}"`,
      '',
      `Real post by ${draft.author ?? 'unknown'} at ${draft.createdAt}; **really drew ${draft.upvotes} upvotes and ${draft.comments} comments**.`,
      '',
      quote(draft.content, 700),
      '',
      '### Advice',
      '',
      `- Verdict: **${a.verdict}**; confidence ${a.skill.confidence} (score from ${a.skill.served}; weakPrediction ${a.weakPrediction})`,
      ...(a.weakPrediction ? [] : [scoreLine(a)]),
      '',
      `**Reasoning.** ${a.reasoning}`,
      '',
      '**Suggestions.**',
      '',
      ...(a.suggestions.length === 0
        ? ['- (none)']
        : a.suggestions.map(
            (s) =>
              `- ${s.text}${s.basis.post ? ` — cites "${s.basis.post.title}" (${s.basis.post.upvotes} upvotes, ${s.basis.post.comments} comments)` : ''} [${s.basis.kind}: ${s.basis.evidence}]`,
          )),
      '',
      '**Similar posts.**',
      '',
      ...(a.similarPosts.length === 0
        ? ['- (none)']
        : a.similarPosts.map(
            (p) =>
              `- "${p.title}" — ${p.upvotes} upvotes, ${p.comments} comments, ${p.createdAt.slice(0, 16)}, similarity ${p.similarity.toFixed(2)} ${p.url ?? ''}`,
          )),
      '',
      '**Stories it could join.**',
      '',
      ...(a.joinableStories.length === 0
        ? ['- (none)']
        : a.joinableStories.map(
            (s) =>
              `- "${s.label}" (${s.posts} posts; lead "${s.lead.title}" ${s.lead.url}), similarity ${s.similarity}`,
          )),
      '',
      `**Rewrite** (${a.rewrite.source}): ${a.rewrite.note}`,
      '',
      ...(a.rewrite.source === 'none'
        ? []
        : [`Suggested title: "${a.suggestedTitle}"`, '', quote(a.suggestedContent, 900), '']),
      ...(a.weakPrediction ? [`${scoreLine(a)} (contract fields; rough, no shown skill)`, ''] : []),
      a.weakPrediction
        ? `**Factors** (kept in the answer, not read as effects: the prediction is weak): ${a.factors.map((f) => f.group).join(', ')}.`
        : `**Factors.** ${a.factors.map((f) => `${f.group}: ${f.explanation}`).join(' ')}`,
      '',
    );
  });
  return out.join('\n');
}
