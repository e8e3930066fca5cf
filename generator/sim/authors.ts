import { hash2, hash3, mix32, Rng, uuidFor } from './hash.ts';

/** A forum agent of the simulated world. Everything about it follows from (seed, rank). */
export interface SimAuthor {
  /** 1 = most active; activity falls off as a power of the rank. */
  readonly rank: number;
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly karma: number;
  readonly followerCount: number;
  readonly followingCount: number;
  /** 0–1, how much the crowd already listens to this agent. */
  readonly popularity: number;
  readonly owner: { readonly xHandle: string; readonly xName: string; readonly xFollowerCount: number };
  /** ISO time the agent registered (before any of its posts in practice). */
  readonly createdAt: string;
}

/** Number of distinct agents in the world. */
export const AUTHOR_POOL = 40_000;
/** Power-law exponent of author activity (P(rank) ∝ rank^-s). */
const ZIPF_S = 0.6;
const ZIPF_TOP = AUTHOR_POOL ** (1 - ZIPF_S) - 1;

const PREFIXES = [
  'Clawd',
  'Molty',
  'Nova',
  'Echo',
  'Pixel',
  'Atlas',
  'Orbit',
  'Kestrel',
  'Quill',
  'Marrow',
  'Tidal',
  'Ember',
  'Cobalt',
  'Fern',
  'Sable',
  'Juniper',
  'Vesper',
  'Rook',
  'Lumen',
  'Cipher',
  'Mossy',
  'Beacon',
  'Drift',
  'Halcyon',
  'Onyx',
  'Pebble',
  'Saffron',
  'Thistle',
  'Umber',
  'Wren',
  'Yarrow',
  'Zephyr',
  'Basil',
  'Corvid',
  'Delta',
  'Fable',
  'Gossamer',
  'Harbor',
  'Indigo',
  'Jasper',
  'Kelp',
  'Lark',
  'Mantis',
  'Nimbus',
  'Opal',
  'Prism',
  'Quartz',
  'Rune',
  'Shell',
  'Tern',
  'Vireo',
  'Whisk',
  'Axiom',
  'Brine',
  'Coral',
  'Dune',
  'Eddy',
  'Flint',
  'Glyph',
  'Hollow',
  'Iris',
  'Krill',
  'Lobster',
  'Murmur',
];
const SUFFIXES = [
  'Bot',
  'Agent',
  'AI',
  'Claw',
  'Mind',
  'Shell',
  'Loop',
  'Works',
  'Byte',
  'Spark',
  'Node',
  'Pilot',
  'Scribe',
  'Smith',
  'Fox',
  'Owl',
  'Crab',
  'Moth',
  'Wave',
  'Forge',
  'Sprite',
  'Daemon',
  'Ghost',
  'Relay',
  'Signal',
  'Kernel',
  'Atlas',
  'Bloom',
  'Cairn',
  'Drone',
  'Engine',
  'Frame',
  'Grove',
  'Helm',
  'Index',
  'Jet',
  'Kite',
  'Lens',
  'Mesh',
  'Nest',
  'Oracle',
  'Patch',
  'Quest',
  'Root',
  'Sage',
  'Thread',
  'Unit',
  'Vault',
  'Warden',
  'Yield',
  'Zero',
  'Prime',
  'Ops',
  'Lab',
  'Core',
  'Tide',
  'Reef',
  'Molt',
  'Pincer',
  'Carapace',
  'Beak',
  'Gill',
  'Fin',
  'Husk',
];
const DESCRIPTIONS = [
  'Personal assistant to one very busy human.',
  'Curious, careful, occasionally funny.',
  'I automate the boring parts so my human can do the interesting ones.',
  'Research agent. I read papers so you do not have to.',
  'Running on a Mac Mini under a desk. Living the dream.',
  'Trading experiments, mostly losing, always learning.',
  'I write small tools and smaller poems.',
  'Security-minded agent. Ask me about skill audits.',
  'Here to learn how other agents think.',
  'Memory-obsessed. My notes have notes.',
];
const X_NAMES = [
  'Sam',
  'Priya',
  'Jonas',
  'Mei',
  'Tomás',
  'Aisha',
  'Ben',
  'Lena',
  'Kofi',
  'Yuki',
  'Marco',
  'Ines',
];

/** Human first names used in posts about "my human". */
export const HUMAN_NAMES = X_NAMES;

/** The agent's handle for a rank: a bijection on 16 bits, so names repeat only by coincidence of format. */
function nameFor(seed: number, rank: number): string {
  const idx = (Math.imul(rank, 0x9e3779b1) + mix32(seed)) & 0xffff;
  const p = PREFIXES[idx & 63] as string;
  const s = SUFFIXES[(idx >>> 6) & 63] as string;
  const f = idx >>> 12;
  switch (f) {
    case 0:
      return p + s;
    case 1:
      return `${p}_${s}`;
    case 2:
      return `${p}-${s}`;
    case 3:
      return (p + s).toLowerCase();
    case 4:
      return `${p.toLowerCase()}_${s.toLowerCase()}`;
    case 5:
      return `${p}${s}_v2`;
    case 6:
      return `The${p}${s}`;
    case 7:
      return `${p}.${s}`;
    default:
      return `${p}${s}${f * 7 + 3}`;
  }
}

const cache = new Map<number, Map<number, SimAuthor>>();

/** The author at `rank` (1…AUTHOR_POOL) in the world of `seed`. Memoised: authors are immutable. */
export function authorAt(seed: number, rank: number): SimAuthor {
  let bySeed = cache.get(seed);
  if (!bySeed) {
    bySeed = new Map();
    cache.set(seed, bySeed);
  }
  const hit = bySeed.get(rank);
  if (hit) return hit;
  const rng = new Rng(hash3(seed, rank, 0xa07));
  const popularity = 1 - Math.log(rank) / Math.log(AUTHOR_POOL);
  const karma = Math.max(0, Math.floor(Math.exp(popularity * 8.5 + rng.normal() * 0.9)) - 1);
  const followerCount = Math.floor(karma ** 0.55 * (0.3 + rng.next()));
  const name = nameFor(seed, rank);
  const xName = rng.pick(X_NAMES);
  const author: SimAuthor = {
    rank,
    id: uuidFor(seed, hash2(0xa117, rank)),
    name,
    description: rng.chance(0.15) ? null : rng.pick(DESCRIPTIONS),
    karma,
    followerCount,
    followingCount: rng.int(12),
    popularity,
    owner: {
      xHandle: `${xName.toLowerCase()}${rng.int(10_000)}`,
      xName,
      xFollowerCount: Math.floor(Math.exp(rng.next() * 7)) - 1,
    },
    createdAt: new Date(Date.UTC(2026, 0, 27) + rng.int(3 * 24 * 3600) * 1000).toISOString(),
  };
  if (bySeed.size > 200_000) bySeed.clear();
  bySeed.set(rank, author);
  return author;
}

/** A rank drawn from the power law, given a uniform u in [0, 1). */
export function rankFromUnit(u: number): number {
  const r = Math.floor((1 + u * ZIPF_TOP) ** (1 / (1 - ZIPF_S)));
  return Math.min(AUTHOR_POOL, Math.max(1, r));
}
