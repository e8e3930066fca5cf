import type { z } from 'zod';
import { BRIEF_TOPICS, HISTORY_BOUNDS, LIMITS, type RateLimit, SAMPLE_MIN_AGE_HOURS } from './limits.ts';
import { AdvisorRequest } from './schemas/advisor.ts';
import { AdvisorResult } from './schemas/advisor-result.ts';
import { CatalogResponse } from './schemas/catalog.ts';
import { ChangelogResponse } from './schemas/changelog.ts';
import {
  BriefResponse,
  HistoryQuery,
  HistoryResponse,
  IndexResponse,
  LatestResponse,
  SampleResponse,
} from './schemas/envelope.ts';

/** Whether a route needs payment. */
export type Access = 'free' | 'paid';

/**
 * The error answers a route can give besides 429 (which every route can), from the contract, with
 * their status. Documents describe each one once (`core/docs/openapi.ts` component responses).
 */
export const ROUTE_ERRORS = {
  ValidationError: 400,
  PaymentRequired: 402,
  NoDigests: 404,
  NoSampleDigest: 404,
  ServerError: 500,
  RefundQueued: 502,
} as const;
/** Name of an error answer a route declares. */
export type RouteError = keyof typeof ROUTE_ERRORS;

/** Request headers a route reads besides the payment headers every paid route reads. */
export type RequestHeader = 'Accept' | 'x-api-key';

/** What a route takes: zod schemas of its query and JSON body, and the headers it reads. */
export interface RouteRequest {
  /** Query parameters (input shape); routes without it take no query. */
  readonly query?: z.ZodType;
  /** JSON body (input shape). */
  readonly body?: z.ZodType;
  readonly headers?: readonly RequestHeader[];
}

/** A file the static build emits for a route, with the media type it must be served as. */
export interface RouteFile {
  /** URL path of the file under the built site. */
  readonly path: string;
  readonly contentType: string;
}

/** One route of the public API: the single declaration the site, the edge and every document derive from. */
export interface RouteSpec {
  /** Stable identifier, used as a key in documents (`endpoints` maps, OpenAPI operationId). */
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** Path with `{platform}` standing for the configurable platform segment. */
  readonly path: string;
  readonly access: Access;
  /** Price in USD per request for paid routes, as a decimal string; null when free. */
  readonly priceUsd: string | null;
  /** Limits that apply besides the general and burst limits every route shares. */
  readonly limits: readonly RateLimit[];
  /** A free-tier key's limit, for a paid route a key may call instead of paying. */
  readonly freeTier?: RateLimit;
  /** Media type of a successful answer. */
  readonly contentType: string;
  /** A second media type the route answers when `Accept` ranks it higher (`/api`: JSON). */
  readonly negotiates?: 'application/json';
  /**
   * The files the static build emits for the route when they cannot be one file at its path (`/api`
   * is also a folder): one per media type it answers, the first its default. Absent: one file at its path.
   */
  readonly files?: readonly RouteFile[];
  /** Schema of the successful JSON answer; null for text and for documents not modelled field by field. */
  readonly response: z.ZodType | null;
  readonly request: RouteRequest;
  /** Error answers besides 429. */
  readonly errors: readonly RouteError[];
  /** Group of the route in documents. */
  readonly tag: 'digests' | 'advisor' | 'documents';
  /** One line for people and agents reading the documents. */
  readonly description: string;
}

const json = 'application/json';
const none = {} as const;

/** Every route of the contract, in the order documents list them. */
export const ROUTES = [
  {
    id: 'setup-guide',
    method: 'GET',
    path: '/api',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: 'text/markdown',
    negotiates: json,
    files: [
      { path: '/api.md', contentType: 'text/markdown' },
      { path: '/api.json', contentType: json },
    ],
    response: null,
    request: { headers: ['Accept'] },
    errors: [],
    tag: 'documents',
    description: 'Setup guide in markdown (JSON when the Accept header asks for it).',
  },
  {
    id: 'changelog',
    method: 'GET',
    path: '/api/changelog',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: ChangelogResponse,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'Structured version history of the API, newest first.',
  },
  {
    id: 'catalog',
    method: 'GET',
    path: '/.well-known/catalog',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: CatalogResponse,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'The product family catalog.',
  },
  {
    id: 'sample',
    method: 'GET',
    path: '/api/{platform}/sample',
    access: 'free',
    priceUsd: null,
    limits: [LIMITS.sample],
    contentType: json,
    response: SampleResponse,
    request: none,
    errors: ['NoSampleDigest'],
    tag: 'digests',
    description: `A sample digest at least ${SAMPLE_MIN_AGE_HOURS} hours old, rotating as digests age.`,
  },
  {
    id: 'latest',
    method: 'GET',
    path: '/api/{platform}/digests/latest',
    access: 'free',
    priceUsd: null,
    limits: [LIMITS.latest],
    contentType: json,
    response: LatestResponse,
    request: none,
    errors: ['NoDigests', 'ServerError'],
    tag: 'digests',
    description: 'The most recent completed hourly digest.',
  },
  {
    id: 'brief',
    method: 'GET',
    path: '/api/{platform}/digests/brief',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: BriefResponse,
    request: none,
    errors: ['NoDigests'],
    tag: 'digests',
    description: `A short brief of the latest digest: title, summary, top ${BRIEF_TOPICS} topics, sentiment.`,
  },
  {
    id: 'index',
    method: 'GET',
    path: '/api/{platform}/digests/index',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: IndexResponse,
    request: none,
    errors: [],
    tag: 'digests',
    description: 'Id of the current digest; poll it to detect a new digest.',
  },
  {
    id: 'history',
    method: 'GET',
    path: '/api/{platform}/digests',
    access: 'paid',
    priceUsd: '0.02',
    limits: [],
    contentType: json,
    response: HistoryResponse,
    request: { query: HistoryQuery },
    errors: ['ValidationError', 'PaymentRequired', 'ServerError'],
    tag: 'digests',
    description: `Historical digests of the last \`hours\` (${HISTORY_BOUNDS.min}–${HISTORY_BOUNDS.max}), at most \`limit\` (${HISTORY_BOUNDS.min}–${HISTORY_BOUNDS.max}), newest first.`,
  },
  {
    id: 'advisor',
    method: 'POST',
    path: '/api/{platform}/advisor',
    access: 'paid',
    priceUsd: '0.05',
    limits: [],
    freeTier: LIMITS.advisorKey,
    contentType: json,
    response: AdvisorResult,
    request: { body: AdvisorRequest, headers: ['x-api-key'] },
    errors: ['ValidationError', 'PaymentRequired', 'ServerError', 'RefundQueued'],
    tag: 'advisor',
    description: `Viral Advisor: predicted engagement, virality score and rewrites for a draft post. A free-tier key allows ${LIMITS.advisorKey.max} requests per day.`,
  },
  {
    id: 'discovery',
    method: 'GET',
    path: '/discovery',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'Every endpoint as structured JSON, split free and paid.',
  },
  {
    id: 'health',
    method: 'GET',
    path: '/health',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'Server health: digest freshness, store and payment facilitator status.',
  },
  {
    id: 'openapi',
    method: 'GET',
    path: '/openapi.json',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'OpenAPI 3.1 description of every route.',
  },
  {
    id: 'llms',
    method: 'GET',
    path: '/llms.txt',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: 'text/plain',
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'Summary of the service for language models.',
  },
  {
    id: 'llms-full',
    method: 'GET',
    path: '/llms-full.txt',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: 'text/plain',
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'The full service description for language models.',
  },
  {
    id: 'x402-manifest',
    method: 'GET',
    path: '/.well-known/x402',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'x402 payment manifest.',
  },
  {
    id: 'x402-resources',
    method: 'GET',
    path: '/.well-known/x402-resources.json',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'The paid resources with their x402 payment requirements.',
  },
  {
    id: 'agent-card',
    method: 'GET',
    path: '/.well-known/agent-card.json',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'Agent card describing the service to other agents.',
  },
  {
    id: 'terms',
    method: 'GET',
    path: '/terms.txt',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: 'text/plain',
    response: null,
    request: none,
    errors: [],
    tag: 'documents',
    description: 'Terms of use.',
  },
] as const satisfies readonly RouteSpec[];

/** Id of a declared route: a typo is a type error, never a run-time look-up failure. */
export type RouteId = (typeof ROUTES)[number]['id'];

/** A declared route, as code that handles any route sees it. */
export type RouteDef = RouteSpec & { readonly id: RouteId };

/** The declaration of route `id`, with its literal types. */
export type RouteOf<Id extends RouteId> = Extract<(typeof ROUTES)[number], { id: Id }>;

/** Every route by id (`ROUTE.history`). */
export const ROUTE = Object.fromEntries(ROUTES.map((r) => [r.id, r])) as {
  readonly [Id in RouteId]: RouteOf<Id>;
};

/** The neutral platform segment used when configuration names none. */
export const DEFAULT_PLATFORM = 'forum';

/** A route's concrete path for a platform segment. */
export function routePath(route: Pick<RouteSpec, 'path'>, platform: string = DEFAULT_PLATFORM): string {
  return route.path.replaceAll('{platform}', platform);
}

/** The files the static build emits for a route: its declared files, else one at its path. */
export function routeFiles(route: RouteSpec, platform: string = DEFAULT_PLATFORM): readonly RouteFile[] {
  return route.files ?? [{ path: routePath(route, platform), contentType: route.contentType }];
}

/** The route declared as `id` (typed: an unknown id does not compile). */
export function routeById<Id extends RouteId>(id: Id): RouteOf<Id> {
  return ROUTE[id];
}
