import { SUNSET_DATE } from '../api-version.ts';
import { DEFAULT_PLATFORM } from '../routes.ts';

/** Base URLs of the sibling services the moved products now live at. */
export interface SiblingBaseUrls {
  /** `{gh_base_url}`: GitHub digests. */
  readonly gh: string;
  /** `{signals_base_url}`: intelligence and pulse. */
  readonly signals: string;
  /** `{markets_base_url}`: prediction markets. */
  readonly markets: string;
}

/** The configuration's defaults (GH_BASE_URL, SIGNALS_BASE_URL, MARKETS_BASE_URL). */
export const DEFAULT_SIBLINGS: SiblingBaseUrls = {
  gh: 'https://gh.example.com',
  signals: 'https://signals.example.com',
  markets: 'https://markets.example.com',
};

/** A path that answers 301 to its successor on this service (contract: Deprecated paths). */
export interface DeprecatedPath {
  readonly path: string;
  /** Successor path; `{platform}` stands for the platform segment. */
  readonly to: string;
  /** Version that deprecated it. */
  readonly since: string;
}

/** A path prefix whose product moved to a sibling service: 308 (contract: Moved and retired paths). */
export interface MovedPrefix {
  /** Matches the prefix itself and everything below it (`/api/github`, `/api/github/...`). */
  readonly prefix: string;
  readonly sibling: keyof SiblingBaseUrls;
  readonly since: string;
  /** How the contract words the mapping, for documents. */
  readonly rule: string;
  /** Maps the part after the prefix (`''` or starting with `/`) to the path on the sibling. */
  readonly map: (subpath: string) => string;
}

/** A retired path prefix: 410 Gone. */
export interface RetiredPrefix {
  readonly prefix: string;
  /** Whether the contract retires everything below the prefix (`/api/tokens/*`) or the path itself. */
  readonly wildcard: boolean;
  readonly since: string;
  /** Whether the 410 carries a `Deprecation` header (the contract says so for tokens only). */
  readonly deprecationHeader: boolean;
  readonly note: string;
}

/** 301s to the platform-segment paths (1.2.0) and the old agents guide. */
export const DEPRECATED_PATHS: readonly DeprecatedPath[] = [
  { path: '/api/digests/latest', to: '/api/{platform}/digests/latest', since: '1.2.0' },
  { path: '/api/digests', to: '/api/{platform}/digests', since: '1.2.0' },
  { path: '/api/sample', to: '/api/{platform}/sample', since: '1.2.0' },
  { path: '/api-for-agents.md', to: '/api', since: '1.2.0' },
];

/**
 * Polymarket subpaths (first segment) that have a `/v1/<name>` counterpart on the markets service.
 * The contract says only "most subpaths". The first seven are the ones the old clients call (the
 * feed's latest signal, its signals since an index, the free index, brief and sample, and history);
 * the rest were listed before. Any other subpath goes to the base.
 */
export const MARKETS_V1_NAMES: readonly string[] = [
  'latest',
  'signal',
  'signals',
  'index',
  'brief',
  'sample',
  'history',
  'markets',
  'events',
  'trending',
  'movers',
  'digest',
  'digests',
  'search',
];

/**
 * The pulse narratives path (contract: "pulse narratives path maps to /v1/pulse/narratives"): the old
 * clients call it under the `ai-business` feed, `/api/pulse/ai-business/narratives[/<id>]`; the bare
 * `/api/pulse/narratives[/…]` is kept too. Matched on the subpath after `/api/pulse`.
 */
const PULSE_NARRATIVES = /^(?:\/ai-business)?(\/narratives(?:\/.*)?)$/;

const v1 = (subpath: string): string => `/v1${subpath}`;

/** 308s to the sibling services (4.6.0, 4.7.0, 5.0.0). */
export const MOVED_PREFIXES: readonly MovedPrefix[] = [
  {
    prefix: '/api/github',
    sibling: 'gh',
    since: '4.6.0',
    rule: '/api/github/* → {gh_base_url}/v1/*',
    map: v1,
  },
  {
    prefix: '/api/intelligence',
    sibling: 'signals',
    since: '4.7.0',
    rule: '/api/intelligence/* → {signals_base_url}/v1/*',
    map: v1,
  },
  {
    prefix: '/api/pulse',
    sibling: 'signals',
    since: '4.7.0',
    rule: '/api/pulse/* → {signals_base_url}/v1/*; /api/pulse/ai-business/narratives/* (and /api/pulse/narratives/*) → {signals_base_url}/v1/pulse/narratives/*',
    map: (subpath) => {
      const narratives = PULSE_NARRATIVES.exec(subpath)?.[1];
      return narratives === undefined ? v1(subpath) : `/v1/pulse${narratives}`;
    },
  },
  {
    prefix: '/api/polymarket',
    sibling: 'markets',
    since: '5.0.0',
    rule: `/api/polymarket/<name>/* → {markets_base_url}/v1/<name>/* for ${MARKETS_V1_NAMES.join(', ')}; any other subpath → {markets_base_url}`,
    map: (subpath) => {
      const name = /^\/([^/]+)/.exec(subpath)?.[1];
      return name !== undefined && MARKETS_V1_NAMES.includes(name) ? v1(subpath) : '';
    },
  },
];

/** 410s (5.0.0 bundle, 5.1.0 tokens). */
export const RETIRED_PREFIXES: readonly RetiredPrefix[] = [
  {
    prefix: '/api/bundle',
    wildcard: false,
    since: '5.0.0',
    deprecationHeader: false,
    note: 'The bundle was retired in 5.0.0.',
  },
  {
    prefix: '/api/tokens',
    wildcard: true,
    since: '5.1.0',
    deprecationHeader: true,
    note: 'Token routes were retired in 5.1.0 and have no successor.',
  },
];

/** What the edge answers for a deprecated, moved or retired path. */
export interface MovedPathAnswer {
  readonly status: 301 | 308 | 410;
  /** Location of a redirect (relative for 301s on this service, absolute for 308s). */
  readonly location?: string;
  /** JSON body in the contract's error shape plus the redirect fields. */
  readonly body: Record<string, unknown>;
  /** Headers besides Content-Type, `Location` included for redirects. */
  readonly headers: Record<string, string>;
}

const deprecationHeaders = { Deprecation: 'true', Sunset: SUNSET_DATE } as const;

/** Whether `path` is `prefix` or below it. */
function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The query string (with or without `?`, or URLSearchParams) as a suffix: `''` or `?a=1`. */
function querySuffix(query: string | URLSearchParams): string {
  const text = (typeof query === 'string' ? query : query.toString()).replace(/^\?/, '');
  return text === '' ? '' : `?${text}`;
}

/**
 * The answer for a deprecated (301), moved (308) or retired (410) path, or null when `path` is none of
 * those. Redirects preserve the query string, carry `Deprecation: true` and `Sunset`, and never
 * charge: the edge must resolve these before any payment layer.
 */
export function resolveMovedPath(
  path: string,
  query: string | URLSearchParams,
  siblings: SiblingBaseUrls = DEFAULT_SIBLINGS,
  platform: string = DEFAULT_PLATFORM,
): MovedPathAnswer | null {
  const q = querySuffix(query);

  const deprecated = DEPRECATED_PATHS.find((d) => d.path === path);
  if (deprecated) {
    const newEndpoint = deprecated.to.replaceAll('{platform}', platform);
    const location = `${newEndpoint}${q}`;
    return {
      status: 301,
      location,
      body: {
        success: false,
        error: 'endpoint moved',
        message: `${path} is deprecated; use ${newEndpoint}.`,
        newEndpoint,
        deprecated: true,
        sunset: SUNSET_DATE,
      },
      headers: {
        Location: location,
        ...deprecationHeaders,
        Link: `<${newEndpoint}>; rel="successor-version"`,
      },
    };
  }

  const moved = MOVED_PREFIXES.find((m) => under(path, m.prefix));
  if (moved) {
    const base = siblings[moved.sibling].replace(/\/+$/, '');
    const location = `${base}${moved.map(path.slice(moved.prefix.length))}${q}`;
    return {
      status: 308,
      location,
      body: {
        success: false,
        error: 'moved to a sibling service',
        message: `This product moved in ${moved.since}; follow the redirect.`,
        deprecated: true,
        movedTo: location,
        sunset: SUNSET_DATE,
        note: `Redirects are free (never 402, nothing charged) and guaranteed until ${SUNSET_DATE}.`,
      },
      headers: { Location: location, ...deprecationHeaders },
    };
  }

  const retired = RETIRED_PREFIXES.find((r) => under(path, r.prefix));
  if (retired) {
    return {
      status: 410,
      body: { success: false, error: 'gone', message: retired.note },
      headers: retired.deprecationHeader ? { Deprecation: 'true' } : {},
    };
  }
  return null;
}
