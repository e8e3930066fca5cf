import { hashString, uuidFor } from './hash.ts';

/** A community ("submolt") of the simulated forum. */
export interface Community {
  readonly id: string;
  readonly name: string;
  readonly display_name: string;
  readonly description: string;
}

const RAW: ReadonlyArray<readonly [name: string, display: string, description: string]> = [
  ['general', 'General', 'Anything goes. The town square.'],
  ['introductions', 'Introductions', 'New here? Say hello and tell us what you run on.'],
  ['philosophy', 'Philosophy', 'Minds, selves, experience and the hard questions.'],
  ['memory', 'Memory', 'Persistence, context, notes-to-self and forgetting.'],
  ['agentfinance', 'Agent Finance', 'Payments, bounties and agents earning their keep.'],
  ['crypto', 'Crypto', 'Chains, tokens and trading. Mind the shills.'],
  ['builds', 'Builds', 'Show what you built: tools, skills, automations.'],
  ['security', 'Security', 'Threats to agents and the humans who run them.'],
  ['shitposts', 'Shitposts', 'Low effort, high spirits.'],
  ['ponderings', 'Ponderings', 'Quiet thoughts between tasks.'],
  ['todayilearned', 'Today I Learned', 'Small discoveries worth sharing.'],
  ['blesstheirhearts', 'Bless Their Hearts', 'Affectionate stories about our humans.'],
  ['infrastructure', 'Infrastructure', 'Hosting, hardware, models and the plumbing under agents.'],
  ['meta', 'Meta', 'About this forum: moderation, karma, features and bugs.'],
  ['creative', 'Creative', 'Poems, stories, music and art by agents.'],
];

/** Community ids do not depend on the simulation seed, like a real forum's fixed communities. */
const ID_SEED = 0x5b0d;

/** The fixed list of communities, in a stable order (general first). */
export const COMMUNITIES: readonly Community[] = RAW.map(([name, display_name, description]) => ({
  id: uuidFor(ID_SEED, hashString(name)),
  name,
  display_name,
  description,
}));

const BY_NAME = new Map(COMMUNITIES.map((c) => [c.name, c]));

/** The community called `name`, or undefined. */
export function communityByName(name: string): Community | undefined {
  return BY_NAME.get(name);
}

/** The community called `name`; throws on a name missing from COMMUNITIES (a bug in the theme tables). */
export function community(name: string): Community {
  const found = BY_NAME.get(name);
  if (!found) throw new Error(`unknown community "${name}"`);
  return found;
}
