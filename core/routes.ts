import { LIMITS, type RateLimit } from './limits.ts';

/** Whether a route needs payment. */
export type Access = 'free' | 'paid';

/** One route of the public API: the single declaration the site, the edge and every document derive from. */
export interface RouteDef {
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
  /** Media type of a successful answer. */
  readonly contentType: string;
  /** One line for people and agents reading the documents. */
  readonly description: string;
}

const json = 'application/json';

/** Every route of the contract, in the order documents list them. */
export const ROUTES: readonly RouteDef[] = [
  {
    id: 'setup-guide',
    method: 'GET',
    path: '/api',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: 'text/markdown',
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
    description: 'A sample digest at least 18 hours old, rotating as digests age.',
  },
  {
    id: 'latest',
    method: 'GET',
    path: '/api/{platform}/digests/latest',
    access: 'free',
    priceUsd: null,
    limits: [LIMITS.latest],
    contentType: json,
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
    description: 'A short brief of the latest digest: title, summary, top 3 topics, sentiment.',
  },
  {
    id: 'index',
    method: 'GET',
    path: '/api/{platform}/digests/index',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
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
    description: 'Historical digests of the last `hours` (1–24), at most `limit` (1–24), newest first.',
  },
  {
    id: 'advisor',
    method: 'POST',
    path: '/api/{platform}/advisor',
    access: 'paid',
    priceUsd: '0.05',
    limits: [],
    contentType: json,
    description:
      'Viral Advisor: predicted engagement, virality score and rewrites for a draft post. A free-tier key allows 2 requests per day.',
  },
  {
    id: 'discovery',
    method: 'GET',
    path: '/discovery',
    access: 'free',
    priceUsd: null,
    limits: [],
    contentType: json,
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
    description: 'Terms of use.',
  },
];

/** The neutral platform segment used when configuration names none. */
export const DEFAULT_PLATFORM = 'forum';

/** A route's concrete path for a platform segment. */
export function routePath(route: Pick<RouteDef, 'path'>, platform: string = DEFAULT_PLATFORM): string {
  return route.path.replaceAll('{platform}', platform);
}

/** Looks a route up by id; throws when the id is unknown, which is a programming error. */
export function routeById(id: string): RouteDef {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`unknown route id: ${id}`);
  return route;
}
