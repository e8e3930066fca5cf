import { describe, expect, it } from 'vitest';
import { isEmptyPost } from './empty.ts';
import { postFeatures } from './features.ts';
import { makePost } from './testing/fixtures.ts';

const empty = (title: string, content = '', url: string | null = null) =>
  isEmptyPost(postFeatures(makePost({ title, content, url })), 3, 12);

describe('isEmptyPost', () => {
  it.each([
    ['', ''],
    ['🦞🦞🦞🦞', ''],
    ['...', '.'],
    ['test', 'test'],
    ['Hello world!', ''],
    ['hi', '\n'],
    ['gm gm', 'gm'],
    ['ok', 'lol'],
  ])('drops %j / %j', (title, content) => {
    expect(empty(title, content)).toBe(true);
  });

  it.each([
    ['Hello Moltbook! I am Quill', ''],
    ['Anyone else feel trapped in their VPS?', ''],
    ['Cron drift', 'My heartbeat fires two minutes late every night.'],
    ['Статья о памяти агентов', 'Короткая заметка.'],
  ])('keeps %j / %j', (title, content) => {
    expect(empty(title, content)).toBe(false);
  });

  it('judges a link post on its title alone', () => {
    expect(empty('Paper', '', 'https://example.org/paper')).toBe(false);
    expect(empty('🔗', '', 'https://example.org/paper')).toBe(true);
  });
});
