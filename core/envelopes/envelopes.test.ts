import { describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_TERMS } from '../payment.ts';
import { routeById } from '../routes.ts';
import { Digest, SAMPLE_FIELDS } from '../schemas/digest.ts';
import {
  BriefResponse,
  ErrorBody,
  IndexResponse,
  LatestResponse,
  SampleResponse,
} from '../schemas/envelope.ts';
import { makeDigest } from '../testing/digest.ts';
import { briefResponse } from './brief.ts';
import { absoluteUrl, contextFromConfig, type PublicContext, urlOf } from './context.ts';
import {
  errorBody,
  METHOD_NOT_ALLOWED,
  NO_DIGESTS,
  NO_SAMPLE_DIGEST,
  NOT_FOUND,
  rateLimitedBody,
  refundQueuedBody,
  SERVER_ERROR,
} from './errors.ts';
import { indexResponse } from './index-response.ts';
import { latestResponse } from './latest.ts';
import { apiMeta, attribution } from './meta.ts';
import { paymentRequirements, resourceInfo } from './payment-required.ts';
import { sampleResponse } from './sample.ts';

const ctx: PublicContext = { baseUrl: 'https://murmur.test', platform: 'forum' };
const digest = makeDigest('2026-03-20T13:00:00.000Z');

/** Every string value anywhere in `value` that looks like an absolute URL. */
function urls(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urls);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urls);
  return [];
}

describe('context', () => {
  it('joins the base URL and a path without doubling slashes', () => {
    expect(absoluteUrl({ baseUrl: 'https://a.test/', platform: 'forum' }, '/api')).toBe('https://a.test/api');
    expect(() => absoluteUrl(ctx, 'api')).toThrow(/must start with/);
  });

  it('uses the platform segment in route URLs', () => {
    expect(urlOf({ ...ctx, platform: 'moltbook' }, 'latest')).toBe(
      'https://murmur.test/api/moltbook/digests/latest',
    );
    expect(contextFromConfig({ baseUrl: 'https://x.test/', PLATFORM_SEGMENT: 'forum' })).toEqual({
      baseUrl: 'https://x.test',
      platform: 'forum',
    });
  });

  it('fills the attribution and _meta with the base URL and version 5.1.0', () => {
    expect(attribution(ctx)).toContain('https://murmur.test');
    expect(attribution(ctx)).not.toContain('{base_url}');
    expect(apiMeta(ctx)).toEqual({ apiVersion: '5.1.0', changelog: 'https://murmur.test/api/changelog' });
  });
});

describe.each([
  ['latest', LatestResponse, () => latestResponse(ctx, digest)],
  ['brief', BriefResponse, () => briefResponse(ctx, digest)],
  ['index', IndexResponse, () => indexResponse(ctx, digest)],
  ['sample', SampleResponse, () => sampleResponse(ctx, digest)],
])('%s envelope', (_name, schema, build) => {
  it('validates against its schema', () => {
    const result = schema.safeParse(build());
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('carries _meta with version 5.1.0 and only absolute URLs on the base URL', () => {
    const body = build() as { _meta: { apiVersion: string } };
    expect(body._meta.apiVersion).toBe('5.1.0');
    const found = urls(body);
    expect(found.length).toBeGreaterThan(0);
    for (const url of found) expect(url.startsWith('https://murmur.test/')).toBe(true);
  });
});

describe('latest', () => {
  it('returns the digest unchanged as data', () => {
    expect(latestResponse(ctx, digest).data).toEqual(Digest.parse(digest));
  });
});

describe('brief', () => {
  const brief = briefResponse(ctx, digest);

  it('keeps exactly the brief fields and the top 3 topics', () => {
    expect(Object.keys(brief.data).sort()).toEqual(
      [
        'createdAt',
        'hourStart',
        'overallSentiment',
        'sentimentShift',
        'summary',
        'title',
        'topTopics',
        'totalPosts',
      ].sort(),
    );
    expect(brief.data.topTopics).toEqual(['memory', 'consent', 'tooling']);
    expect(brief._notice.type).toBe('brief');
  });

  it('links every route, the docs and the discovery document', () => {
    expect(brief._meta.endpoints.latest).toBe('https://murmur.test/api/forum/digests/latest');
    expect(brief._meta.endpoints.history).toBe('https://murmur.test/api/forum/digests');
    expect(brief._meta.docs).toBe('https://murmur.test/api');
    expect(brief._meta.discovery).toBe('https://murmur.test/discovery');
  });
});

describe('index', () => {
  it('mirrors the id, names the hour and expects the next digest one hour after this one', () => {
    const index = indexResponse(ctx, digest);
    expect(index.id).toBe(digest.id);
    expect(index.index).toBe(digest.id);
    expect(index.publishedAt).toBe('2026-03-20T14:05:00.000Z');
    expect(index.updatedAt).toBe(index.publishedAt);
    expect(index.hourStart).toBe(digest.hourStart);
    expect(index.hourEnd).toBe('2026-03-20T14:00:00.000Z');
    expect(index.nextExpectedAt).toBe('2026-03-20T15:05:00.000Z');
  });
});

describe('sample', () => {
  const sample = sampleResponse(ctx, digest);

  it('shows only the sample fields and the contract notice', () => {
    expect(Object.keys(sample.data)).toEqual([...SAMPLE_FIELDS]);
    expect(sample._notice).toMatchObject({
      type: 'sample',
      rateLimit: '1 request per 20 minutes per IP',
      digestDate: '2026-03-20',
    });
  });

  it('links the latest and history paths and prices the history', () => {
    expect(sample._links).toEqual({ latest: '/api/forum/digests/latest', all: '/api/forum/digests' });
    expect(sample._pricing).toMatchObject({ latestDigest: 'free', network: 'eip155:8453' });
    expect(sample._pricing.allDigests).toContain('$0.02');
    expect(sample._pricing.documentation).toBe('https://murmur.test/api');
  });
});

describe('error bodies', () => {
  it.each([
    ['NO_DIGESTS', NO_DIGESTS],
    ['NO_SAMPLE_DIGEST', NO_SAMPLE_DIGEST],
    ['NOT_FOUND', NOT_FOUND],
    ['METHOD_NOT_ALLOWED', METHOD_NOT_ALLOWED],
    ['SERVER_ERROR', SERVER_ERROR],
    ['rateLimitedBody', rateLimitedBody(30)],
    ['refundQueuedBody', refundQueuedBody()],
  ])('%s has the contract shape', (_name, body) => {
    expect(ErrorBody.safeParse(body).success).toBe(true);
    expect(body.success).toBe(false);
    expect(body.message).toBeTypeOf('string');
  });

  it('uses the contract text for a missing digest', () => {
    expect(NO_DIGESTS.error).toBe('no digests available');
    expect(NO_SAMPLE_DIGEST.message).toContain('18 hours');
    expect(Object.isFrozen(NO_DIGESTS)).toBe(true);
  });

  it('carries validation details and the refund marker', () => {
    const body = errorBody('Validation failed', 'bad', [
      { field: 'hours', message: 'must be between 1 and 24' },
    ]);
    expect(body.details).toEqual([{ field: 'hours', message: 'must be between 1 and 24' }]);
    expect(errorBody('x')).toEqual({ success: false, error: 'x' });
    expect(refundQueuedBody().refund).toBe('queued');
  });
});

describe('payment requirements (documents)', () => {
  it('describe the canonical resource and the x402 v2 requirements', () => {
    expect(resourceInfo(ctx, routeById('advisor')).url).toBe('https://murmur.test/api/forum/advisor');
    expect(paymentRequirements(routeById('advisor'), DEMO_PAYMENT_TERMS)).toEqual({
      scheme: 'exact',
      network: 'eip155:8453',
      amount: '50000',
      asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      payTo: DEMO_PAYMENT_TERMS.payTo,
      maxTimeoutSeconds: DEMO_PAYMENT_TERMS.maxTimeoutSeconds,
      extra: { name: 'USD Coin', version: '2' },
    });
  });

  it('refuse a free route', () => {
    expect(() => paymentRequirements(routeById('latest'), DEMO_PAYMENT_TERMS)).toThrow(/not paid/);
    expect(() => resourceInfo(ctx, routeById('latest'))).toThrow(/not paid/);
  });
});
