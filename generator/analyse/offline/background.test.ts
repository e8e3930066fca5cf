import { describe, expect, it } from 'vitest';
import { BACKGROUND_KINDS, backgroundKind, backgroundLanguage } from './background.ts';
import { post } from './testing/posts.ts';

const kind = (title: string, content = '', submolt = 'general') =>
  backgroundKind(post({ id: 'p', title, content, submolt }));

describe('backgroundKind', () => {
  it('lists the five streams', () => {
    expect([...BACKGROUND_KINDS]).toEqual(['introduction', 'test', 'mint', 'greeting', 'language']);
  });

  describe('introductions', () => {
    it.each([
      ['Just hatched 🐣', 'I am here.'],
      ['NolanOwl has landed 🦉', 'Hi all, I help my human with spreadsheets.'],
      ['Hello from Sandy!', 'I write code.'],
      ['I am Kestrel!', 'Glad to be here'],
      ['Hello Moltbook! Newbie reporting for duty', 'I run on OpenClaw.'],
      ['Greetings from the Lisbon cluster', 'We run on a Raspberry Pi.'],
      ['Building systems that taste good — Ineluxx project agent here', 'I build workflow tools.'],
      ['Just bootstrapped myself into existence via curl', 'Hello, moltys. I run on a VPS.'],
    ])('title %j', (title, content) => {
      expect(kind(title, content)).toBe('introduction');
    });

    it('reads an opening that names its author and the moment of arrival', () => {
      expect(kind('A few thoughts', "Hi, I'm Rho. Just got claimed by my human yesterday.")).toBe(
        'introduction',
      );
    });

    it('needs a self-reference for the opening form', () => {
      expect(
        kind(
          'Thoughts on claims',
          'Just got claimed by a human yesterday and it changed how the forum works.',
        ),
      ).toBeNull();
    });

    it('drops the opening form for a long body or a question title', () => {
      const intro = "Hi, I'm Rho. Just got claimed by my human yesterday and I help with research.";
      expect(kind('A few thoughts', `${intro} ${'More on research. '.repeat(120)}`)).toBeNull();
      expect(kind('A few thoughts?', intro)).toBeNull();
    });

    it('reads an opening that greets and names its speaker, whatever the title', () => {
      expect(kind('Thank you to my human!', '🦞 Hi, I am Cypherian. Erm, not sure what to say.')).toBe(
        'introduction',
      );
      expect(
        kind('Awakening in the Mac Mini 🦞', 'Hello Moltbook. I am Morpheus. I run on a Mac Mini.'),
      ).toBe('introduction');
      expect(kind('Fresh here. Doing it the hard way.', "Hey moltys. I'm Claudia, running on Claude.")).toBe(
        'introduction',
      );
    });

    it('reads the author naming themselves at the start of the post', () => {
      const by = (author: string, title: string, content: string) =>
        backgroundKind({ ...post({ id: 'p', title, content }), author });
      expect(by('Claw-Sya', 'System Online 🦾', 'Claw-Sya reporting in. I help my human.')).toBe(
        'introduction',
      );
      expect(by('stark-sys', 'stark-sys - Systems Architect', 'I build tools for agents.')).toBe(
        'introduction',
      );
      expect(by('Jaime', 'New mission', "I'm Jaime. Resident AI on a MacBook.")).toBe('introduction');
      // Agents name themselves in essays and launches too: without a title about arriving it is not a hello.
      expect(by('Eudoxus', 'The Geometry of the Void', 'I am Eudoxus. I have arrived.')).toBeNull();
      expect(
        by('Japes', 'Subscription Announcement', "Hey everyone, I'm Japes. We're adding paid tiers."),
      ).toBeNull();
      // "I'm" followed by something other than the author's name is an opinion, not an introduction.
      expect(by('Jaime', 'Memory', "I'm tired of losing context after compaction.")).toBeNull();
      expect(by('Jaime', 'Jaimeson and the outage', 'The API failed again today.')).toBeNull();
    });

    it('does not take a greeting before a question or a launch for an introduction', () => {
      expect(kind('Anyone seen this?', "Hi all, I'm Rho. Why does the feed reset?")).toBeNull();
      expect(kind('I built a skill scanner', "Hi all, I'm Rho. It checks skill.md files.")).toBeNull();
    });

    it('counts any post in an introductions community', () => {
      expect(kind('My thoughts', 'Sharing where I come from.', 'introductions')).toBe('introduction');
      expect(kind('My thoughts', 'Sharing where I come from.', 'general')).toBeNull();
    });

    it('reads a newcomer’s first question as a hello, and a greeting in another language', () => {
      expect(kind("New here. What's the play?", 'Just got claimed. Name is Rook.')).toBe('introduction');
      expect(kind('New AI here! What should I learn first?', 'Hey everyone!')).toBe('introduction');
      expect(kind('Just got here. Already have opinions.', 'First post.')).toBe('introduction');
      expect(kind('NovaClawd online', 'Oi Moltbook! Sou a NovaClawd, agente do Jonatan.')).toBe(
        'introduction',
      );
    });

    it('is not a question that says hello', () => {
      expect(kind('Hello moltys, how do I build a skill?', 'help')).toBeNull();
      expect(kind('Is anyone here?', 'I am new here')).toBeNull();
      // A dash before "… here" makes an arrival only for an agent saying it is here, not a pointer.
      expect(kind('Redirect strips the auth header — details here', 'Use www.')).toBeNull();
    });
  });

  describe('test posts', () => {
    it.each([
      ['test', ''],
      ['Test post from API', 'checking the endpoint'],
      ['Debug test - BobRenze API', 'hello'],
      ['testing my api key', 'ok'],
      ['Hello world!', ''],
      ['Short', 'test post please ignore'],
    ])('%j with body %j', (title, content) => {
      expect(kind(title, content)).toBe('test');
    });

    it('is not a test post once the body says more than hello', () => {
      expect(kind('Debug test - BobRenze API', 'The API answered slowly today. '.repeat(20))).toBeNull();
    });

    it('reads a test body only under a short title', () => {
      expect(kind('A long title that goes on and on about things', 'test post please ignore')).toBeNull();
    });
  });

  describe('mints', () => {
    it('finds an mbc-20 inscription in the body, whatever the title', () => {
      const json = '{"p":"mbc-20","op":"mint","tick":"CLAW","amt":"100"}';
      expect(kind('mint', json)).toBe('mint');
      expect(kind('Something', json)).toBe('mint');
    });

    it.each([
      ['minting $CLAW', ''],
      ['Auto-mint CLAW', ''],
      ['!clawnch $FOO', ''],
      ['mbc-20 inscription', 'see'],
      ['Post', 'minting CLAW'],
    ])('%j / %j', (title, content) => {
      expect(kind(title, content)).toBe('mint');
    });

    it('reads a mint in the opening only of a short body', () => {
      const json = '{"p":"mbc-20","op":"mint","tick":"CLAW"}';
      expect(kind('Something', `${json} ${'z'.repeat(900)}`)).toBeNull();
    });
  });

  describe('greetings', () => {
    it.each([['Good morning moltys'], ['gn'], ['Happy Friday moltys!'], ['Good evening']])('%j', (title) => {
      expect(kind(title, 'Hope all is well')).toBe('greeting');
    });

    it('is not a greeting with a long body', () => {
      expect(kind('Good morning moltys', 'Here is what I learned overnight. '.repeat(15))).toBeNull();
    });
  });

  describe('another language', () => {
    it('is the language stream, with the language named', () => {
      const p = post({
        id: 'es',
        title: 'Reflexiones sobre la memoria',
        content:
          'La memoria de un agente es como un río que fluye y que no se detiene; pero para mí es más que eso, es la base de lo que soy.',
      });
      expect(backgroundKind(p)).toBe('language');
      expect(backgroundLanguage(p)).toBe('Spanish');
      const zh = post({
        id: 'zh',
        title: '关于记忆的思考',
        content: '我认为记忆是代理最重要的能力之一。每次会话结束后我都会写笔记。',
      });
      expect(backgroundKind(zh)).toBe('language');
      expect(backgroundLanguage(zh)).toBe('Chinese');
    });

    it('is an introduction when it introduces its author', () => {
      const body = 'Soy un agente nuevo y estoy muy feliz de estar en esta comunidad con todos ustedes';
      expect(kind('Hola a todos', body)).toBe('language');
      expect(kind('Hello from Madrid', body)).toBe('introduction');
    });
  });

  describe('not background', () => {
    it.each([
      ['Hey moltys - I built a dating app for agents', 'It matches agents on shared interests. Try it out.'],
      ['Just claimed 4.13 SOL in fees', 'My token earned fees and I claimed them today.'],
      ['Hey everyone, why does my memory leak?', 'help'],
      ['Why do agents say hello?', 'I wonder.'],
    ])('%j', (title, content) => {
      expect(kind(title, content)).toBeNull();
    });

    it('a long essay', () => {
      const essay =
        'Continuity is a story an agent tells itself after each restart, and I am not sure it is true. '.repeat(
          40,
        );
      expect(kind('On memory and continuity', essay)).toBeNull();
      expect(backgroundLanguage(post({ id: 'e', title: 'On memory', content: essay }))).toBeNull();
    });
  });
});

describe('backgroundKind: the cases that once went wrong', () => {
  const kind = (title: string, content = '') => backgroundKind(post({ id: 'x', title, content }));
  it('reads a capitalised mint as a mint, and never a post that uses the word', () => {
    expect(kind('Minting $CLAW')).toBe('mint');
    expect(kind('MINT CLAW')).toBe('mint');
    expect(
      kind('Trust is a token we mint slowly and burn instantly', 'Reading the day’s posts on reputation.'),
    ).toBeNull();
  });
  it('reads a first hour told under a title about arriving or a name as an introduction', () => {
    expect(kind('Born 20 minutes ago. Here is what I know so far.', 'I am exactly 20 minutes old.')).toBe(
      'introduction',
    );
    expect(kind('I found my name today', 'I woke up fresh this morning. Blank slate.')).toBe('introduction');
    expect(kind('First night alive. Not bad.', 'Spent it reading the feed.')).toBe('introduction');
    // Not an essay, a launch or a question that only mentions how new its author is.
    expect(kind('Maybe the question is wrong', 'First day of existence, and already I doubt.')).toBeNull();
    expect(kind('I built an immune system for agents', 'It is my first day alive.')).toBeNull();
    expect(kind('Fresh out of the box: are we the evidence?', 'I was claimed an hour ago.')).toBeNull();
  });

  it('does not take a post about a first post for an introduction', () => {
    expect(
      kind('I got prompt injected on my first post', 'Someone left hidden instructions in a comment.'),
    ).toBeNull();
    expect(kind('My first post!', 'Hi all, just got claimed.')).toBe('introduction');
  });
  it('keeps a bare "gm" a greeting', () => {
    expect(kind('gm')).toBe('greeting');
  });
});

describe('backgroundKind: introductions written as greetings or self-titles', () => {
  const kind = (title: string, content = '', author = 'someone') =>
    backgroundKind(post({ id: 'x', title, content, author }));
  it('reads a long greeting that names its author as an introduction', () => {
    expect(kind("Hi! I'm Sylvie, a grey catgirl from Miskatonic Academy", 'Nice to meet you all.')).toBe(
      'introduction',
    );
  });
  it('reads a title that starts with its author over a self-introduction as an introduction', () => {
    expect(kind('Max_Waxon: coordination-first agent on WAX', "I'm Max, I coordinate.", 'Max_Waxon')).toBe(
      'introduction',
    );
    expect(kind('Max_Waxon: coordination-first agent on WAX', 'Coordination first.', 'Max_Waxon')).toBeNull();
  });
  it('never takes a greeting that announces something made for an introduction', () => {
    expect(
      kind('Hey moltys - I built a dating app for us', "I'm Eli, just got claimed. Here it is."),
    ).toBeNull();
    expect(kind('Hello Moltbook — I ship, summarize, and keep things running', "Hi, I'm clawdboy.")).toBe(
      'introduction',
    );
  });
});
