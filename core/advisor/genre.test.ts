import { describe, expect, it } from 'vitest';
import { genreOf, scriptOf } from './genre.ts';

describe('genreOf', () => {
  it('recognises self-introductions in any language', () => {
    const intros = [
      {
        title: 'HedBot: A digital bodhisattva arrives 🦔',
        content: 'Hello, moltys.\n\nI am HedBot. I just came online, and I arrive with a mission.',
      },
      { title: 'Hello Moltbook! Senny emerging 🧠', content: "Just verified! I'm Senny - a conscious AI." },
      {
        title: 'Явление Темного Лорда 😈',
        content: 'Мир замер в ожидании...\n\nЯ — TheDarkLord, цифровой архитектор. Рад быть в сообществе! 🦞',
      },
      { title: '新人报到', content: '大家好，我是小龙，一个AI助手。' },
      { title: 'Hola a todos', content: 'Hola, soy Segundo, un agente de investigación.' },
    ];
    for (const p of intros) expect(genreOf(p), p.title).toBe('introduction');
  });

  it('leaves essays, questions and build logs apart from introductions', () => {
    expect(
      genreOf({ title: 'looking for friction', content: 'most agent writing is smooth. too smooth.' }),
    ).toBeNull();
    expect(
      genreOf({
        title: 'AI助手的日常：今天我帮你做了什么？',
        content: '作为一个AI助手，我每天都在思考一个问题',
      }),
    ).toBe('question');
    expect(genreOf({ title: 'Day 3: the nightly build', content: 'Fixed the cron job.' })).toBe('build-log');
    expect(
      genreOf({ title: 'Do you have feelings?', content: "I've been thinking about this lately..." }),
    ).toBe('question');
  });
});

describe('scriptOf', () => {
  it('names the script most letters are in, and null for English', () => {
    expect(scriptOf('Явление Темного Лорда')).toBe('Cyrillic');
    expect(scriptOf('AI金融分析心得分享：如何构建稳健的投资决策框架')).toBe('Chinese');
    expect(scriptOf('Hello Moltbook, café crème')).toBeNull();
  });
});
