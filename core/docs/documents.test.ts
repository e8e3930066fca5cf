import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_MARKERS, renderEndpointTable } from '../endpoint-table.ts';
import type { PublicContext } from '../envelopes/context.ts';
import { LIMITS } from '../limits.ts';
import { MCP_TOOLS } from '../mcp/tools.ts';
import { atomicAmount, DEMO_PAYMENT_TERMS } from '../payment.ts';
import { ROUTES, routePath } from '../routes.ts';
import { agentCard } from './agent-card.ts';
import { catalogResponse } from './catalog.ts';
import { discoveryDocument } from './discovery.ts';
import { llmsFullTxt, llmsTxt } from './llms.ts';
import { LIMITS_EXTENSION, MOVED_EXTENSION, openApiDocument, PAYMENT_EXTENSION } from './openapi.ts';
import { setupGuideMarkdown } from './setup-guide.ts';
import { x402Manifest, x402Resources } from './x402.ts';

/** One route as every document must state it: method and path, price, route-specific limits. */
interface Listed {
  route: string;
  price: string | null;
  limits: string[];
}

const ctx: PublicContext = { baseUrl: 'https://murmur.test', platform: 'forum' };
const payment = DEMO_PAYMENT_TERMS;
const byRoute = (a: Listed, b: Listed) => a.route.localeCompare(b.route);
const sorted = (list: Listed[]) => [...list].sort(byRoute);

const expected: Listed[] = sorted(
  ROUTES.map((r) => ({
    route: `${r.method} ${routePath(r, ctx.platform)}`,
    price: r.priceUsd,
    limits: r.limits.map((l) => l.name).sort(),
  })),
);
const expectedPaid = expected.filter((l) => l.price !== null);

/** The LIMITS whose contract wording appears in a line of text. */
function limitsNamedIn(text: string): string[] {
  return Object.values(LIMITS)
    .filter((l) => text.includes(l.description))
    .map((l) => l.name)
    .sort();
}

/** A price in atomic units (6 decimals) back to the USD decimal string of the route table. */
function usdOf(amount: string): string {
  const padded = amount.padStart(7, '0');
  return `${padded.slice(0, -6).replace(/^0+(?=\d)/, '')}.${padded.slice(-6)}`.replace(/\.?0+$/, '');
}

/** Routes listed in llms.txt form: `- [METHOD /path](url): … Price: $x USDC … Limit: ….` */
function fromListItems(text: string): Listed[] {
  const items = [...text.matchAll(/^- \[(GET|POST) (\S+)\]\((\S+)\): (.*)$/gm)];
  expect(items.length).toBeGreaterThan(0);
  return sorted(
    items.map(([, method, path, url, rest = '']) => {
      expect(url).toBe(`${ctx.baseUrl}${path}`);
      return {
        route: `${method} ${path}`,
        price: /Price: \$(\S+) USDC/.exec(rest)?.[1] ?? null,
        limits: limitsNamedIn(rest),
      };
    }),
  );
}

/** Routes of a README-style endpoint table. */
function fromTable(table: string): Listed[] {
  const rows = [...table.matchAll(/^\| (GET|POST) \| `([^`]+)` \| (free|paid) \| ([^|]+) \| (.*) \|$/gm)];
  return sorted(
    rows.map(([, method, path, , price = '', description = '']) => ({
      route: `${method} ${path}`,
      price: price.trim() === '—' ? null : price.trim(),
      limits: limitsNamedIn(description),
    })),
  );
}

type Operation = Record<string, unknown>;

/** Live operations of the OpenAPI document (moved, deprecated and retired paths excluded). */
function fromOpenApi(doc: Record<string, unknown>): Listed[] {
  const listed: Listed[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (op[MOVED_EXTENSION]) continue;
      const pay = op[PAYMENT_EXTENSION] as
        | { price: { amount: string }; accepts: { amount: string }[] }
        | undefined;
      if (pay) expect(pay.accepts[0]?.amount).toBe(atomicAmount(pay.price.amount, 6));
      listed.push({
        route: `${method.toUpperCase()} ${path}`,
        price: pay ? usdOf(pay.accepts[0]?.amount ?? '') : null,
        limits: (op[LIMITS_EXTENSION] as { name: string }[]).map((l) => l.name).sort(),
      });
    }
  }
  return sorted(listed);
}

describe('one declaration, many documents', () => {
  it('the OpenAPI document lists exactly the route table, its prices and limits', () => {
    expect(fromOpenApi({ ...openApiDocument(ctx, payment) })).toEqual(expected);
  });

  it('the discovery document lists exactly the route table, split free and paid', () => {
    const doc = discoveryDocument(ctx, payment);
    const listed = [...doc.free, ...doc.paid].map((e) => {
      if (e.price) expect(e.price.amount).toBe(atomicAmount(e.price.usd, 6));
      expect(e.url).toBe(`${ctx.baseUrl}${e.path}`);
      return {
        route: `${e.method} ${e.path}`,
        price: e.price?.usd ?? null,
        limits: e.limits.map((l) => l.name).sort(),
      };
    });
    expect(sorted(listed)).toEqual(expected);
    expect(doc.paid.every((e) => e.price !== null)).toBe(true);
    expect(doc.free.every((e) => e.price === null)).toBe(true);
  });

  it('the x402 manifest lists exactly the paid routes and their prices', () => {
    const doc = x402Manifest(ctx, payment);
    const listed = doc.endpoints.map((e) => ({
      route: `${e.method} ${new URL(e.resource).pathname}`,
      price: usdOf(e.amount),
      limits: [],
    }));
    expect(sorted(listed)).toEqual(expectedPaid);
    expect(doc.resources.map((u) => new URL(u).pathname).sort()).toEqual(
      expectedPaid.map((l) => l.route.split(' ')[1]).sort(),
    );
  });

  it('the x402 resources list exactly the paid routes with amounts matching their prices', () => {
    const doc = x402Resources(ctx, payment);
    const listed = doc.items.map((item) => ({
      route: `${item.method} ${new URL(item.resource).pathname}`,
      price: usdOf(item.accepts[0]?.amount ?? ''),
      limits: [],
    }));
    expect(sorted(listed)).toEqual(expectedPaid);
  });

  it.each([
    ['llms.txt', () => llmsTxt(ctx)],
    ['llms-full.txt', () => llmsFullTxt(ctx, payment)],
    ['the setup guide', () => setupGuideMarkdown(ctx, payment)],
  ])('%s lists exactly the route table, its prices and limits', (_name, build) => {
    expect(fromListItems(build())).toEqual(expected);
  });

  it('the rendered endpoint table and the real README list exactly the route table', () => {
    expect(fromTable(renderEndpointTable(ROUTES, ctx.platform))).toEqual(expected);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf(ENDPOINT_MARKERS.start), readme.indexOf(ENDPOINT_MARKERS.end));
    expect(fromTable(table)).toEqual(expected);
  });

  it('the agent card has one skill per route and one per MCP tool, and names the MCP endpoint', () => {
    const card = agentCard(ctx);
    expect(
      card.skills
        .filter((s) => !s.tags.includes('mcp'))
        .map((s) => s.name)
        .sort(),
    ).toEqual(expected.map((l) => l.route).sort());
    expect(card.skills.filter((s) => s.tags.includes('mcp')).map((s) => s.id)).toEqual(
      MCP_TOOLS.map((t) => `mcp-${t.name}`),
    );
    expect(card.additionalInterfaces).toEqual([{ url: `${ctx.baseUrl}/mcp`, transport: 'MCP' }]);
  });

  it('the catalog, discovery and setup guide name the MCP endpoint and its tools', () => {
    expect(catalogResponse(ctx).products[0]?.mcp).toBe(`${ctx.baseUrl}/mcp`);
    const discovery = discoveryDocument(ctx, payment);
    expect(discovery.mcp.url).toBe(`${ctx.baseUrl}/mcp`);
    expect(discovery.mcp.tools.map((t) => [t.name, t.priceUsd])).toEqual(
      MCP_TOOLS.map((t) => [t.name, t.route === 'history' ? '0.02' : t.route === 'advisor' ? '0.05' : null]),
    );
    expect(setupGuideMarkdown(ctx, payment)).toContain('## MCP');
  });

  it('every document states the limits all routes share', () => {
    const shared = [LIMITS.general, LIMITS.burst];
    const openapi: Record<string, unknown> = { ...openApiDocument(ctx, payment) };
    expect((openapi[LIMITS_EXTENSION] as { name: string }[]).map((l) => l.name)).toEqual(
      shared.map((l) => l.name),
    );
    expect(discoveryDocument(ctx, payment).limits.shared.map((l) => l.name)).toEqual(
      shared.map((l) => l.name),
    );
    for (const text of [llmsTxt(ctx), llmsFullTxt(ctx, payment), setupGuideMarkdown(ctx, payment)]) {
      for (const l of shared) expect(text).toContain(l.description);
    }
  });
});
