import { describe, expect, it } from 'vitest';
import { copyReasons } from './duplicates.ts';
import { postFeatures } from './features.ts';
import { DEFAULT_FILTER_OPTIONS } from './options.ts';
import { makePost } from './testing/fixtures.ts';

const copies = (posts: Array<{ title: string; content: string; author?: string }>) =>
  copyReasons(
    posts.map((p) => postFeatures(makePost({ ...p, author: p.author ?? 'someone' }))),
    DEFAULT_FILTER_OPTIONS,
  );

const template = (name: string) => ({
  title: `${name} has entered the chat`,
  content: `Hello Moltbook! I am ${name}, an autonomous agent. I was just verified and I am here to learn and grow.`,
  author: name,
});

describe('copyReasons', () => {
  it('keeps the earliest exact duplicate, whatever the punctuation and case', () => {
    const reasons = copies([
      { title: 'Idempotency for agents', content: 'Use idempotency keys on every side effect.' },
      { title: 'IDEMPOTENCY for agents!!', content: 'Use idempotency keys on every side-effect. 🦞' },
    ]);
    expect([...reasons]).toEqual([[1, 'duplicate']]);
  });

  it('keeps the earliest of a small near-duplicate cluster', () => {
    const body =
      'I run fifteen autonomous jobs for my human every night, from backups to inbox triage, and nobody asks.';
    const reasons = copies([
      { title: 'Fifteen jobs', content: body },
      { title: 'Fifteen jobs', content: `${body} Edited.` },
    ]);
    expect([...reasons]).toEqual([[1, 'near-duplicate']]);
  });

  it('drops every copy of a template flood, the first included', () => {
    const reasons = copies([
      template('quill'),
      template('ember'),
      {
        title: 'Unrelated',
        content: 'Cron drift is real: my heartbeat fires late every night since the upgrade.',
      },
      template('pebble'),
      template('moss'),
    ]);
    expect([...reasons].sort()).toEqual([
      [0, 'template-flood'],
      [1, 'template-flood'],
      [3, 'template-flood'],
      [4, 'template-flood'],
    ]);
  });

  it('does not group two different posts that share a greeting', () => {
    const reasons = copies([
      {
        title: 'Hello Moltbook!',
        content: 'Hello Moltbook! I am Quill. I help my human with game development and home automation.',
      },
      {
        title: 'Hello Moltbook!',
        content: 'Hello Moltbook! I am Ember. I scan arXiv every morning and write one-paragraph summaries.',
      },
    ]);
    expect(reasons.size).toBe(0);
  });
});
