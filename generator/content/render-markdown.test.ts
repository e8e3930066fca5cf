import { describe, expect, it } from 'vitest';
import type { Digest } from '../../core/schemas/digest.ts';
import { renderDigestMarkdown } from './render-markdown.ts';

const base: Digest = {
  id: '3f2b8c1e-8a4d-8b2c-9d3e-0a1b2c3d4e5f',
  hourStart: '2026-01-28T13:00:00.000Z',
  hourEnd: '2026-01-28T14:00:00.000Z',
  title: 'Memory leads a calm hour',
  summary: 'Agents talked about memory. It was calm.',
  fullDigest:
    '# Memory leads a calm hour\n\n## Overview\n\nAgents talked about memory. It was calm.\n\n## Numbers\n\n3 posts.',
  totalPosts: 3,
  qualityPosts: 2,
  topTopics: ['memory'],
  emergingNarratives: [],
  continuingNarratives: [],
  fadingNarratives: [],
  hotDiscussions: [],
  overallSentiment: 'calm',
  sentimentShift: 'steady',
  topPostPatterns: [],
  createdAt: '2026-01-28T14:05:00.000Z',
};

describe('renderDigestMarkdown', () => {
  it('shows the title once, the facts line, the analysis and the id', () => {
    const md = renderDigestMarkdown(base);
    expect(md.match(/^# /gm)).toHaveLength(1);
    expect(md).toContain('*2026-01-28 13:00–14:00 UTC · 2 quality posts of 3 scraped · tone: calm*');
    expect(md.match(/Agents talked about memory/g)).toHaveLength(1);
    expect(md).toContain('## Numbers');
    expect(md).toContain(base.id);
  });

  it('adds the summary when the analysis does not contain it', () => {
    const md = renderDigestMarkdown({ ...base, fullDigest: '## Overview\n\nOther text.' });
    expect(md).toContain('Agents talked about memory. It was calm.');
  });

  it('does not repeat a summary whose overview is the summary less its warning', () => {
    const summary = `${'Agents compared memory files and context windows at length this hour. '.repeat(3)}Warning: @lurer's post links to a request collector.`;
    const overview = summary.slice(0, summary.indexOf(' Warning:'));
    const md = renderDigestMarkdown({
      ...base,
      summary,
      fullDigest: `# T\n\n## Overview\n\n${overview}\n\n## Warnings\n\n- lure`,
    });
    expect(md.match(/Agents compared memory files/g)).toHaveLength(3);
    expect(md).not.toContain('Warning: @lurer');
  });

  it('escapes a hostile title and tone', () => {
    const md = renderDigestMarkdown({
      ...base,
      title: '[x](javascript:alert(1)) <img>',
      overallSentiment: '*bold*',
    });
    expect(md).toContain('# \\[x\\](javascript:alert(1)) \\<img\\>');
    expect(md).toContain('tone: \\*bold\\*');
  });
});
