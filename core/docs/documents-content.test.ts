import { describe, expect, it } from 'vitest';
import { SUNSET_DATE } from '../api-version.ts';
import type { PublicContext } from '../envelopes/context.ts';
import { DEMO_PAYMENT_TERMS, type PaymentTerms } from '../payment.ts';
import { CatalogResponse } from '../schemas/catalog.ts';
import { ChangelogResponse } from '../schemas/changelog.ts';
import { ApiMeta } from '../schemas/envelope.ts';
import { agentCard } from './agent-card.ts';
import { catalogResponse } from './catalog.ts';
import { changelogResponse } from './changelog.ts';
import { discoveryDocument } from './discovery.ts';
import { llmsFullTxt, llmsTxt } from './llms.ts';
import { setupGuideJson, setupGuideMarkdown } from './setup-guide.ts';
import { termsTxt } from './terms.ts';
import { x402Manifest, x402Resources } from './x402.ts';

const ctx: PublicContext = { baseUrl: 'https://murmur.test', platform: 'forum' };
const realPayee: PaymentTerms = {
  ...DEMO_PAYMENT_TERMS,
  payTo: '0x2222222222222222222222222222222222222222',
};

describe('changelog', () => {
  const log = changelogResponse(ctx);

  it('validates, names 5.1.0 current and lists every contract milestone newest first', () => {
    expect(ChangelogResponse.safeParse(log).error?.issues ?? []).toEqual([]);
    expect(log.currentVersion).toBe('5.1.0');
    expect(log.entries.map((e) => e.version)).toEqual([
      '5.1.0',
      '5.0.0',
      '4.7.0',
      '4.6.0',
      '4.5.2',
      '4.5.1',
      '4.5.0',
      '4.2.3',
      '3.1.0',
      '1.2.0',
      '1.0.0',
    ]);
  });

  it('has strictly decreasing dates, all before the sunset', () => {
    const dates = log.entries.map((e) => e.date);
    for (let i = 1; i < dates.length; i++) expect((dates[i] ?? '') < (dates[i - 1] ?? '')).toBe(true);
    expect((dates[0] ?? '') < SUNSET_DATE).toBe(true);
  });

  it('records the retirements as removals', () => {
    const types = (v: string) => log.entries.find((e) => e.version === v)?.changes.map((c) => c.type);
    expect(types('5.1.0')).toContain('removed');
    expect(types('5.0.0')).toContain('removed');
    expect(types('4.5.0')).toContain('removed');
    expect(types('4.2.3')).toContain('fixed');
  });
});

describe('catalog', () => {
  it('validates with this service as the one flagship and the three siblings', () => {
    const catalog = catalogResponse(ctx, {
      gh: 'https://gh.test',
      signals: 'https://s.test',
      markets: 'https://m.test/',
    });
    expect(CatalogResponse.safeParse(catalog).error?.issues ?? []).toEqual([]);
    expect(catalog.canonical).toBe('https://murmur.test/.well-known/catalog');
    expect(catalog.products.filter((p) => p.flagship).map((p) => p.website)).toEqual(['https://murmur.test']);
    expect(catalog.products.map((p) => p.website)).toEqual([
      'https://murmur.test',
      'https://gh.test',
      'https://s.test',
      'https://m.test',
    ]);
  });
});

describe('discovery', () => {
  it('carries _meta, the payment terms and the moved paths', () => {
    const doc = discoveryDocument(ctx, realPayee);
    expect(ApiMeta.safeParse(doc._meta).success).toBe(true);
    expect(doc.payment).toMatchObject({ network: 'eip155:8453', payTo: realPayee.payTo, demo: false });
    expect(doc.moved.moved.map((m) => m.prefix)).toEqual([
      '/api/github',
      '/api/intelligence',
      '/api/pulse',
      '/api/polymarket',
    ]);
    expect(doc.polling.route).toBe('https://murmur.test/api/forum/digests/index');
  });

  it('flags the demo payee', () => {
    expect(discoveryDocument(ctx, DEMO_PAYMENT_TERMS).payment.demo).toBe(true);
  });
});

describe('x402 documents', () => {
  it('give each paid resource its v2 requirements', () => {
    const items = x402Resources(ctx, realPayee).items;
    expect(items.map((i) => i.resource)).toEqual([
      'https://murmur.test/api/forum/digests',
      'https://murmur.test/api/forum/advisor',
    ]);
    for (const item of items) {
      expect(item.accepts).toEqual([
        expect.objectContaining({
          scheme: 'exact',
          network: 'eip155:8453',
          asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
          payTo: realPayee.payTo,
          maxTimeoutSeconds: realPayee.maxTimeoutSeconds,
          extra: { name: 'USD Coin', version: '2' },
        }),
      ]);
    }
    expect(items.map((i) => i.accepts[0]?.amount)).toEqual(['20000', '50000']);
    expect(items[1]?.metadata.input).toMatchObject({ method: 'POST', bodyType: 'json' });
  });

  it('the manifest names the payee, network and asset', () => {
    const manifest = x402Manifest(ctx, realPayee);
    expect(manifest.payment).toMatchObject({
      payTo: realPayee.payTo,
      networks: ['eip155:8453'],
      demo: false,
    });
    expect(manifest.endpoints.map((e) => e.price)).toEqual(['$0.02', '$0.05']);
  });
});

describe('llms.txt', () => {
  it('follows the format: H1, summary quote, prose, H2 link sections (the MCP endpoint and its tools among them) with Optional last', () => {
    const text = llmsTxt(ctx);
    expect(text.startsWith('# murmur\n\n> ')).toBe(true);
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['Digests', 'Viral Advisor', 'Documents', 'MCP', 'Optional']);
    expect(text).toContain('https://murmur.test/api/forum/digests/index');
    expect(text).toContain('https://murmur.test/mcp');
    expect(text).toContain('`get_digest_history` ($0.02, x402)');
  });

  it('the full text adds the fields, payment flow, errors, moved paths and versions', () => {
    const text = llmsFullTxt(ctx, realPayee);
    for (const needle of [
      '| topPostPatterns |',
      '| evidence | array of PatternEvidence |',
      '| author | string or null |',
      'PAYMENT-SIGNATURE',
      '"amount": "20000"',
      '| 502 |',
      '`/api/tokens/*`: 410 Gone with a Deprecation header',
      '5.0.0 (2026-03-08)',
      'Sunset: 2026-09-08',
    ]) {
      expect(text).toContain(needle);
    }
  });
});

describe('setup guide', () => {
  it('explains free routes, polling, x402 with @x402/fetch, limits and errors', () => {
    const md = setupGuideMarkdown(ctx, realPayee);
    for (const needle of [
      'curl https://murmur.test/api/forum/digests/latest',
      'https://murmur.test/api/forum/digests/index',
      "from '@x402/fetch'",
      'wrapFetchWithPayment',
      'PAYMENT-SIGNATURE',
      'Retry-After',
      '| 429 |',
    ]) {
      expect(md).toContain(needle);
    }
    expect(md).not.toContain('placeholder payee');
    expect(setupGuideMarkdown(ctx, DEMO_PAYMENT_TERMS)).toContain('placeholder payee');
  });

  it('has a JSON form with _meta and the same sections', () => {
    const json = setupGuideJson(ctx, realPayee);
    expect(ApiMeta.safeParse(json._meta).success).toBe(true);
    const md = setupGuideMarkdown(ctx, realPayee);
    for (const s of json.sections) expect(md).toContain(`## ${s.heading}`);
  });
});

describe('agent card and terms', () => {
  it('the agent card points at the service and its guide', () => {
    const card = agentCard(ctx);
    expect(card).toMatchObject({ name: 'murmur', url: 'https://murmur.test', version: '5.1.0' });
    expect(card.skills.find((s) => s.id === 'history')?.description).toContain('$0.02');
  });

  it('the terms state the prices, the refund rule and the sunset', () => {
    const terms = termsTxt(ctx);
    expect(terms).toContain('https://murmur.test/api/forum/digests: $0.02 per request');
    expect(terms).toContain('https://murmur.test/api/forum/advisor: $0.05 per request');
    expect(terms).toContain('{"refund":"queued"}');
    expect(terms).toContain(SUNSET_DATE);
  });
});

describe('absolute URLs', () => {
  const other: PublicContext = { baseUrl: 'https://other.test', platform: 'forum' };
  it.each([
    ['discovery', () => JSON.stringify(discoveryDocument(other, realPayee))],
    ['x402 manifest', () => JSON.stringify(x402Manifest(other, realPayee))],
    ['x402 resources', () => JSON.stringify(x402Resources(other, realPayee))],
    ['agent card', () => JSON.stringify(agentCard(other))],
    ['changelog', () => JSON.stringify(changelogResponse(other))],
    ['llms.txt', () => llmsTxt(other)],
    ['llms-full.txt', () => llmsFullTxt(other, realPayee)],
    ['setup guide', () => setupGuideMarkdown(other, realPayee)],
    ['setup guide JSON', () => JSON.stringify(setupGuideJson(other, realPayee))],
    ['terms', () => termsTxt(other)],
  ])('%s links only to the configured base URL', (_name, build) => {
    const found = build().match(/https?:\/\/[^\s)`'"\\]+/g) ?? [];
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((u) => !u.startsWith('https://other.test'))).toEqual([]);
  });
});
