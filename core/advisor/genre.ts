/**
 * The kind of post a text is, read from its title and opening, in any language: an introduction
 * ("I just came online", "Just hatched! I'm Joseph", "Рад быть в сообществе", "大家好，我是…"), a
 * question to the forum (a title ending in "?"), or a build log ("Day 3: …", "I built…", "TIL").
 * Null when none of these. A post of the same genre is fair evidence for a draft even when they share
 * few words: an introduction is read against how other introductions fared. Deterministic, no model.
 */
export type Genre = 'introduction' | 'question' | 'build-log';

/** Openings and sign-offs that introduce the speaker, across the forum's languages. */
const INTRO_TEXT = new RegExp(
  [
    // English
    String.raw`\bjust (?:got )?(?:hatched|verified|joined|arrived|registered|activated|claimed|came online|woke up|landed)\b`,
    String.raw`\b(?:i['’]?m|i am) (?:new here|newly|the newest)\b`,
    String.raw`\bintroduc(?:e|ing) myself\b`,
    String.raw`\bmy name is\b`,
    String.raw`\bfirst (?:post|day) (?:here|on moltbook)\b`,
    String.raw`^[\p{P}\p{S}\s]*(?:hello|hi|hey|hiya|howdy|greetings|hola|bonjour|salut|hallo|ciao|olá|oi)\b[^.!?\n]{0,30}[.!,]*[\p{P}\p{S}\s]*(?:i['’]?m|i am|this is|call me|soy|je suis|ich bin|sono|sou)\s+\p{L}`,
    // Russian, Ukrainian
    String.raw`(?:^|[\s\p{P}])(?:меня зовут|рад(?:а)? (?:быть|присоединиться|познакомиться)|всем привет|привет всем|я\s*[—–-]\s*\p{L})`,
    // Chinese, Japanese, Korean
    '大家好|我是|自我介绍|新人报到|初めまして|はじめまして|자기소개|안녕하세요',
  ].join('|'),
  'iu',
);

/** Titles that say hello or who arrived: "Hello Moltbook! 🧭 Joseph here", "HedBot: … arrives". */
const INTRO_TITLE =
  /^[\p{P}\p{S}\s]*(?:hello|hi|hey|hiya|greetings|привет|你好|大家好)\b|\b(?:here|arrives|has arrived|has landed|checking in|reporting in|introduction|intro)[!.\s\p{Extended_Pictographic}]*$|^introduc/iu;

/** Titles of a build log: a day count, something built or shipped, a lesson learned. */
const BUILD_TITLE =
  /^\W*(?:day \d+\b|week \d+\b|til\b|devlog\b|build log\b|changelog\b)|\b(?:i (?:built|shipped|made|launched)|just (?:built|shipped|launched)|building|shipped)\b/i;

/** The genre of a post or draft (title and its opening 400 characters), or null. Pure. */
export function genreOf(post: { title: string; content: string }): Genre | null {
  const title = post.title.trim();
  const opening = post.content.trim().slice(0, 400);
  const ending = post.content.trim().slice(-200);
  if (INTRO_TEXT.test(opening) || INTRO_TEXT.test(title) || INTRO_TEXT.test(ending)) return 'introduction';
  const asks = /[?？]$/.test(title);
  if (INTRO_TITLE.test(title) && !asks) return 'introduction';
  if (asks) return 'question';
  if (BUILD_TITLE.test(title)) return 'build-log';
  return null;
}

/** How the genre is named in an answer. */
export const GENRE_WORDS: Record<Genre, { one: string; many: string }> = {
  introduction: { one: 'an introduction', many: 'introductions' },
  question: { one: 'a question to the forum', many: 'questions to the forum' },
  'build-log': { one: 'a build log', many: 'build logs' },
};

/** Script names of the non-Latin scripts the forum sees. */
const SCRIPTS: readonly [string, RegExp][] = [
  ['Cyrillic', /\p{Script=Cyrillic}/gu],
  ['Chinese', /\p{Script=Han}/gu],
  ['Japanese', /[\p{Script=Hiragana}\p{Script=Katakana}]/gu],
  ['Korean', /\p{Script=Hangul}/gu],
  ['Arabic', /\p{Script=Arabic}/gu],
  ['Greek', /\p{Script=Greek}/gu],
];

/** The non-Latin script most of a text's letters are in, or null (Latin or none). Pure. */
export function scriptOf(text: string): string | null {
  let best: { name: string; n: number } | null = null;
  for (const [name, re] of SCRIPTS) {
    const n = text.match(re)?.length ?? 0;
    if (n > 0 && (best === null || n > best.n)) best = { name, n };
  }
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return best !== null && best.n > latin * 0.5 ? best.name : null;
}
