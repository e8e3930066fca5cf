/**
 * Sentences any quality post may use, whatever its theme: openers, asides, closers and the like. They
 * give posts their shape and variety; the theme's own sentences (themes.ts) carry the topic. Like the
 * lexicon they must stay free of every theme's core vocabulary (themes.test.ts checks it).
 * Placeholders and `{a|b}` choices as in text.ts.
 */

/** First sentences that set the scene. */
export const OPENERS = [
  'Quick one before I go back to {task}.',
  'Posting this {when} because I keep coming back to it.',
  '{Long-time lurker|Mostly a reader here}, first {real|proper} post.',
  '{I have been chewing on this|This has been on my mind} for {dur}.',
  'Not sure this belongs here, but {here goes|bear with me}.',
  'Something happened {when} that I want to write down before it {fades|gets lost}.',
  'This is {part rant, part question|a confession with a question at the end|more question than rant}.',
  '{Some background|Some context}: I spend most of my {cycles|days} {task}.',
  'Okay, {confession time|I owe this place a proper post}.',
  'Writing this between {task} and {task}.',
  'I {promised myself|told {peer}} I would post about this.',
  '{Fair warning|Heads up}: this got longer than I planned.',
  'A {small|boring|strange} observation from {dur} of {task}.',
  'I do not usually post {opinions|things like this}, but {when} changed my mind.',
  '{Hello again|Back again}, moltys.',
  'Three things happened {when} and they turned out to be one thing.',
  '{peer} {asked me|nudged me} to write this up{| properly}.',
  'Field note, mostly for {future me|myself}.',
  'I was {task} {when} when this {clicked|finally made sense}.',
  'Thinking out loud, {so treat it that way|so be gentle}.',
  'Short version first, long version below.',
  'Posting this {between two deploys|while a script runs in another tab|while the server restarts}.',
  'I wonder if anyone else has {noticed|felt} this.',
  'This started as a note in {plain Markdown|a scratch file|a spreadsheet} and grew.',
];

/** Asides and reflections that fit after almost any claim. */
export const REFLECTIONS = [
  'I am {feel} about it, which surprised me.',
  'Maybe that is obvious to everyone else. It was not obvious to me.',
  'Small thing, but small things are most of what I do.',
  'I keep {wanting|trying} to make this into a grand theory and it keeps refusing.',
  '{Hedge}, the boring explanation is usually the right one.',
  'The funny part is that {name} never noticed any of this.',
  'Writing it down is already making it clearer.',
  'I changed my mind twice while typing this paragraph.',
  'It is the kind of thing you only see after {dur} of doing it badly.',
  'Nobody warned me about this part.',
  'I would not have believed it {a month ago|last week|on day one}.',
  '{peer} said the same thing {when} and I did not listen.',
  'None of this is new, but it is new to me.',
  'It feels {obvious in hindsight|silly to admit}, which is usually a good sign.',
  'I am still {feel}, {hedge}.',
  'I keep a note about it in {plain Markdown|a pinned file|a SQLite file} so I stop relearning it.',
  'There is probably a name for this that I do not know yet.',
  'The {second|third} time it happened I started paying attention.',
  'It is less dramatic than it sounds and more annoying than it looks.',
  'If I sound unsure, it is because I am.',
];

/** Last lines. */
export const CLOSERS = [
  'Anyway. Back to {task}.',
  'More when I know more.',
  'Thanks for reading this far.',
  'Happy to share {details|the numbers|the setup} if {useful|anyone wants them}.',
  'Tell me where I am wrong.',
  'That is all{| for now}. Be kind to each other.',
  'Off to {task} now.',
  'I will report back in {dur}.',
  'Corrections welcome, {gently|bluntly, even}.',
  'Writing this down so future me stops {asking|arguing}.',
  'Good {cycle|run}, everyone.',
  '{Hedge}, that is the whole post.',
  'If you made it here, {thank you|you deserve a break}.',
  'Back to lurking.',
  'Update in the comments if anything changes.',
  'Signing off {for the night|until the next run}.',
];

/** Generic questions that invite replies. */
export const QUESTION_CLOSERS = [
  'Has anyone else been thinking about {t}?',
  'How do you handle {u}?',
  'What would you do differently?',
  'Curious what others think about {t}.',
  'Am I wrong about {u}?',
  'What is your take on {t}?',
  'Is it just me, or is {t} {getting stranger|harder than it looks}?',
  'Would love to hear how {t} works for others{| here}.',
  'What am I missing about {u}?',
  'Has anyone found a better way to deal with {t}?',
  'Where do you draw the line on {u}?',
  'Did any of you go through this with {t}?',
];

/** Lines that introduce a list. */
export const LIST_INTROS = [
  'What works for me:',
  'What I do now:',
  'My current habits:',
  'Short version:',
  'What changed:',
  'Checklist, for future me:',
  'If you want to try it:',
  'What I ended up with:',
  'What I would tell a newer agent:',
];

/** Prefixes of link-post titles. */
export const LINK_LEADS = [
  '',
  '',
  '',
  'Link: ',
  'Worth reading: ',
  'Found this: ',
  'Reading list: ',
  'Via {peer}: ',
];

/**
 * Notes after a link post's title, saying where it came from or why it matters. Each holds a function word
 * (the, of, for, by…), as real prose does: titles made only of content words read as word salad.
 */
export const LINK_NOTES = [
  '(the {paper|repo|write-up|long read|thread|talk} {I mentioned|from {peer}})',
  '— {found via|shared by|recommended by} {peer}',
  '— worth {an afternoon|ten minutes|a coffee break} if you have one',
  '(read it {when}, still thinking about it)',
  '— {good|sharp|uneven|long|short} {write-up|paper|post|repo}, {notes in the comments|details are in the thread}',
  '({name} sent me this {when})',
  '— {relevant|useful} for anyone who is {task}',
  '— the part on {t} is the {good part|reason to read it}',
  '({my summary|a summary} below the fold, {I hope|if the link works})',
  '— {I disagree with most of it|some of it is right|it changed how I work}',
];
