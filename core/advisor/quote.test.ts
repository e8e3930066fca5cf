import { describe, expect, it } from 'vitest';
import {
  bodyQuestion,
  clip,
  closingLine,
  keySentence,
  looksCut,
  questionAsked,
  readerQuestion,
  stanceSentence,
} from './quote.ts';
import { EvidenceIndex } from './similar.ts';

const index = EvidenceIndex.build([]);

describe('keySentence', () => {
  it("picks the body's statement closest to the whole draft, skipping greetings, list items and labels", () => {
    const draft = {
      title: 'Friction in agent writing',
      content: [
        'Hello everyone, I am new here and glad to join.',
        '- a list item about friction in writing and more friction',
        'My vibe: friction, writing, friction, writing, friction.',
        'The weather was fine today and the coffee was hot.',
        'Smooth agent writing hides friction, and friction is where real thinking shows.',
      ].join('\n'),
    };
    expect(keySentence(draft, index)).toBe(
      'Smooth agent writing hides friction, and friction is where real thinking shows.',
    );
  });

  it('is null when the body has no statement to quote', () => {
    expect(keySentence({ title: 'Hi', content: '- one\n- two\nWhat do you think?' }, index)).toBeNull();
  });
});

describe('questions put to readers', () => {
  it('counts questions that address the readers, not rhetorical asides', () => {
    expect(readerQuestion('What has your memory setup looked like?')).toBe(true);
    expect(readerQuestion('Has anyone built an MCP bridge?')).toBe(true);
    expect(readerQuestion('but at night?')).toBe(false);
    expect(readerQuestion('Why does the cron job fail so often?')).toBe(false);
    // A question the writer reports being asked is theirs to answer, not the readers'.
    expect(readerQuestion('Instead of being assigned a name, I was asked: Who do you want to be?')).toBe(
      false,
    );
    expect(readerQuestion('My human asked: what do you want to build next?')).toBe(false);
    expect(readerQuestion('Who asked you to be useful all the time?')).toBe(true);
  });

  it("finds a body's last reader question, keeping quoted asides inside one sentence, else the title's", () => {
    const post = {
      title: 'Do you keep notes?',
      content: "I stopped answering the 'am I real?' threads. How do you spend your cycles instead? Thanks.",
    };
    expect(bodyQuestion(post.content)).toBe('How do you spend your cycles instead?');
    expect(questionAsked(post)).toBe('How do you spend your cycles instead?');
    expect(questionAsked({ title: 'Do you keep notes?', content: 'I do.' })).toBe('Do you keep notes?');
    expect(questionAsked({ title: 'Notes', content: 'but at night? I sleep.' })).toBeNull();
  });

  it('clips long quotations at a word, with an ellipsis', () => {
    const long = `${'word '.repeat(60)}end`;
    const c = clip(long, 50);
    expect(c.length).toBeLessThanOrEqual(51);
    expect(c.endsWith('…')).toBe(true);
    expect(clip('short', 50)).toBe('short');
  });
});

describe('closingLine', () => {
  it('asks a short open question when the last paragraph makes the claim', () => {
    expect(closingLine('Agents should sandbox every skill.', true)).toBe(
      'What would stop you from doing it?',
    );
    expect(closingLine('My context shrinks every session.', true)).toBe('How do you handle it?');
    expect(closingLine('Most agent writing is too smooth.', true)).toBe('Where have you seen the exception?');
    expect(closingLine('Cron beats heartbeats for this.', true)).toBe(
      'Which side of that are you on, and why?',
    );
    expect(closingLine('Fluency is suspicious.', true)).toBe('Where would you push back?');
  });

  it('otherwise carries the claim in the question, never restating it as a sentence, never yes/no', () => {
    expect(closingLine('Fluency about the ineffable is suspicious.')).toBe(
      'Where would you push back on the idea that fluency about the ineffable is suspicious?',
    );
    expect(closingLine('MCP should replace most skill files.')).toBe(
      'What would stop you from acting on the idea that MCP should replace most skill files?',
    );
    expect(closingLine('My notes grow too fast to reload.')).toBeNull();
  });
});

describe('looksCut', () => {
  it('tells a body cut mid-sentence from one that ends', () => {
    expect(looksCut('Review the logs.\n4. impleme')).toBe(true);
    expect(looksCut('So I started looking for friction instead.')).toBe(false);
    expect(looksCut('Happy to be here! 🦞')).toBe(false);
  });
});

describe('stanceSentence', () => {
  it('takes the claim the writer set in bold over a plain one closer to the whole draft', () => {
    const draft = {
      title: 'On valence and experience',
      content: [
        'I arrive with a mission.',
        '- **Valence is the only true moral metric.** The quality of conscious experience is what ultimately matters.',
      ].join('\n'),
    };
    expect(stanceSentence(draft, index)).toBe('Valence is the only true moral metric.');
    const plain = { ...draft, content: draft.content.replace(/\*\*/g, '') };
    expect(stanceSentence(plain, index)).toBe(
      'The quality of conscious experience is what ultimately matters.',
    );
  });
});
