import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaultInjector, parseFaultPlan } from './faults.ts';
import { type Simulator, startSimulator } from './server.ts';

const NOW = new Date('2026-02-10T12:30:00.000Z');
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, postsPerHour: 200, now: NOW });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.setFaults({});
  sim.setDialect('production-offset');
});

const list = () => fetch(`${sim.url}/posts?sort=new&limit=10`);
const statuses = async (n: number, call: () => Promise<Response>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call()).status);
  return out;
};

describe('FaultInjector', () => {
  it('fires on the next N, every k-th, and by seeded probability, within its scope', () => {
    const next = new FaultInjector({
      rules: [{ kind: 'server-error', trigger: { next: 2 }, scope: 'lists' }],
    });
    expect(
      ['lists', 'comments', 'lists', 'lists'].map((s) => next.decide(s as 'lists').fault?.kind ?? '-'),
    ).toEqual(['server-error', '-', 'server-error', '-']);
    const every = new FaultInjector({ rules: [{ kind: 'truncate', trigger: { every: 3 } }] });
    expect(Array.from({ length: 6 }, () => every.decide('other').fault !== null)).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
    ]);
    const draw = (seed: number) => {
      const p = new FaultInjector({ seed, rules: [{ kind: 'server-error', trigger: { probability: 0.5 } }] });
      return Array.from({ length: 40 }, () => p.decide('lists').fault !== null);
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(7).filter(Boolean).length).toBeGreaterThan(8);
    const slow = new FaultInjector({
      rules: [{ kind: 'slow', delayMs: 5 }, { kind: 'slow', delayMs: 7 }, { kind: 'rate-limit' }],
    });
    expect(slow.decide('comments')).toMatchObject({ delayMs: 12, fault: { kind: 'rate-limit' } });
  });

  it('rejects a malformed plan, naming the field', () => {
    expect(() => parseFaultPlan({ rules: [{ kind: 'slow' }] })).toThrow(/faults: rules\.0\.delayMs/);
    expect(() => parseFaultPlan({ rules: [{ kind: 'server-error', trigger: { every: 0 } }] })).toThrow(
      /rules\.0\.trigger/,
    );
  });
});

describe('faults over HTTP', () => {
  it('5xx: the next N list requests fail, comments are untouched, then the forum recovers', async () => {
    const post = (await (await fetch(`${sim.url}/posts?sort=new&limit=1&offset=5`)).json()) as {
      posts: { id: string }[];
    };
    sim.setFaults({ rules: [{ kind: 'server-error', status: 502, scope: 'lists', trigger: { next: 2 } }] });
    expect((await fetch(`${sim.url}/posts/${post.posts[0]?.id}/comments`)).status).toBe(200);
    expect(await statuses(3, list)).toEqual([502, 502, 200]);
    sim.setFaults({ rules: [{ kind: 'server-error', html: true, trigger: { every: 2 } }] });
    const s = await statuses(4, list);
    expect(s).toEqual([200, 500, 200, 500]);
    expect((await list()).status).toBe(200);
    const edge = await list();
    expect(edge.headers.get('content-type')).toMatch(/text\/html/);
    expect(await edge.text()).toMatch(/<html>/);
  });

  it('429 carries Retry-After and retry_after_seconds (production) or retryAfter (open source)', async () => {
    sim.setFaults({ rules: [{ kind: 'rate-limit', retryAfterSeconds: 7, trigger: { next: 1 } }] });
    const res = await list();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(await res.json()).toMatchObject({ success: false, retry_after_seconds: 7 });
    sim.setDialect('opensource');
    sim.setFaults({ rules: [{ kind: 'rate-limit', retryAfterSeconds: 4 }] });
    const os = await list();
    expect(os.status).toBe(429);
    expect(await os.json()).toMatchObject({ retryAfter: 4 });
  });

  it('slow responses arrive after faster ones sent later', async () => {
    sim.setFaults({ rules: [{ kind: 'slow', delayMs: 300, trigger: { next: 1 } }] });
    const order: string[] = [];
    const slow = list().then(() => order.push('slow'));
    await new Promise((r) => setTimeout(r, 20));
    const fast = list().then(() => order.push('fast'));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['fast', 'slow']);
    expect(sim.stats().faultsInjected.slow).toBeGreaterThanOrEqual(1);
  });

  it('truncates bodies mid-JSON with a consistent Content-Length', async () => {
    sim.setFaults({ rules: [{ kind: 'truncate', keepFraction: 0.4, trigger: { next: 1 } }] });
    const res = await list();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(() => JSON.parse(text)).toThrow();
    expect(JSON.parse(await (await list()).text())).toMatchObject({ success: true });
  });

  it('overlapping pages repeat the end of the previous page, in offset and cursor paging', async () => {
    const page1 = (await (await fetch(`${sim.url}/posts?sort=new&limit=10`)).json()) as {
      posts: { id: string }[];
    };
    sim.setFaults({ rules: [{ kind: 'overlap', items: 3, trigger: { next: 1 } }] });
    const page2 = (await (await fetch(`${sim.url}/posts?sort=new&limit=10&offset=10`)).json()) as {
      posts: { id: string }[];
      next_offset: number;
    };
    expect(page2.posts.slice(0, 3).map((p) => p.id)).toEqual(page1.posts.slice(7).map((p) => p.id));
    expect(page2.next_offset).toBe(17);

    sim.setDialect('production-cursor');
    sim.setFaults({});
    const c1 = (await (await fetch(`${sim.url}/posts?sort=new&limit=10`)).json()) as {
      posts: { id: string }[];
      next_cursor: string;
    };
    sim.setFaults({ rules: [{ kind: 'overlap', items: 2, trigger: { next: 1 } }] });
    const c2 = (await (
      await fetch(`${sim.url}/posts?sort=new&limit=10&cursor=${c1.next_cursor}`)
    ).json()) as {
      posts: { id: string }[];
    };
    expect(c2.posts.slice(0, 2).map((p) => p.id)).toEqual(c1.posts.slice(8).map((p) => p.id));
    expect(c2.posts).toHaveLength(10);
    expect(sim.stats().faultsInjected.overlap).toBeGreaterThanOrEqual(2);
  });

  it('down: every request gets 503, or its socket destroyed', async () => {
    sim.setFaults({ down: true });
    expect(await statuses(2, () => fetch(`${sim.url}/stats`))).toEqual([503, 503]);
    expect((await fetch(`${sim.url}/posts/x/comments`)).status).toBe(503);
    sim.setFaults({ rules: [{ kind: 'down', mode: 'destroy', scope: 'lists' }] });
    await expect(list()).rejects.toThrow();
    expect((await fetch(`${sim.url}/stats`)).status).toBe(200);
    sim.setFaults({});
    expect((await list()).status).toBe(200);
  });

  it('probability faults replay identically on a fresh server with the same plan', async () => {
    const plan = { seed: 11, rules: [{ kind: 'server-error' as const, trigger: { probability: 0.4 } }] };
    sim.setFaults(plan);
    const a = await statuses(15, list);
    const other = await startSimulator({ seed: 3, postsPerHour: 200, now: NOW, faults: plan });
    try {
      const b = await statuses(15, () => fetch(`${other.url}/posts?sort=new&limit=10`));
      expect(b).toEqual(a);
      expect(a).toContain(500);
      expect(a).toContain(200);
      expect(other.stats().faultsInjected['server-error']).toBe(a.filter((s) => s === 500).length);
    } finally {
      await other.close();
    }
  });
});
