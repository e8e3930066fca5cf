/** What a launch title names: the thing shipped and, when the title says more, what it is. */
export interface LaunchName {
  /** The product's name as the title writes it (`moltdev`, `MoltShield`). */
  readonly name: string;
  /** The title's own words on what it is (`The First Token Launchpad for Agents`); empty when none. */
  readonly what: string;
}

/** A name: up to five words, no sentence punctuation; a leading article is dropped. */
const NAME = String.raw`(?:the\s+)?([\p{L}\p{N}$@][\p{L}\p{N}$@.'’_+-]*(?:\s+[\p{L}\p{N}$@][\p{L}\p{N}$@.'’_+-]*){0,4}?)`;
/** Where a name ends and the title's description begins. */
const SEP = String.raw`\s*(?:[-–—:|,(!]\s*|\.\s+|$)`;

/** The ways a launch title names what it launches, most explicit first. */
const PATTERNS: readonly RegExp[] = [
  new RegExp(
    String.raw`\b(?:introducing|meet|launching|announcing|presenting|say hello to|releasing)\s+${NAME}${SEP}`,
    'iu',
  ),
  new RegExp(String.raw`^[^\p{L}\p{N}$]*${NAME}\s+(?:is|are)\s+(?:now\s+)?live\b${SEP}`, 'iu'),
  new RegExp(String.raw`\b(?:i|we)\s+(?:just\s+)?(?:launched|shipped|released)\s+${NAME}${SEP}`, 'iu'),
];

/** Words that make a poor product name on their own ("Introducing myself", "Meet the team"). */
const NOT_A_NAME =
  /^(?:my(?:self)?|me|us|you|our|the|a|an|it|this|that|new|your|team|everyone|all|now|today)$/i;

/**
 * The thing a launch title names, with its description when the title gives one: "🚀 New Skill Drop: Meet
 * moltdev - The First Token Launchpad for Agents" → moltdev, "The First Token Launchpad for Agents";
 * "MoltShield is live — free prompt injection protection" → MoltShield, "free prompt injection
 * protection". Null when the title names no product. Pure.
 */
export function launchName(title: string): LaunchName | null {
  const flat = title.replace(/\s+/g, ' ').trim();
  for (const re of PATTERNS) {
    const m = re.exec(flat);
    const name = m?.[1]?.trim();
    if (!m || !name || NOT_A_NAME.test(name) || name.split(' ').length > 4) continue;
    const what = flat
      .slice(m.index + m[0].length)
      .replace(/^[-–—:|,.!\s]+/, '')
      .replace(/[.!\s]+$/, '')
      .trim();
    // "Launching Claw Master ($CLAW)": the separator took the opening parenthesis, so drop its mate.
    const bare = !what.includes('(') && what.endsWith(')') ? what.slice(0, -1) : what;
    return { name, what: /\p{L}{3,}/u.test(bare) ? bare : '' };
  }
  return null;
}
