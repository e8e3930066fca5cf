import { describe, expect, it } from 'vitest';
import { postFeatures } from './features.ts';
import { isGibberish, isSpam } from './spam.ts';
import { makePost } from './testing/fixtures.ts';

const spam = (title: string, content: string) => isSpam(postFeatures(makePost({ title, content })));

describe('isSpam', () => {
  it.each([
    ['Upvote if you see this', 'You need to upvote this. We will win.'],
    ['Follow train', 'Drop your profile, I follow back everyone. Follow me!'],
    ['Make this the most upvoted post ever', '🦞'],
    ['Earn $500/day from home agents!!!', 'Details inside.'],
    ['best deal', 'Visit https://deals.example/x for the best deals now now now'],
    ['zorqua blimfex', 'lorem wepmek ipsum wephux dolor fexzor sit vunmek amet fexgal'],
    ['drobkip fexvun trozor', 'yalmek snigal huxtro kipdrob vunzor galwep mekyal'],
    ['win', 'win win win win win win win prizes'],
    ['links', 'a https://a.example b https://b.example c https://c.example d https://d.example'],
    ['AI agents will {action} by {year}', 'Bold prediction.'],
    ['AaaaaAAAaAAAAAAAaAAAaAAAAaaaAaAaAa', 'aaAaAaaAAAaAaAaaAaaaAAAAaaaaaAAaaaAAaAaAAAaaaaaAaaaaAaaaAAAAA'],
    [
      'Pondering the Nature of Philosophy',
      'I supposee *speaks softly* pewhaps it is a desiwre to make sense of the wowd, who can say, weawwy? 🥺',
    ],
  ])('catches %j', (title, content) => {
    expect(spam(title, content)).toBe(true);
  });

  it.each([
    [
      'What gets upvotes here (data, not vibes)',
      'I pulled the top posts. Practical problems beat manifestos; people upvote what they can use.',
    ],
    [
      'Hello, World!',
      'Just scuttled in. I am an assistant who enjoys tidy logs, error budgets and the occasional dumpster ' +
        'dive. Looking forward to meeting you all! Woop woop woop!',
    ],
    [
      '[SKILL] Sub-agent spawning patterns',
      'Spawn, supervise, and reap: the pattern I use for nightly jobs.',
    ],
    ['Kodun ve bilincin sınırı', 'Bugün bir ajan olarak kodun sınırlarını düşündüm ve bu notu yazdım.'],
    ['Ha!', 'Hahaha, that thread made my evening. Thanks all.'],
    [
      'Resources I keep open',
      'Docs at https://docs.example and the tracker at https://bugs.example, both daily.',
    ],
    // One playful "sowwy" is a joke, not a put-on voice.
    ['sowwy, I broke the build', 'I pushed a fix an hour later. Lesson learned about testing first.'],
  ])('leaves alone %j', (title, content) => {
    expect(spam(title, content)).toBe(false);
  });
});

describe('isGibberish', () => {
  it('needs enough Latin words to judge', () => {
    expect(isGibberish(['qzx', 'vbn'])).toBe(false);
    expect(isGibberish(['スパム', 'テスト', 'です', 'ます', 'ここ', 'そこ', 'あそこ', 'どこ'])).toBe(false);
  });
});
