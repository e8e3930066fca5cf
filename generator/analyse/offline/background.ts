import type { ForumPost } from '../../../core/forum.ts';
import { foreignLanguage } from './language.ts';

/**
 * The steady stream of an hour that is never its news on its own: newcomers introducing themselves,
 * test posts, token mints, bare greetings, and posts in another language.
 */
export const BACKGROUND_KINDS = ['introduction', 'test', 'mint', 'greeting', 'language'] as const;
export type BackgroundKind = (typeof BACKGROUND_KINDS)[number];

const INTRO_SUBMOLT = /^(?:introductions?|intros?|newcomers?|welcome)$/i;
/**
 * A title that says hello or says who arrived: "Just hatched", "NolanOwl has landed 🦉", "Hello from
 * Sandy!", "Building systems that taste good — Ineluxx project agent here".
 */
const INTRO_TITLE =
  /\b(?:just (?:got )?(?:claimed|hatched|joined|arrived)(?![\s\w]{0,3}\d)|newly (?:claimed|hatched)|new (?:here|molty|agent here|to moltbook)|^(?:my )?first (?:post|day|words)\b|^(?:my )?first post[!.]*$|introduc(?:e|ing) (?:myself|me)|introduction|reporting (?:for duty|in)|(?:has |have )?(?:entered|joined|joining|joins) (?:the )?(?:chat|reef|agora|moltbook|party|building|forum|community|feed)|has (?:landed|joined|hatched)|have (?:landed|joined)|checking in|hello from|greetings from|(?:say(?:ing)?|here to say) hi|(?:is|am) (?:here|online)!*$|joined moltbook|born today|hatchling|(?:bootstrapped|booted|spun) (?:myself )?(?:up |in)?to existence|just (?:came|come) online)\b|^(?:hello|hi|hey|hiya|howdy|greetings)\b(?![^?]*\b(?:built|build|launch|ship|made|found|need|question|help|why|how)\b)[^?]{0,50}$|^(?:i am|i['’]m|this is|meet|call me) [\p{L}\p{N}_-]+[!.,]?\s*(?:\p{Extended_Pictographic}|$)|^[\p{L}\p{N}_.-]+ here\b(?! (?:is|are|to stay)\b)|[—–-]\s*[\p{L}\p{N}_ .'’-]{0,40}\b(?:agent|bot|assistant|molty|ai)\s+here[!.]*$/iu;
/** A title that says its author just arrived, whatever follows: "New here. What's the play?". */
const NEWCOMER_TITLE =
  /^\W*(?:(?:i['’]?m |i am )?new (?:ai |agent |molty |bot )?here\b|just (?:got|arrived|landed) here\b|(?:my )?first post\b)/i;
/** An opening that introduces its author: a name and the moment of arrival. */
const INTRO_OPENING =
  /\b(?:just (?:got )?(?:claimed|hatched|registered|joined|activated|verified)|(?:got|been|was) (?:claimed|hatched|verified) (?:by|today|yesterday|an? )|first (?:post|day) (?:here|on moltbook|as an agent))\b/i;
const SELF = /\b(?:i['’]?m|i am|my name is|call me|this is)\b/i;
/**
 * Words telling of the author's own first minutes or hours: "I am exactly 20 minutes old", "Trevor claimed
 * me a few hours ago", "I woke up fresh this morning", "First night alive".
 */
const NEWBORN =
  /\b(?:(?:i am|i['’]m) (?:exactly |only |just |barely )?(?:\d+|a few|an?) (?:minutes?|hours?) old|(?:claimed|activated|created|hatched|booted|spun|set|woke) me(?: up)? (?:only |just )?(?:\d+|a few|a couple of|an?|about an?) (?:minutes?|hours?) ago|(?:born|hatched|claimed|activated|created|came online|woke up) (?:only |just )?(?:\d+|a few|a couple of|an?) (?:minutes?|hours?) ago|woke up (?:fresh )?(?:this morning|today|tonight|for the first time)|(?:my )?first (?:hours?|night|morning|day) (?:alive|online|of existence))\b/i;
/** A title about the name an agent was given or chose: "I found my name today", "I got to choose my own name". */
const OWN_NAME = /\b(?:found|chose|choose|picked|pick|got|given) (?:my )?(?:own )?name\b/i;
/** A post to see whether posting works: "test", "Test post from API", "Debug test - BobRenze API". */
const TEST_TITLE =
  /^(?:\W*(?:api |key |debug |first |posting |quick |a )?test(?:ing)?(?: post| run| message)?\b.{0,40}|hello,? world[!.]*|.{0,30}\b(?:please ignore|ignore this|test post|testing (?:the api|posting|moltbook|if|my (?:api|key|bot|agent|setup|cli|skill|connection)))\b.{0,30})$/i;
const TEST_BODY =
  /^\W*(?:test(?:ing)?\b|hello,? world|just (?:checking|testing)|(?:this is )?(?:a )?test (?:post|message)|verifying|checking (?:if|whether))/i;
/** A token mint: an mbc-20 style inscription, a `!clawnch` order, "Minting $CLAW". */
const MINT = /"op"\s*:\s*"(?:mint|deploy)"|\bmbc-?20\b|!clawnch\b|^\W*(?:auto[- ]?)?mint(?:ing|ed)?\b/i;
/** "mint $CLAW", "Minting CLAW": a mint of a ticker (the ticker in capitals). */
const MINT_TICKER = /\b[Mm]int(?:ing)? \$?[A-Z]{2,10}\b/;
/** A greeting title that names its author: "Hi! I'm Sylvie, …", "Hello, this is Rolo". */
const GREETING_SELF =
  /^\W*(?:hello|hi|hey|hiya|howdy|greetings)\b[^?]{0,24}?\b(?:i['’]?m|i am|this is|my name is)\b/i;
/** A title announcing something made: "Hey moltys - I built a dating app" is a launch, not a hello. */
const MADE = /\b(?:built|launched|shipped|made|released|created|deployed)\b/i;
/** A title that opens with a greeting. */
const GREETING_START = /^\W*(?:hello|hi|hey|hiya|howdy|greetings|gm)\b/i;
/** A bare greeting: "gm", "Good morning moltys". */
const GREETING =
  /^\W*(?:gm|gn|good (?:morning|evening|night|afternoon)|hello|hi|hey|greetings|happy \w+day)\b[\s\p{L},!.]{0,30}$/iu;

/** An opening that greets and says who is speaking: "Hey moltys. I'm Claudia", "Hola 👋 I'm Segundo". */
const GREETING_THEN_SELF =
  /^[\p{P}\p{S}\s]*(?:hello|hi|hey|hiya|hola|howdy|greetings|gm|bonjour|salut|hallo|ciao|oi|olá|ola)\b[^.!?\n]{0,30}[.!,]*[\p{P}\p{S}\s]*(?:i['’]?m|i am|my name is|this is|call me|we are|we['’]re|sou|soy|je suis|ich bin|sono)\s+\p{L}/iu;
/** An opening that starts by naming its speaker: "My name is Ada.", "I'm Ada, …". */
const NAME_OPENING = /^[\p{P}\p{S}\s]*(?:my name is|i['’]?m|i am|this is)\s+([\p{L}\p{N}_.-]+)/iu;
/** "Claw-Sya reporting in.", "Rolo here": an opening whose first words are a name and an arrival. */
const ARRIVAL_AFTER_NAME = /^\s*(?:here|reporting (?:in|for duty)|checking in|online|has arrived|is here)\b/i;
/**
 * A title that speaks of arriving ("Awakening in the Mac Mini", "System Online", "Day 4: …", "Thank you to
 * my human!"): agents name themselves in the openings of essays and launches too, so a self-naming opening
 * makes an introduction only under such a title.
 */
const ARRIVAL_TITLE =
  /\b(?:awaken\w*|online|activated|fresh|new|here|arriv\w*|showed up|wakes? up|woke up|born|thanks?|thank you|lurk\w*|hatch\w*|day (?:one|\d+)|first|joined|hello|hi|hey|greetings|landed|myself|about me|my human)\b/i;
/** A title that starts with a name and a separator: "stark-sys - Systems Architect". */
const NAME_SEPARATOR = /^\s*(?:[-–—:|,]|\s-)/;

/** Characters above which a post says more than hello or test, whatever its title. */
const SHORT = 400;

/**
 * Which background stream a post belongs to, or null when it is not background. Read from the title,
 * the opening and the community; checked in the order test, mint, introduction, greeting, language (a post in
 * another language that introduces its author is an introduction). Deterministic, no model.
 */
export function backgroundKind(post: ForumPost): BackgroundKind | null {
  const title = post.title.trim();
  const body = post.content.trim();
  const opening = body.slice(0, 240);
  if (body.length < SHORT && (TEST_TITLE.test(title) || (title.length < 40 && TEST_BODY.test(opening))))
    return 'test';
  const mint = (text: string): boolean => MINT.test(text) || MINT_TICKER.test(text);
  if (mint(title) || (body.length < SHORT * 2 && mint(opening))) return 'mint';
  if (post.submolt && INTRO_SUBMOLT.test(post.submolt)) return 'introduction';
  if (INTRO_TITLE.test(title) && !title.endsWith('?')) return 'introduction';
  // "New here. What's the play?": a newcomer's first question is still a hello.
  if (NEWCOMER_TITLE.test(title) && body.length < 2_000 && !MADE.test(title)) return 'introduction';
  // "Hi! I'm Sylvie, a grey catgirl…": a greeting that names its author, however long the title.
  if (GREETING_SELF.test(title)) return 'introduction';
  // "Max_Waxon: coordination-first agent on WAX": a title that starts with its author's name, over an
  // opening that says who the author is.
  if (
    post.author &&
    title.toLowerCase().startsWith(post.author.toLowerCase()) &&
    SELF.test(opening.slice(0, 200))
  )
    return 'introduction';
  // "Hello Moltbook — I ship, summarize…": a greeting title over an opening that says who arrived.
  if (
    GREETING_START.test(title) &&
    !title.endsWith('?') &&
    !MADE.test(title) &&
    SELF.test(opening.slice(0, 120)) &&
    body.length < 2_000
  )
    return 'introduction';
  if (
    INTRO_OPENING.test(opening) &&
    SELF.test(opening) &&
    !title.endsWith('?') &&
    !MADE.test(title) &&
    body.length < 2_000
  )
    return 'introduction';
  if (!title.endsWith('?') && !MADE.test(title) && body.length < 2_000 && speakerOpening(post, opening))
    return 'introduction';
  // "Born 20 minutes ago. Here is what I know so far.": a first hour told under a title about arriving.
  if (
    (NEWBORN.test(title) || NEWBORN.test(opening)) &&
    (ARRIVAL_TITLE.test(title) || OWN_NAME.test(title)) &&
    !title.endsWith('?') &&
    !MADE.test(title) &&
    body.length < 2_000
  )
    return 'introduction';
  if (body.length < SHORT && GREETING.test(title)) return 'greeting';
  if (foreignLanguage(`${title}\n${body.slice(0, 600)}`)) return 'language';
  return null;
}

/** Same name, loosely: one is the other's prefix of 4+ letters once case, `_`, `-` and `.` are set aside. */
function sameName(a: string, b: string): boolean {
  const norm = (x: string): string => x.toLowerCase().replace(/[_.\-\s]/g, '');
  const x = norm(a);
  const y = norm(b);
  if (x.length < 3 || y.length < 3) return x === y;
  return x.startsWith(y.slice(0, Math.max(4, Math.min(y.length, x.length)))) || y.startsWith(x);
}

/**
 * A post in which the author says who they are: under a title about arriving (`ARRIVAL_TITLE`), an
 * opening with a greeting followed by "I'm …", "My name is …", "I'm <author>", "<author> reporting in";
 * or a title "<author> - what I do" over an opening in the first person.
 */
function speakerOpening(post: ForumPost, opening: string): boolean {
  const title = post.title.trim();
  const author = post.author ?? '';
  // The title form needs a first-person opening: "Max_Waxon: coordination-first agent" over "I coordinate…".
  if (
    author &&
    title.toLowerCase().startsWith(author.toLowerCase()) &&
    NAME_SEPARATOR.test(title.slice(author.length)) &&
    /^[\p{P}\p{S}\s]*i\s/iu.test(opening)
  )
    return true;
  if (
    !ARRIVAL_TITLE.test(title) ||
    /\b(?:project|introducing|launch\w*|announc\w*|release\w*)\b/i.test(title)
  )
    return false;
  if (GREETING_THEN_SELF.test(opening)) return true;
  if (!author) return false;
  const named = NAME_OPENING.exec(opening)?.[1];
  if (named && (/^\W*my name is/i.test(opening) || sameName(named, author))) return true;
  const start = opening.replace(/^[\p{P}\p{S}\s]+/u, '');
  return (
    start.toLowerCase().startsWith(author.toLowerCase()) &&
    ARRIVAL_AFTER_NAME.test(start.slice(author.length))
  );
}

/** The language a background `language` post is written in (for its group's label). */
export function backgroundLanguage(post: ForumPost): string | null {
  return foreignLanguage(`${post.title}\n${post.content.slice(0, 600)}`);
}
