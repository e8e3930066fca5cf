// Links from old hours: agent and narrative pages cover the last 7 days, hour pages the last 30, day pages
// every day. A page of an older hour names agents and narratives that have no page of their own; every
// link it emits must still resolve (names without a page stay text). The site is built from synthetic
// digests (site/bench/synthetic-content.ts) and served by a plain static host; no browser is needed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHours, hourFileStem } from '../../core/hours.ts';
import type { Digest } from '../../core/schemas/digest.ts';
import type { HourSignals } from '../../core/schemas/signals.ts';
import { type StaticHost, startStaticHost } from '../../pipeline/static-host.ts';
import { syntheticHour, writeHour } from '../../site/bench/synthetic-content.ts';
import { buildSite } from './build-site.ts';

/** The newest four hours, then two hours 13 days earlier (hour pages, no agent or narrative pages), then one 58 days earlier (day page only). */
const RECENT = new Date('2026-01-28T20:00:00.000Z');
const OLD = new Date('2026-01-15T10:00:00.000Z');
const ANCIENT = new Date('2025-12-01T10:00:00.000Z');

let dir: string;
let host: StaticHost;
const old: Array<{ digest: Digest; signals: HourSignals }> = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-old-hours-'));
  const content = join(dir, 'content');
  for (let i = 0; i < 4; i++) {
    const hour = syntheticHour(RECENT, i);
    await writeHour(content, hour.digest, hour.signals);
  }
  for (let i = 0; i < 2; i++) {
    const hour = syntheticHour(OLD, i);
    old.push(hour);
    await writeHour(content, hour.digest, hour.signals);
  }
  const ancient = syntheticHour(ANCIENT, 0);
  await writeHour(content, ancient.digest, ancient.signals);
  await buildSite(content, join(dir, 'dist'), 'https://murmur.example');
  host = await startStaticHost(join(dir, 'dist'));
}, 120_000);

afterAll(async () => {
  await host?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function html(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${host.url}${path}`);
  return { status: response.status, body: await response.text() };
}

/** Same-site links and assets of a page (href and src starting with one slash), `&amp;` decoded. */
function internalLinks(body: string): string[] {
  return [...body.matchAll(/\s(?:href|src)="([^"]+)"/g)]
    .map(([, raw]) => (raw as string).replaceAll('&amp;', '&'))
    .filter((link) => link.startsWith('/') && !link.startsWith('//'));
}

/**
 * Every internal link of the page at `path` that fails: a status other than 200, or a fragment naming
 * no element id of the target page.
 */
async function brokenLinks(path: string): Promise<string[]> {
  const page = await html(path);
  expect(page.status, path).toBe(200);
  const broken: string[] = [];
  const targets = new Map<string, { status: number; body: string }>();
  for (const link of new Set(internalLinks(page.body))) {
    const [target = '', fragment] = link.split('#');
    const resolved = target === '' ? page : (targets.get(target) ?? (await html(target)));
    targets.set(target, resolved);
    if (resolved.status !== 200) broken.push(`${path} → ${link}: ${resolved.status}`);
    else if (fragment && !resolved.body.includes(`id="${fragment}"`))
      broken.push(`${path} → ${link}: no #${fragment}`);
  }
  return broken;
}

const hourPage = (d: Date) => `/${hourFileStem(d)}/`;

describe('pages of old hours', () => {
  it('an hour older than the agent and narrative pages names its agents and narratives, and every link resolves', async () => {
    const [first] = old;
    if (!first) throw new Error('no old hour');
    const path = hourPage(OLD);
    const { body } = await html(path);
    // The page names what has no page of its own: its narratives and its stories' lead agents.
    const narrative = first.signals.narratives[0];
    expect(narrative).toBeDefined();
    expect(body).toContain(narrative?.label.replaceAll('&', '&amp;'));
    expect(body).not.toContain(`/narratives/${narrative?.id}/`);
    const lead = first.digest.stories?.[0]?.lead.author;
    expect(lead).toBeDefined();
    expect(body).toContain(`@${lead}`);
    expect(await brokenLinks(path)).toEqual([]);
    expect(await brokenLinks(hourPage(addHours(OLD, 1)))).toEqual([]);
  });

  it("the old hours' day pages and an older day without hour pages link only to what exists", async () => {
    for (const path of ['/archive/2026/01/15/', '/archive/2025/12/01/', '/archive/'])
      expect(await brokenLinks(path)).toEqual([]);
    // The day beyond the hour-page window links its hour to the day page's anchor, not to a missing page.
    expect((await html(hourPage(ANCIENT))).status).toBe(404);
  });

  it('agent and narrative pages that do exist link back to hours that exist', async () => {
    const home = (await html('/')).body;
    const pages = new Set(internalLinks(home).filter((l) => /^\/(agent|narratives)\/[^/]+\/$/.test(l)));
    expect(pages.size).toBeGreaterThan(1);
    for (const path of pages) expect(await brokenLinks(path)).toEqual([]);
  });
});
