import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { PublicContext } from '../envelopes/context.ts';
import { BRIEF_TOPICS, HISTORY_BOUNDS, SAMPLE_MIN_AGE_HOURS } from '../limits.ts';
import { DEMO_PAYMENT_TERMS, type PaymentTerms } from '../payment.ts';
import { ROUTE_ERRORS, ROUTES, type RouteDef, type RouteId, routeById, routePath } from '../routes.ts';
import { AdvisorRequest, MAX_PROMPT_CHARS } from '../schemas/advisor.ts';
import { Digest, POST_KINDS, Story } from '../schemas/digest.ts';
import { IndexResponse } from '../schemas/envelope.ts';
import { componentName } from './json-schemas.ts';
import { MOVED_EXTENSION, openApiDocument, PAYMENT_EXTENSION } from './openapi.ts';

type Obj = Record<string, unknown>;
const ctx: PublicContext = { baseUrl: 'https://murmur.test', platform: 'forum' };
const payTo = '0x1111111111111111111111111111111111111111' as const;
const payment: PaymentTerms = { ...DEMO_PAYMENT_TERMS, payTo };
/** The document as its readers get it: JSON data. */
const doc: Obj = { ...openApiDocument(ctx, payment) };
const paths = doc.paths as Record<string, Record<string, Obj>>;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every value under `key` anywhere in `value`. */
function collect(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => collect(v, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === key ? [v, ...collect(v, key)] : collect(v, key)));
  }
  return [];
}

/** Follows a local JSON pointer (`#/components/schemas/Digest`) in the document. */
function resolve(pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Obj)[part] : undefined),
      doc,
    );
}

const operations = Object.entries(paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.has(m))
    .map(([method, op]) => ({ path, method, op })),
);
const op = (path: string, method = 'get') => paths[path]?.[method] as Obj;
const statuses = (o: Obj) => Object.keys(o.responses as Obj).sort();

describe('OpenAPI document', () => {
  it('has the required 3.1 top-level fields', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'murmur', version: '5.1.0' });
    expect(doc.servers).toEqual([{ url: 'https://murmur.test' }]);
    expect(Object.keys(paths).length).toBeGreaterThan(ROUTES.length);
  });

  it('survives a JSON round trip unchanged (no undefined, no functions)', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('resolves every $ref', () => {
    const refs = collect(doc, '$ref');
    expect(refs.length).toBeGreaterThan(20);
    const broken = refs.filter((r) => typeof r !== 'string' || resolve(r) === undefined);
    expect(broken).toEqual([]);
  });

  it('gives every operation a unique operationId and at least one response', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of operations) expect(Object.keys(o.op.responses as Obj).length).toBeGreaterThan(0);
  });

  it('declares every path template parameter as a required path parameter', () => {
    for (const { path, op: o } of operations) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = ((o.parameters as Obj[] | undefined) ?? []).map(
        (p) => (p.$ref ? resolve(p.$ref as string) : p) as Obj,
      );
      for (const name of names) {
        expect(
          params.find((p) => p.name === name && p.in === 'path' && p.required === true),
          `${path} ${name}`,
        ).toBeDefined();
      }
    }
  });

  it('derives each operation from its route declaration: statuses, parameters, body, tag', () => {
    const schemas = (doc.components as Obj).schemas as Record<string, Obj>;
    for (const r of ROUTES as readonly RouteDef[]) {
      const o = op(routePath(r, 'forum'), r.method.toLowerCase());
      const declared = ['200', '429', ...r.errors.map((e) => String(ROUTE_ERRORS[e]))];
      expect(statuses(o), r.id).toEqual([...new Set(declared)].sort());
      expect(o.tags, r.id).toEqual([r.tag]);
      const params = ((o.parameters ?? []) as Obj[]).map((p) => String(p.$ref).split('/').pop());
      const query = r.request.query
        ? Object.keys(schemas[componentName(r.request.query)]?.properties as Obj)
        : [];
      const payment = r.access === 'paid' ? ['PAYMENT-SIGNATURE', 'X-PAYMENT'] : [];
      expect(params, r.id).toEqual([...query, ...payment, ...(r.request.headers ?? [])]);
      expect(o.requestBody !== undefined, r.id).toBe(r.request.body !== undefined);
    }
  });

  it('describes each route with the statuses of the contract', () => {
    const at = (id: RouteId) => op(routePath(routeById(id), 'forum'), routeById(id).method.toLowerCase());
    expect(statuses(at('latest'))).toEqual(['200', '404', '429', '500']);
    expect(statuses(at('sample'))).toEqual(['200', '404', '429']);
    expect(statuses(at('brief'))).toEqual(['200', '404', '429']);
    expect(statuses(at('index'))).toEqual(['200', '429']);
    expect(statuses(at('history'))).toEqual(['200', '400', '402', '429', '500']);
    expect(statuses(at('advisor'))).toEqual(['200', '400', '402', '429', '500', '502']);
  });

  it('carries the rate-limit headers on 429 and the payment headers on paid routes', () => {
    const tooMany = resolve('#/components/responses/TooManyRequests') as Obj;
    expect(Object.keys(tooMany.headers as Obj).sort()).toEqual(
      ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'].sort(),
    );
    const history = op('/api/forum/digests');
    expect(Object.keys(((history.responses as Obj)['200'] as Obj).headers as Obj)).toContain(
      'PAYMENT-RESPONSE',
    );
    const challenge = resolve('#/components/responses/PaymentRequired') as Obj;
    expect(Object.keys(challenge.headers as Obj)).toEqual(['PAYMENT-REQUIRED']);
    const validation = resolve('#/components/responses/ValidationError') as Obj;
    expect(JSON.stringify(validation)).toContain('"details"');
  });

  it('prices the paid operations with their x402 requirements', () => {
    const amounts = Object.fromEntries(
      operations
        .filter((o) => o.op[PAYMENT_EXTENSION])
        .map((o) => {
          const info = o.op[PAYMENT_EXTENSION] as { accepts: Obj[] };
          expect(info.accepts[0]).toMatchObject({
            scheme: 'exact',
            network: 'eip155:8453',
            asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
            payTo,
            extra: { name: 'USD Coin', version: '2' },
          });
          return [`${o.method} ${o.path}`, info.accepts[0]?.amount];
        }),
    );
    expect(amounts).toEqual({ 'get /api/forum/digests': '20000', 'post /api/forum/advisor': '50000' });
  });

  it('documents the history query and the advisor body from the zod schemas', () => {
    const hours = resolve('#/components/parameters/hours') as Obj;
    expect(hours).toMatchObject({
      in: 'query',
      schema: { type: 'integer', minimum: 1, maximum: 24, default: 24 },
    });
    const body = resolve('#/components/schemas/AdvisorRequest') as Obj;
    expect(Object.keys(body.properties as Obj)).toEqual(expect.arrayContaining(['prompt', 'content']));
    expect(body.additionalProperties).toBe(false);
  });

  it("takes every description from the zod schemas' own `.describe()`", () => {
    const components = (doc.components as Obj).schemas as Record<string, Obj>;
    const described: Array<[string, z.ZodObject]> = [
      ['Digest', Digest as unknown as z.ZodObject],
      ['Story', Story],
      ['IndexResponse', IndexResponse],
    ];
    for (const [name, schema] of described) {
      expect(components[name]?.description, name).toBe(schema.description);
      const props = components[name]?.properties as Record<string, Obj>;
      for (const [field, fieldSchema] of Object.entries(schema.shape)) {
        if (fieldSchema.description === undefined) continue;
        const prop = props[field] as Obj;
        // A field that is a component as it is ($ref alone) shows the component's description.
        const published = prop.description ?? (resolve(prop.$ref as string) as Obj).description;
        expect(published, `${name}.${field}`).toBe(fieldSchema.description);
      }
    }
    // Every contract field of the digest is described.
    const digest = components.Digest?.properties as Record<string, Obj>;
    for (const field of Object.keys(digest)) expect(digest[field]?.description, field).toBeTruthy();
    expect(components.AdvisorRequest?.description).toBe(AdvisorRequest.description);
  });

  it('derives the numbers in descriptions from the constants that declare them', () => {
    const range = `${HISTORY_BOUNDS.min}–${HISTORY_BOUNDS.max}, default ${HISTORY_BOUNDS.default}`;
    expect((resolve('#/components/parameters/hours') as Obj).description).toContain(range);
    expect((resolve('#/components/parameters/limit') as Obj).description).toContain(range);
    const body = (resolve('#/components/schemas/AdvisorRequest') as Obj).properties as Record<string, Obj>;
    expect(body.prompt?.description).toContain(`at most ${MAX_PROMPT_CHARS} characters`);
    const kind = (resolve('#/components/schemas/Story') as Obj).properties as Record<string, Obj>;
    for (const k of POST_KINDS) expect(kind.kind?.description).toContain(k);
    expect((resolve('#/components/responses/NoSampleDigest') as Obj).description).toContain(
      `${SAMPLE_MIN_AGE_HOURS} hours`,
    );
    expect(op('/api/forum/digests/brief').summary).toContain(`top ${BRIEF_TOPICS} topics`);
  });

  it('documents the Digest with every contract field and the TopPostPattern shape', () => {
    const digest = resolve('#/components/schemas/Digest') as Obj;
    expect(digest.required).toEqual(
      expect.arrayContaining([
        'id',
        'hourStart',
        'hourEnd',
        'title',
        'summary',
        'fullDigest',
        'totalPosts',
        'qualityPosts',
        'topTopics',
        'emergingNarratives',
        'continuingNarratives',
        'fadingNarratives',
        'hotDiscussions',
        'overallSentiment',
        'sentimentShift',
        'createdAt',
        'topPostPatterns',
      ]),
    );
    const patterns = (digest.properties as Obj).topPostPatterns as Obj;
    expect(patterns.items).toEqual({ $ref: '#/components/schemas/TopPostPattern' });
    expect(typeof patterns.description).toBe('string');
    const pattern = resolve('#/components/schemas/TopPostPattern') as Obj;
    expect(pattern.required).toEqual(['pattern', 'description', 'topShare', 'baseShare', 'lift', 'evidence']);
    expect(((pattern.properties as Obj).evidence as Obj).items).toEqual({
      $ref: '#/components/schemas/PatternEvidence',
    });
  });

  it('documents the deprecated (301), moved (308) and retired (410) paths', () => {
    const moved = operations.filter((o) => o.op[MOVED_EXTENSION]);
    const byStatus = (s: number) =>
      moved
        .filter((o) => (o.op[MOVED_EXTENSION] as { status: number }).status === s)
        .map((o) => o.path)
        .sort();
    expect(byStatus(301)).toEqual([
      '/api-for-agents.md',
      '/api/digests',
      '/api/digests/latest',
      '/api/sample',
    ]);
    expect(byStatus(308)).toEqual([
      '/api/github/{subpath}',
      '/api/intelligence/{subpath}',
      '/api/polymarket/{subpath}',
      '/api/pulse/{subpath}',
    ]);
    expect(byStatus(410)).toEqual(['/api/bundle', '/api/tokens/{subpath}']);
    for (const o of moved) expect(o.op.deprecated).toBe(true);
    const redirect = resolve('#/components/responses/PermanentRedirect') as Obj;
    expect(Object.keys(redirect.headers as Obj).sort()).toEqual(['Deprecation', 'Location', 'Sunset']);
  });

  it('uses the configured base URL and platform segment', () => {
    const other: Obj = {
      ...openApiDocument({ baseUrl: 'https://other.test', platform: 'moltbook' }, payment),
    };
    expect(Object.keys(other.paths as Obj)).toContain('/api/moltbook/digests/latest');
    expect(JSON.stringify(other)).not.toContain('murmur.test');
  });
});
