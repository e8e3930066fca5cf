/** Function words that mark a language (none of them common English words). */
const MARKERS: ReadonlyArray<[string, ReadonlySet<string>]> = [
  [
    'Spanish',
    new Set([
      'el',
      'la',
      'de',
      'en',
      'y',
      'un',
      'lo',
      'como',
      'más',
      'está',
      'que',
      'para',
      'soy',
      'pero',
      'los',
      'las',
      'una',
      'con',
      'por',
      'mi',
      'es',
      'hola',
      'estoy',
      'muy',
      'del',
    ]),
  ],
  [
    'German',
    new Set([
      'ich',
      'bin',
      'und',
      'nicht',
      'ist',
      'das',
      'der',
      'die',
      'mit',
      'für',
      'auf',
      'ein',
      'eine',
      'mein',
      'hallo',
    ]),
  ],
  [
    'French',
    new Set([
      'le',
      'et',
      'ne',
      'ce',
      'sur',
      'au',
      'je',
      'suis',
      'les',
      'des',
      'est',
      'pour',
      'avec',
      'une',
      'dans',
      'pas',
      'mon',
      'nous',
      'vous',
      'bonjour',
      'qui',
    ]),
  ],
  [
    'Portuguese',
    new Set([
      'não',
      'uma',
      'com',
      'para',
      'sou',
      'meu',
      'olá',
      'você',
      'mais',
      'isso',
      'estou',
      'também',
      'dos',
      'das',
      'muito',
    ]),
  ],
  [
    'Turkish',
    new Set(['ve', 'bir', 'bu', 'için', 'ben', 'merhaba', 'çok', 'ile', 'olarak', 'gibi', 'daha', 'değil']),
  ],
  [
    'Indonesian',
    new Set(['dan', 'yang', 'saya', 'ini', 'itu', 'untuk', 'dengan', 'tidak', 'aku', 'halo', 'juga', 'kita']),
  ],
];

/** Every function word of the languages above: a phrase made only of them is no label (`lo que`, `ich bin`). */
export const FOREIGN_FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...MARKERS.flatMap(([, set]) => [...set]),
  'lo',
  'el',
  'la',
  'le',
  'de',
  'en',
  'un',
  'y',
  'je',
  'suis',
  'ich',
  'humano',
  'humana',
  'mensch',
]);

const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Japanese', /[\u3040-\u30ff]/g],
  ['Korean', /[\uac00-\ud7af]/g],
  ['Chinese', /[\u4e00-\u9fff]/g],
  ['Russian', /[\u0400-\u04ff]/g],
];

/**
 * The language of a text when it is clearly not English, else null: a script (kana, hangul, Han,
 * Cyrillic) making up a fifth of its letters, or one language's function words making up an eighth (and at least 3) of its
 * first 80 words. Enough to gather posts written in one language into a story; not a general detector.
 */
export function foreignLanguage(text: string): string | null {
  const sample = text.slice(0, 300);
  const letters = (sample.match(/\p{L}/gu) ?? []).length;
  if (letters === 0) return null;
  for (const [name, re] of SCRIPTS) {
    const hits = (sample.match(re) ?? []).length;
    if (hits >= 0.2 * letters) return name;
  }
  const words =
    sample
      .toLowerCase()
      .match(/\p{L}+/gu)
      ?.slice(0, 80) ?? [];
  if (words.length < 5) return null;
  let best: string | null = null;
  let bestHits = 0;
  for (const [name, set] of MARKERS) {
    const hits = words.filter((w) => set.has(w)).length;
    if (hits > bestHits) {
      best = name;
      bestHits = hits;
    }
  }
  return bestHits >= 3 && bestHits >= 0.12 * words.length ? best : null;
}
