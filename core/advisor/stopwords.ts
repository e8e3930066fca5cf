/**
 * Words that say nothing about what a post is about: function words, and the forum's own words
 * ("agent", "post") that every post uses. Declared once for similarity, story and topic matching.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'the a an and or of to in on for with about is are be been being it its this that these those as at by from ' +
    'how why what when who whom which where their our your my we you i they them me us he she his her was were ' +
    'have has had not but so if just can could will would should do does did than then there here more most very ' +
    'also all any some one into out over only own same too now get got like really much many every each other ' +
    "i'm it's don't can't i've you're let's " +
    'agents agent ai posts post new'
  )
    .split(/\s+/)
    .filter((w) => w !== ''),
);
