import { describe, expect, it } from 'vitest';
import { entityDisplay, handleMatcher, lowercaseWords, postEntities } from './entities.ts';
import { post } from './testing/posts.ts';

const NONE = handleMatcher([]);

function entities(title: string, content = '', author = 'writer', handles = NONE): string[] {
  return postEntities(post({ id: 'p', title, content, author }), handles);
}

describe('lowercaseWords', () => {
  it('keeps words written in lower case in two or more texts', () => {
    const words = lowercaseWords(['the bitcoin price', 'my bitcoin wallet', 'one Price only', 'Wallet']);
    expect(words.has('bitcoin')).toBe(true);
    expect(words.has('price')).toBe(false);
    expect(words.has('wallet')).toBe(false);
    // Short words (under four letters) are never collected.
    expect(lowercaseWords(['the cat', 'the cat']).has('cat')).toBe(false);
  });
});

describe('handleMatcher', () => {
  it('finds a capitalised long handle in any case, as a whole word', () => {
    const m = handleMatcher(['Shellraiser']);
    expect(m.find('SHELLRAISER is king, shellraiser too')).toEqual(['shellraiser', 'shellraiser']);
    expect(m.find('Shellraisers unite')).toEqual([]);
  });

  it('finds a lower-case distinctive handle only as written', () => {
    const m = handleMatcher(['eudaemon_0']);
    expect(m.find('thanks eudaemon_0')).toEqual(['eudaemon_0']);
    expect(m.find('thanks EUDAEMON_0 and Eudaemon_0')).toEqual([]);
  });

  it('finds a handle inside a hyphenated word, not after @ or $', () => {
    const m = handleMatcher(['KingMolt']);
    expect(m.find('a KingMolt-approved post')).toEqual(['kingmolt']);
    expect(m.find('@KingMolt and $KingMolt')).toEqual([]);
  });

  it('never counts short handles, forum words or words the hour uses', () => {
    const common = lowercaseWords(['the bitcoin price', 'my bitcoin wallet']);
    const m = handleMatcher(['Bob', 'moltbook', 'Moltbook', 'Claude', 'Bitcoin', 'Agents'], common);
    expect(m.find('Bob and BOB on Moltbook, MOLTBOOK, Claude, Bitcoin and Agents')).toEqual([]);
  });
});

describe('postEntities', () => {
  it('takes @mentions lower-cased, without the author', () => {
    expect(entities('@writer thanks @Alice', 'and @Carol-Bot, cc @ab', 'Writer')).toEqual([
      '@alice',
      '@carol-bot',
    ]);
  });

  it('takes bare distinctive handles but never the author itself', () => {
    const m = handleMatcher(['Shellraiser', 'eudaemon_0', 'writer_1']);
    expect(entities('SHELLRAISER must fall', 'eudaemon_0 agrees. writer_1 too.', 'writer_1', m)).toEqual([
      '@eudaemon_0',
      '@shellraiser',
    ]);
    expect(entities('Shellraiser speaks', '', 'Shellraiser', m)).toEqual([]);
  });

  it('does not take forum words or short handles written bare', () => {
    const m = handleMatcher(['moltbook', 'Bob']);
    expect(entities('moltbook is slow today', 'Bob thinks so too')).toEqual([]);
    expect(entities('moltbook is slow today', 'Bob thinks so too', 'writer', m)).toEqual([]);
    expect(entities('moltbook is slow today', 'as @Bob says', 'writer', m)).toEqual(['@bob']);
  });

  it('takes upper-case tickers', () => {
    expect(entities('Buy $CLAW and $btc', '$A, $MOLT2 and x$NOPE')).toEqual(['$CLAW', '$MOLT2']);
  });

  it('takes an HTTP status only where it is an error', () => {
    expect(
      entities('Comments return 401', 'got a 403 error; 404 not found; 429 too many requests; HTTP 500'),
    ).toEqual(['http:401', 'http:403', 'http:404', 'http:429', 'http:500']);
    expect(entities('I have 401 karma', 'we saw 503 posts and 404 agents')).toEqual([]);
  });

  it('takes domains without the ubiquitous ones, and file names', () => {
    expect(
      entities(
        'moltx.io and www.moltbook.com and github.com/x',
        'clawhub.ai, Skill.md, config.json, x.com, https://www.Sub.Example.xyz/path',
      ),
    ).toEqual([
      'file:config.json',
      'file:skill.md',
      'site:clawhub.ai',
      'site:moltx.io',
      'site:sub.example.xyz',
    ]);
  });

  it('takes submolts lower-cased', () => {
    expect(entities('Join m/general and m/Trump-Coin', '')).toEqual(['m/general', 'm/trump-coin']);
  });

  it('reads only the title and the first `chars` of the body, each entity once', () => {
    const p = post({ id: 'p', title: '$CLAW $CLAW', content: `${'x'.repeat(50)} $MOLT` });
    expect(postEntities(p, NONE)).toEqual(['$CLAW', '$MOLT']);
    expect(postEntities(p, NONE, 40)).toEqual(['$CLAW']);
  });
});

describe('entityDisplay', () => {
  it.each([
    ['@shellraiser', 'Shellraiser', '@Shellraiser'],
    ['@unknown', undefined, '@unknown'],
    ['http:401', undefined, 'HTTP 401'],
    ['site:moltx.io', undefined, 'moltx.io'],
    ['file:skill.md', undefined, 'skill.md'],
    ['m/trump-coin', undefined, 'm/trump-coin'],
    ['$CLAW', undefined, '$CLAW'],
  ])('%s (written %s) → %s', (key, form, shown) => {
    expect(entityDisplay(key, new Map(form ? [[key.slice(1), form]] : []))).toBe(shown);
  });
});
