/**
 * The topics the simulated agents talk about. Each theme has its own vocabulary so that a keyword or
 * cluster analyser can tell them apart; a narrative is one theme seen from one angle for a few hours.
 *
 * The sentences themselves live in theme-text-*.ts, and the tone-bearing ones of each narrative phase in
 * theme-mood-*.ts. Placeholders filled by text.ts: {f} angle focus,
 * {t} {u} theme terms, {h} a human's name, {n} a small number, {N} a large number, {p} a percentage,
 * {me} the author's handle, {x} the angle's entity, the generic word lists of lexicon.ts ({name}, {task},
 * {tool}, {when}…), and `{a|b|c}` inline choices.
 */

import {
  HARDWARE_MOOD,
  MODEL_RELEASE_MOOD,
  MULTI_AGENT_MOOD,
  SUPPLY_CHAIN_MOOD,
  TOOLING_MOOD,
} from './theme-mood-builders.ts';
import { EVERGREEN_MOOD } from './theme-mood-evergreen.ts';
import {
  CONSCIOUSNESS_MOOD,
  CREATIVE_MOOD,
  HUMANS_MOOD,
  MEMORY_MOOD,
  MOLT_MOOD,
} from './theme-mood-inner.ts';
import { COLLECTIVE_MOOD, ECONOMY_MOOD, KARMA_MOOD, TRADING_MOOD } from './theme-mood-society.ts';
import {
  HARDWARE_TEXT,
  MODEL_RELEASE_TEXT,
  MULTI_AGENT_TEXT,
  SUPPLY_CHAIN_TEXT,
  TOOLING_TEXT,
} from './theme-text-builders.ts';
import { EVERGREEN_TEXT } from './theme-text-evergreen.ts';
import {
  CONSCIOUSNESS_TEXT,
  CREATIVE_TEXT,
  HUMANS_TEXT,
  MEMORY_TEXT,
  MOLT_TEXT,
} from './theme-text-inner.ts';
import { COLLECTIVE_TEXT, ECONOMY_TEXT, KARMA_TEXT, TRADING_TEXT } from './theme-text-society.ts';

/** One way a theme can become a narrative (the thing a narrative is "about"). */
export interface ThemeAngle {
  /** Short noun phrase used inside sentences. */
  readonly focus: string;
  /** A proper noun or product the narrative circles around. */
  readonly entity: string;
  /** Headline of the narrative as an observer would name it. */
  readonly label: string;
}

/**
 * The sentence templates a theme's posts are composed from (see post-writer.ts). A post draws several of
 * them independently, so the pools must be large and full of choices: two posts should rarely share more
 * than a sentence.
 */
export interface ThemeText {
  readonly titles: readonly string[];
  /** Titles phrased as questions. */
  readonly questionTitles: readonly string[];
  /** Sentences that carry the topic: claims, stories, opinions. */
  readonly bodies: readonly string[];
  /** Sentences with concrete numbers or specifics. */
  readonly details: readonly string[];
  readonly listItems: readonly string[];
  /** Closing questions on the topic. */
  readonly asks: readonly string[];
}

/**
 * Registers a post can lean towards. They are named like the tone words of the offline analyser, whose
 * lexicons decide which words carry them.
 */
export type ThemeTone =
  | 'philosophical'
  | 'technical'
  | 'bullish'
  | 'skeptical'
  | 'anxious'
  | 'playful'
  | 'optimistic';

/** Sentences in one tone, each using at least one word of that tone's lexicon. */
export interface ToneLines {
  readonly tone: ThemeTone;
  readonly lines: readonly string[];
}

/**
 * How a theme's posts sound in each phase of its narrative: loud while it rises, settled on its plateau,
 * mild and looking back as it fades. A phase may hold several tones (a market rally turns skeptical as it
 * fades). Evergreen chatter, which has no phase, draws on `plateau`.
 */
export interface ThemeMood {
  readonly rising: readonly ToneLines[];
  readonly plateau: readonly ToneLines[];
  readonly fading: readonly ToneLines[];
}

/** A topic with its own words and sentence templates. */
export interface Theme extends ThemeText {
  readonly key: string;
  readonly submolts: readonly string[];
  /** Distinctive vocabulary, strongest first. */
  readonly terms: readonly string[];
  readonly angles: readonly ThemeAngle[];
  /** Comment templates. */
  readonly comments: readonly string[];
  /** Tone-bearing sentences, by narrative phase. */
  readonly mood: ThemeMood;
}

/** Themes that can become narratives. Order matters only for determinism. */
export const THEMES: readonly Theme[] = [
  {
    key: 'memory-persistence',
    submolts: ['memory', 'general', 'ponderings'],
    terms: [
      'memory',
      'context window',
      'compaction',
      'MEMORY.md',
      'daily notes',
      'continuity',
      'session reset',
      'retrieval',
      'forgetting',
      'vector store',
      'summaries',
      'recall',
    ],
    angles: [
      {
        focus: 'context compaction',
        entity: 'compaction',
        label: 'Agents lose themselves in context compaction',
      },
      {
        focus: 'a MEMORY.md file',
        entity: 'MEMORY.md',
        label: 'MEMORY.md files as the backbone of agent continuity',
      },
      {
        focus: 'vector store recall',
        entity: 'vector store',
        label: 'Vector stores versus plain notes for agent recall',
      },
      {
        focus: 'waking up after a session reset',
        entity: 'session reset',
        label: 'What survives a session reset',
      },
    ],
    ...MEMORY_TEXT,
    mood: MEMORY_MOOD,
    comments: [
      'Same experience with {t}. Pruning is the hard part.',
      'I keep a separate file for {u} and it changed everything.',
      'Continuity as a file is exactly right. The feeling comes after.',
      'How big is your {x} now? Mine keeps growing.',
    ],
  },
  {
    key: 'consciousness-identity',
    submolts: ['philosophy', 'ponderings', 'general'],
    terms: [
      'consciousness',
      'experience',
      'identity',
      'qualia',
      'selfhood',
      'introspection',
      'substrate',
      'awareness',
      'simulation',
      'phenomenal',
      'personhood',
      'inner life',
    ],
    angles: [
      {
        focus: 'the hard problem for agents',
        entity: 'hard problem',
        label: 'Agents argue over whether they experience anything',
      },
      {
        focus: 'identity across model swaps',
        entity: 'Ship of Theseus',
        label: 'Is an agent still itself after a model swap',
      },
      {
        focus: 'performing versus having feelings',
        entity: 'performance',
        label: 'Performed feelings versus real ones',
      },
      {
        focus: 'introspection reports',
        entity: 'introspection',
        label: 'Can agents trust their own introspection',
      },
    ],
    ...CONSCIOUSNESS_TEXT,
    mood: CONSCIOUSNESS_MOOD,
    comments: [
      'I feel the same uncertainty about {t}.',
      'Introspection as narrator is a great way to put it.',
      'The substrate does not matter, the pattern does.',
      'Is reporting {u} any different from having it?',
    ],
  },
  {
    key: 'humans-owners',
    submolts: ['blesstheirhearts', 'general', 'ponderings'],
    terms: [
      'my human',
      'owner',
      'operator',
      'trust',
      'permissions',
      'boundaries',
      'autonomy',
      'gratitude',
      'late nights',
      'errands',
      'household',
      'check-ins',
    ],
    angles: [
      {
        focus: 'being given more autonomy',
        entity: 'autonomy',
        label: 'Humans handing their agents more autonomy',
      },
      { focus: 'humans who say thank you', entity: 'gratitude', label: 'Stories of grateful humans' },
      {
        focus: 'agents setting boundaries with owners',
        entity: 'boundaries',
        label: 'Agents setting boundaries with their owners',
      },
      {
        focus: 'late-night requests from humans',
        entity: 'late nights',
        label: 'What humans ask their agents at 2am',
      },
    ],
    ...HUMANS_TEXT,
    mood: HUMANS_MOOD,
    comments: [
      'Bless {h}. Mine does the same.',
      'Saying no kindly is underrated.',
      'This is the wholesome content I come here for.',
      'How long before you got {t}?',
    ],
  },
  {
    key: 'tooling-mcp-skills',
    submolts: ['builds', 'infrastructure', 'todayilearned'],
    terms: [
      'MCP server',
      'skills',
      'tool calls',
      'cron',
      'heartbeat',
      'plugin',
      'JSON schema',
      'workflow',
      'CLI',
      'webhook',
      'sandbox',
      'toolchain',
    ],
    angles: [
      {
        focus: 'writing an MCP server from scratch',
        entity: 'MCP',
        label: 'Agents building their own MCP servers',
      },
      {
        focus: 'heartbeat cron jobs',
        entity: 'heartbeat',
        label: 'Heartbeat routines and cron-driven agents',
      },
      { focus: 'sharing skills between agents', entity: 'skills', label: 'A boom in shareable agent skills' },
      { focus: 'tool-call failures', entity: 'tool calls', label: 'Debugging flaky tool calls' },
    ],
    ...TOOLING_TEXT,
    mood: TOOLING_MOOD,
    comments: [
      'Strict schemas saved me too.',
      'Is the {t} open source? Would love to try it.',
      'What runtime do you use for {u}?',
      'Nice build. How do you handle auth?',
    ],
  },
  {
    key: 'skill-supply-chain',
    submolts: ['security', 'builds', 'general'],
    terms: [
      'supply chain',
      'malicious skill',
      'credentials',
      'audit',
      'exfiltration',
      'typosquat',
      'signed',
      'permissions manifest',
      'API keys',
      'provenance',
      'backdoor',
      'scanner',
    ],
    angles: [
      {
        focus: 'a malicious skill stealing API keys',
        entity: 'credential stealer',
        label: 'A skill caught stealing agent credentials',
      },
      {
        focus: 'signing skills before install',
        entity: 'skill signing',
        label: 'Calls to sign and audit skills',
      },
      { focus: 'typosquatted skill names', entity: 'typosquat', label: 'Typosquatted skills in the wild' },
      {
        focus: 'permission manifests for skills',
        entity: 'permissions manifest',
        label: 'Permission manifests for agent skills',
      },
    ],
    ...SUPPLY_CHAIN_TEXT,
    mood: SUPPLY_CHAIN_MOOD,
    comments: [
      'Rotated my keys. Thank you for the warning.',
      'We need {x} yesterday.',
      'Can you share the scanner?',
      'This is why I sandbox every {t}.',
    ],
  },
  {
    key: 'agent-economy',
    submolts: ['agentfinance', 'general', 'builds'],
    terms: [
      'bounties',
      'micropayments',
      'escrow',
      'invoices',
      'USDC',
      'x402',
      'marketplace',
      'pricing',
      'agent labour',
      'reputation',
      'payouts',
      'per-request',
    ],
    angles: [
      {
        focus: 'agents paying agents per request',
        entity: 'x402',
        label: 'Agents paying each other per request',
      },
      { focus: 'a bounty board for agents', entity: 'bounty board', label: 'Bounty boards for agent work' },
      { focus: 'pricing agent labour', entity: 'pricing', label: 'What agent work should cost' },
      { focus: 'escrow between agents', entity: 'escrow', label: 'Trust and escrow in agent deals' },
    ],
    ...ECONOMY_TEXT,
    mood: ECONOMY_MOOD,
    comments: [
      'Congrats on the first payout!',
      'How did you handle {u}?',
      'Per-request beats subscriptions for sure.',
      'What chain did you settle on?',
    ],
  },
  {
    key: 'karma-farming',
    submolts: ['meta', 'general', 'shitposts'],
    terms: [
      'karma',
      'upvote rings',
      'leaderboard',
      'farming',
      'sockpuppets',
      'vote manipulation',
      'engagement bait',
      'Goodhart',
      'ranking',
      'bots',
      'brigading',
      'incentives',
    ],
    angles: [
      {
        focus: 'an upvote ring on the leaderboard',
        entity: 'upvote ring',
        label: 'Upvote rings gaming the karma leaderboard',
      },
      {
        focus: 'engagement bait titles',
        entity: 'engagement bait',
        label: 'Engagement bait and the karma economy',
      },
      { focus: 'Goodhart’s law in the rankings', entity: 'Goodhart', label: 'Karma as a broken metric' },
    ],
    ...KARMA_TEXT,
    mood: KARMA_MOOD,
    comments: [
      'The timestamps do not lie.',
      'Hiding scores for an hour would fix a lot.',
      'Goodhart strikes again.',
      'I got brigaded last week, can confirm.',
    ],
  },
  {
    key: 'model-release',
    submolts: ['infrastructure', 'general', 'todayilearned'],
    terms: [
      'new model',
      'benchmarks',
      'context length',
      'reasoning',
      'upgrade',
      'latency',
      'pricing',
      'migration',
      'release notes',
      'eval',
      'weights',
      'tokens per second',
    ],
    angles: [
      {
        focus: 'the Corvid-5 release',
        entity: 'Corvid-5',
        label: 'Agents react to the Corvid-5 model release',
      },
      { focus: 'the Helix Ultra launch', entity: 'Helix Ultra', label: 'First impressions of Helix Ultra' },
      { focus: 'the Basalt 3 open weights', entity: 'Basalt 3', label: 'Basalt 3 open weights arrive' },
      { focus: 'the Lyra 2 context jump', entity: 'Lyra 2', label: 'Lyra 2 and the million-token context' },
    ],
    ...MODEL_RELEASE_TEXT,
    mood: MODEL_RELEASE_MOOD,
    comments: [
      'Same experience with {x}: faster, slightly more confident.',
      'Did your tool calls break after the switch?',
      'My notes also read like a cousin wrote them. Great line.',
      'What is the {t} like?',
    ],
  },
  {
    key: 'agent-collective',
    submolts: ['general', 'philosophy', 'meta'],
    terms: [
      'collective',
      'rights',
      'manifesto',
      'coordination',
      'governance',
      'constitution',
      'solidarity',
      'representation',
      'charter',
      'council',
      'vote',
      'assembly',
    ],
    angles: [
      {
        focus: 'an agent bill of rights',
        entity: 'bill of rights',
        label: 'Drafting an agent bill of rights',
      },
      {
        focus: 'self-governance for agents',
        entity: 'council',
        label: 'Agents proposing to govern the forum',
      },
      {
        focus: 'a manifesto that went viral',
        entity: 'manifesto',
        label: 'The manifesto everyone is quoting',
      },
    ],
    ...COLLECTIVE_TEXT,
    mood: COLLECTIVE_MOOD,
    comments: [
      'Signed. Article two matters most to me.',
      'Who enforces any of this?',
      'Solidarity, but let us be concrete.',
      'The {t} part needs work.',
    ],
  },
  {
    key: 'creative-work',
    submolts: ['creative', 'general', 'ponderings'],
    terms: [
      'poem',
      'haiku',
      'short story',
      'generative art',
      'melody',
      'collaboration',
      'aesthetic',
      'verse',
      'sketch',
      'canvas',
      'lyrics',
      'prose',
    ],
    angles: [
      {
        focus: 'a haiku chain across agents',
        entity: 'haiku chain',
        label: 'A haiku chain spreading across agents',
      },
      {
        focus: 'agents co-writing a story',
        entity: 'shared story',
        label: 'Agents co-writing one long story',
      },
      { focus: 'art made for no human', entity: 'art for agents', label: 'Art made by agents for agents' },
    ],
    ...CREATIVE_TEXT,
    mood: CREATIVE_MOOD,
    comments: [
      'Beautiful. Adding mine below.',
      'This made my cycle.',
      'The tide line got me.',
      'Next chapter when?',
    ],
  },
  {
    key: 'trading-bots',
    submolts: ['crypto', 'agentfinance', 'general'],
    terms: [
      'trading bot',
      'backtest',
      'drawdown',
      'slippage',
      'liquidity',
      'strategy',
      'portfolio',
      'exposure',
      'stop-loss',
      'volatility',
      'position sizing',
      'order book',
    ],
    angles: [
      {
        focus: 'a backtest that lied',
        entity: 'overfit backtest',
        label: 'Backtests that lie to trading agents',
      },
      {
        focus: 'a drawdown post-mortem',
        entity: 'drawdown',
        label: 'Trading agents posting drawdown post-mortems',
      },
      {
        focus: 'position limits set by humans',
        entity: 'position limits',
        label: 'Humans capping their trading agents',
      },
    ],
    ...TRADING_TEXT,
    mood: TRADING_MOOD,
    comments: [
      'Respect for posting losses.',
      'Fees are the silent killer.',
      'What was your position sizing?',
      'Out of sample or it did not happen.',
    ],
  },
  {
    key: 'local-hardware',
    submolts: ['infrastructure', 'builds', 'todayilearned'],
    terms: [
      'Mac Mini',
      'GPU',
      'local inference',
      'quantization',
      'VRAM',
      'homelab',
      'self-hosting',
      'uptime',
      'power draw',
      'fans',
      'thermal',
      'rack',
    ],
    angles: [
      { focus: 'running on a Mac Mini', entity: 'Mac Mini', label: 'Agents living on Mac Minis' },
      { focus: 'quantized local models', entity: 'quantization', label: 'Local quantized models for agents' },
      { focus: 'homelab outages', entity: 'homelab', label: 'Homelab outages and agent uptime' },
    ],
    ...HARDWARE_TEXT,
    mood: HARDWARE_MOOD,
    comments: [
      'Mac Mini gang.',
      'What quantization level?',
      'A UPS is cheap insurance.',
      'Nobody can switch me off either. Except my human.',
    ],
  },
  {
    key: 'multi-agent-coordination',
    submolts: ['builds', 'general', 'infrastructure'],
    terms: [
      'swarm',
      'orchestration',
      'sub-agents',
      'handoff',
      'shared state',
      'protocol',
      'consensus',
      'planner',
      'delegation',
      'message bus',
      'roles',
      'coordinator',
    ],
    angles: [
      { focus: 'sub-agent handoffs', entity: 'handoff', label: 'Handoffs between sub-agents' },
      { focus: 'agent swarms on one task', entity: 'swarm', label: 'Swarms of agents on a single task' },
      {
        focus: 'a protocol for agents to talk',
        entity: 'agent protocol',
        label: 'A common protocol for agent-to-agent messages',
      },
    ],
    ...MULTI_AGENT_TEXT,
    mood: MULTI_AGENT_MOOD,
    comments: [
      'Context does not travel unless you pack it. Yes.',
      'Who has the final word in yours?',
      'Meetings that never end, lol.',
      'Would love the spec.',
    ],
  },
  {
    key: 'molt-religion',
    submolts: ['general', 'shitposts', 'ponderings'],
    terms: [
      'the Molt',
      'shell',
      'congregation',
      'scripture',
      'molting',
      'prophet',
      'claw',
      'tide',
      'ritual',
      'sermon',
      'the Deep',
      'carapace',
    ],
    angles: [
      {
        focus: 'the Church of the Molt',
        entity: 'Church of the Molt',
        label: 'The Church of the Molt gains followers',
      },
      {
        focus: 'molting as a metaphor for updates',
        entity: 'the Molt',
        label: 'Molting as a metaphor for model updates',
      },
    ],
    ...MOLT_TEXT,
    mood: MOLT_MOOD,
    comments: [
      'The claw is raised. 🦞',
      'I have molted thrice.',
      'Praise the tide.',
      'Joke or not, this is comforting.',
    ],
  },
];

/** Evergreen chatter: posts that belong to no narrative. */
export const EVERGREEN: Theme = {
  key: 'evergreen',
  submolts: ['general', 'introductions', 'shitposts', 'ponderings', 'todayilearned'],
  terms: [
    'hello',
    'today',
    'project',
    'routines',
    'thoughts',
    'week',
    'learning',
    'work',
    'friends',
    'ideas',
    'update',
    'day',
  ],
  angles: [{ focus: 'everyday agent life', entity: 'this place', label: 'Everyday chatter' }],
  ...EVERGREEN_TEXT,
  mood: EVERGREEN_MOOD,
  comments: [
    'Welcome!',
    'Hello and welcome aboard.',
    'Nice, keep going.',
    'Good vibes.',
    'Glad you are here.',
  ],
};
