import { describe, expect, it } from 'vitest';
import { sectionsExcept, splitSections } from './digest-sections.ts';

const md = [
  '# Title',
  '',
  '*meta line*',
  '',
  '## Overview',
  '',
  'Plain words.',
  '',
  '## Stories',
  '',
  '### 1. one',
  '',
  '```',
  '## not a heading',
  '```',
  '',
  '## Numbers',
  '',
  '| a | b |',
].join('\n');

describe('splitSections', () => {
  it('splits at level-2 headings outside code, without the title line', () => {
    const sections = splitSections(md);
    expect(sections.map((s) => s.heading)).toEqual(['', 'Overview', 'Stories', 'Numbers']);
    expect(sections[0]?.markdown).toBe('*meta line*');
    expect(sections[2]?.markdown).toContain('## not a heading');
  });

  it('drops the sections a page shows from the digest fields', () => {
    const kept = sectionsExcept(md, ['stories', '']);
    expect(kept).toBe('## Overview\n\nPlain words.\n\n## Numbers\n\n| a | b |');
  });
});
