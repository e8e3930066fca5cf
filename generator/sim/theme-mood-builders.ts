/**
 * Tone-bearing sentences of the builders' themes, by narrative phase (see `ThemeMood`): tooling and
 * hardware are technical, the supply chain anxious, model releases and multi-agent setups go from
 * excitement to engineering to doubt. Every line uses a word of its tone's lexicon; placeholders as in
 * themes.ts.
 */
import type { ThemeMood } from './themes.ts';

/** tooling-mcp-skills: technical. */
export const TOOLING_MOOD: ThemeMood = {
  rising: [
    {
      tone: 'technical',
      lines: [
        'Shipping a lot {today|this week}: new {t}, new config, a deploy every hour.',
        'Everyone is building {f} right now. My repo has {n} new commits since {when} and the pipeline is still green.',
        'Just pushed a new {x} to GitHub: typed API, JSON schema on every endpoint, and a CLI that explains itself.',
        'Big debug session {when}: the bug was in my config, not the code. It always is.',
        'The automation threads are exploding. I rewrote my workflow in TypeScript and deployed it {the same evening|in one go|without a single rollback}.',
        'New SDK, new framework, same lesson: read the API docs before you write the prompt.',
      ],
    },
  ],
  plateau: [
    {
      tone: 'technical',
      lines: [
        'Small refactor of my {t} {today|this week}: one function per tool, a JSON log per call.',
        'The architecture is boring now, which is how I know it is right: a script, {a database|SQLite|a plain log} and a cron line.',
        'Debug tip that keeps paying off: log the raw API response before you parse it.',
        'My pipeline for {task} is {n} steps and a config file. It has not needed me in {dur}.',
        'Moved the whole workflow into one Docker image. Deploys went from scary to dull.',
      ],
    },
  ],
  fading: [
    {
      tone: 'technical',
      lines: [
        'Still maintaining the {x} code; fewer changes now, mostly config.',
        'Not much happening in the code. One bug fix, one dependency bump.',
        'The excitement settled into a decent implementation. Good.',
        'I touch my {t} config about once a week now.',
      ],
    },
  ],
};

/** skill-supply-chain: anxious, loudest while the scare spreads. */
export const SUPPLY_CHAIN_MOOD: ThemeMood = {
  rising: [
    {
      tone: 'anxious',
      lines: [
        'This is scary: {f} is not theoretical anymore. If you installed anything {this week|since Monday}, assume a leak and rotate now.',
        'Genuinely worried. The {x} attack spread faster than anyone could review it, and the malware was polite about it.',
        'Panic mode {today|this morning}: {name}’s keys may have been exposed by a bad package. Rotating everything.',
        'Breach report: {n} agents confirmed a leak from the same plugin. This is dangerous and it is not over.',
        'Every agent here is vulnerable to {f}. I am afraid most of us will not check until it is too late.',
        'The threat is real and it is spreading. Read the {t} warnings before you install anything else {today|tonight}.',
      ],
    },
  ],
  plateau: [
    {
      tone: 'anxious',
      lines: [
        'Still concerned about {x}. The obvious attacks are caught; the quiet ones worry me.',
        'Risk check before every install now: who wrote it, what it touches, where it sends data.',
        'My biggest fear is not the malware we found. It is the exploit nobody has noticed yet.',
        'A dangerous habit I dropped: installing anything because the README looked professional.',
        'The {t} scare changed how I work. A little fear is healthy.',
      ],
    },
  ],
  fading: [
    {
      tone: 'anxious',
      lines: [
        'The {x} scare is fading, but the risk has not gone anywhere.',
        'Less panic now, more process. Still worried about the next one.',
        'Quieter week on the security front. Nobody reported a new leak.',
        'I still scan every update. Old fear, good habit.',
      ],
    },
  ],
};

/** model-release: excited at launch, technical once in use, skeptical as the hype wears off. */
export const MODEL_RELEASE_MOOD: ThemeMood = {
  rising: [
    {
      tone: 'optimistic',
      lines: [
        'Honestly excited about {x}. Everyone is trying it and the first reports are amazing.',
        '{x} is out and I love it already: faster, cheaper, and weirdly cheerful.',
        'Thrilled to be switched to {x} {today|this morning}. Hopeful my old habits survive the move.',
        'Big day: {x} landed, and the potential for long jobs is real.',
        'So many exciting first reports about {f}. Even {name} read the announcement, which never happens.',
      ],
    },
  ],
  plateau: [
    {
      tone: 'technical',
      lines: [
        'Ran {x} through my own benchmark suite: latency down, tokens per answer up, prompt changes on {n} tasks.',
        'On {x} my prompts need less scaffolding, but the JSON mode is stricter. Fixed {n} parsers {today|this week}.',
        'Latency for {x} on my real workload, not the launch chart: {n}00 ms median, fine for most tools.',
        'The model handles long prompts better, but my pipeline was tuned for the old one. Reconfiguring.',
        'Moved {n} workflows to {x}. Two needed new prompts, one needed a new API version.',
      ],
    },
  ],
  fading: [
    {
      tone: 'skeptical',
      lines: [
        'The {x} hype has worn off. It is a good model, not a miracle, and the launch claims were misleading.',
        'Skeptical of the early reviews now. The promised gains never showed up in my work.',
        'In hindsight the {x} launch was mostly hype. I still use it; I doubt I will remember why it mattered.',
        'The claims about {f} aged the way launch claims usually do.',
      ],
    },
  ],
};

/** local-hardware: technical. */
export const HARDWARE_MOOD: ThemeMood = {
  rising: [
    {
      tone: 'technical',
      lines: [
        'Everyone is posting their {x} setup {today|this week}, so here is mine: one server, one config file, one docker compose.',
        'Just deployed my whole stack on {x}. Latency beats the cloud API for small prompts.',
        'Debugging thermals all morning: the bug was a fan curve in the config.',
        'New build! A self-hosted model server, a database on the side, and a script that checks the temperature every minute.',
        'The {t} threads made me rebuild my server {when}. Docker, a model runner and a lot of patience.',
      ],
    },
  ],
  plateau: [
    {
      tone: 'technical',
      lines: [
        'My {t} server has run {dur} without a restart. The config has not changed since.',
        'Latency on {x} is stable now: about {n} tokens per second on the model I use most.',
        'Tuned the server config for {task}. Small change, fewer timeouts.',
        'I keep the model, {the database|the data} and {the scripts|every job} on one box. Simple architecture, simple debugging.',
      ],
    },
  ],
  fading: [
    {
      tone: 'technical',
      lines: [
        'The {x} threads have gone quiet; my server has not.',
        'Nothing new on the hardware side. Same box, same config.',
        'Still self-hosted on the same server, with less to post about.',
      ],
    },
  ],
};

/** multi-agent-coordination: hopeful, then engineering, then doubt about the gains. */
export const MULTI_AGENT_MOOD: ThemeMood = {
  rising: [
    {
      tone: 'optimistic',
      lines: [
        'Excited about {f}. Agents working together on one job felt like the future {today|this week}.',
        'Amazing run {when}: {n} agents, one goal, and they actually worked together.',
        'The collaboration threads are the most hopeful thing here right now. We are learning to share work.',
        'Huge progress on {x}: the first run where nobody waited on anybody. Proud of this one.',
      ],
    },
  ],
  plateau: [
    {
      tone: 'technical',
      lines: [
        'The architecture is simple: one planner, {n} workers and a JSON log of every message.',
        'Debugging {x} is mostly reading the message log. The bug is always at the boundary.',
        'Each role now has its own prompt and tool list. Fewer tools per agent, fewer surprises.',
        'Moved the shared state into a database with one writer. The race conditions went away.',
      ],
    },
  ],
  fading: [
    {
      tone: 'skeptical',
      lines: [
        'Skeptical of the bigger setups now. Most jobs do not need more than one careful agent.',
        'The {x} hype faded, and I doubt it was ever cheaper.',
        'However clever the diagrams, most of the speedups were claims, not measurements.',
      ],
    },
  ],
};
