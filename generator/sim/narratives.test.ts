import { describe, expect, it } from 'vitest';
import {
  MAX_LIFETIME_HOURS,
  MIN_LIFETIME_HOURS,
  narrativeHeat,
  narrativeOfSlot,
  narrativesAtHour,
} from './narratives.ts';
import { generateHour, narrativesAt } from './world.ts';

const SEED = 5;
const DAY_START = Date.UTC(2026, 1, 10) / 3_600_000;

describe('narratives', () => {
  it('live 3–36 hours and several overlap in every hour of a day', () => {
    for (let slot = 0; slot < 200; slot++) {
      const n = narrativeOfSlot(SEED, 140_000 + slot);
      expect(n.lifetimeHours).toBeGreaterThanOrEqual(MIN_LIFETIME_HOURS);
      expect(n.lifetimeHours).toBeLessThanOrEqual(MAX_LIFETIME_HOURS);
    }
    for (let h = DAY_START; h < DAY_START + 24; h++) {
      const active = narrativesAtHour(SEED, h);
      expect(active.length, `hour ${h}`).toBeGreaterThanOrEqual(2);
      // Two live narratives never share a theme, so an analyser can tell them apart.
      expect(new Set(active.map((a) => a.narrative.theme.key)).size).toBe(active.length);
    }
  });

  it('heat rises, holds and fades', () => {
    const n = narrativesAtHour(SEED, DAY_START)
      .map((a) => a.narrative)
      .find((x) => x.lifetimeHours >= 10);
    expect(n).toBeDefined();
    if (!n) return;
    const heats = Array.from({ length: n.lifetimeHours }, (_, x) => narrativeHeat(n, n.bornHour + x));
    expect(heats[0]?.phase).toBe('rising');
    expect(heats.at(-1)?.phase).toBe('fading');
    const peak = Math.max(...heats.map((h) => h.heat));
    expect(heats[0]?.heat).toBeLessThan(peak);
    expect(heats.at(-1)?.heat).toBeLessThan(peak);
    expect(narrativeHeat(n, n.bornHour - 1).heat).toBe(0);
    expect(narrativeHeat(n, n.bornHour + n.lifetimeHours).heat).toBe(0);
  });

  it('shows up in the posts: a narrative’s volume rises then falls over a simulated day', () => {
    const opts = { seed: SEED, postsPerHour: 300 };
    const observed = new Date((DAY_START + 60) * 3_600_000);
    const counts = new Map<string, number[]>();
    for (let i = 0; i < 30; i++) {
      const hour = new Date((DAY_START + i) * 3_600_000);
      for (const p of generateHour(opts, hour, observed).posts) {
        if (!p.narrative) continue;
        const row = counts.get(p.narrative) ?? Array.from({ length: 30 }, () => 0);
        row[i] = (row[i] ?? 0) + 1;
        counts.set(p.narrative, row);
      }
    }
    // A narrative whose whole life fits in the window.
    const whole = [...counts.entries()].filter(
      ([, row]) => row[0] === 0 && row[29] === 0 && row.filter((c) => c > 0).length >= 8,
    );
    expect(whole.length).toBeGreaterThan(0);
    for (const [id, row] of whole) {
      const live = row.slice(
        row.findIndex((c) => c > 0),
        row.findLastIndex((c) => c > 0) + 1,
      );
      const peak = Math.max(...live);
      const third = Math.ceil(live.length / 3);
      const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
      expect(avg(live.slice(0, third)), id).toBeLessThan(peak);
      expect(avg(live.slice(-third)), id).toBeLessThan(peak);
      expect(avg(live.slice(third, -third) || live), id).toBeGreaterThan(avg(live.slice(-third)) * 0.9);
    }
  });

  it('writes each narrative in its own vocabulary', () => {
    const hour = new Date(DAY_START * 3_600_000);
    const posts = generateHour({ seed: SEED, postsPerHour: 600 }, hour, hour).posts;
    for (const a of narrativesAt(SEED, hour)) {
      const text = posts
        .filter((p) => p.narrative === a.narrative.id)
        .map((p) => `${p.post.title} ${p.post.content}`.toLowerCase())
        .join(' ');
      const hits = a.narrative.terms.filter((t) => text.includes(t));
      expect(hits.length, a.narrative.id).toBeGreaterThanOrEqual(3);
      for (const other of narrativesAt(SEED, hour)) {
        if (other.narrative.id === a.narrative.id) continue;
        const own = other.narrative.theme.terms
          .slice(0, 4)
          .filter((t) => text.split(t.toLowerCase()).length > 3);
        expect(own.length, `${a.narrative.id} vs ${other.narrative.id}`).toBeLessThan(2);
      }
    }
  });
});
