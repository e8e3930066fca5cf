import type {
  ContentObject,
  HeaderObject,
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  PathsObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from 'openapi3-ts/oas31';
import { API_VERSION, SUNSET_DATE } from '../api-version.ts';
import { type PublicContext, urlOf } from '../envelopes/context.ts';
import {
  METHOD_NOT_ALLOWED,
  NO_DIGESTS,
  NO_SAMPLE_DIGEST,
  rateLimitedBody,
  refundQueuedBody,
  SERVER_ERROR,
} from '../envelopes/errors.ts';
import { paymentRequirements } from '../envelopes/payment-required.ts';
import { HISTORY_BOUNDS, LIMITS, SAMPLE_MIN_AGE_HOURS } from '../limits.ts';
import { isDemoPayee, PAYMENT_HEADERS, type PaymentTerms, X402_HEADERS } from '../payment.ts';
import {
  type RequestHeader,
  ROUTE,
  ROUTE_ERRORS,
  ROUTES,
  type RouteDef,
  type RouteError,
} from '../routes.ts';
import { componentName, componentSchemas, type JsonSchema, schemaRef } from './json-schemas.ts';
import { DEPRECATED_PATHS, MOVED_PREFIXES, RETIRED_PREFIXES } from './moved-routes.ts';
import { priceText, routeFacts, SHARED_LIMITS } from './route-facts.ts';
import {
  PAYMENT_SUMMARY,
  SERVICE_NAME,
  SERVICE_SUMMARY,
  UNTRUSTED_NOTE,
  VERSION_SUMMARY,
} from './service-text.ts';

/** Extension on operations of deprecated, moved and retired paths (absent on live routes). */
export const MOVED_EXTENSION = 'x-moved';
/** Extension carrying a paid operation's x402 terms. */
export const PAYMENT_EXTENSION = 'x-payment-info';
/** Extension listing an operation's route-specific rate limits. */
export const LIMITS_EXTENSION = 'x-rate-limits';

const ref = (kind: 'responses' | 'headers' | 'parameters', name: string): ReferenceObject => ({
  $ref: `#/components/${kind}/${name}`,
});
const json = (schema: SchemaObject | ReferenceObject, example?: unknown): ContentObject => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});
const rateLimitHeaders = {
  'RateLimit-Limit': ref('headers', 'RateLimit-Limit'),
  'RateLimit-Remaining': ref('headers', 'RateLimit-Remaining'),
  'RateLimit-Reset': ref('headers', 'RateLimit-Reset'),
};

/** operationId of a route: its id in camelCase (`llms-full` → `llmsFull`). */
export function operationId(routeId: string): string {
  return routeId.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The component a route's JSON answer is published as: its zod schema's, or the generic document. */
const jsonBody = (route: RouteDef): ContentObject =>
  json(schemaRef(route.response ? componentName(route.response) : 'Document'));

/** The 200 response of a route. */
function successResponse(route: RouteDef): ResponseObject {
  const headers: Record<string, ReferenceObject> =
    route.limits.length > 0 || route.access === 'paid' ? { ...rateLimitHeaders } : {};
  if (route.access === 'paid') headers[X402_HEADERS.receipt] = ref('headers', X402_HEADERS.receipt);
  const content: ContentObject = route.contentType.startsWith('text/')
    ? { [route.contentType]: { schema: { type: 'string' } } }
    : jsonBody(route);
  if (route.negotiates) Object.assign(content, jsonBody(route));
  return { description: route.description, ...(Object.keys(headers).length ? { headers } : {}), content };
}

/** Names of a route's query parameters: the properties of its query schema. */
function queryNames(route: RouteDef): string[] {
  if (!route.request.query) return [];
  const schema = componentSchemas()[componentName(route.request.query)];
  return Object.keys((schema?.properties ?? {}) as JsonSchema);
}

/** A route's parameters: its query, the payment headers of a paid route, then the headers it reads. */
function parameters(route: RouteDef): ReferenceObject[] {
  const payment = route.access === 'paid' ? PAYMENT_HEADERS : [];
  const headers: readonly string[] = route.request.headers ?? [];
  return [...queryNames(route), ...payment, ...headers].map((name) => ref('parameters', name));
}

/** The x402 extension of a paid route. */
function paymentInfo(route: RouteDef, payment: PaymentTerms) {
  return {
    protocol: 'x402',
    x402Version: 2,
    price: { amount: route.priceUsd, currency: 'USD', display: priceText(route.priceUsd ?? '0') },
    accepts: [paymentRequirements(route, payment)],
    challengeHeader: X402_HEADERS.challenge,
    paymentHeaders: [...PAYMENT_HEADERS],
    receiptHeader: X402_HEADERS.receipt,
    head: 'HEAD always answers the 402 challenge and never settles, consumes quota or computes.',
    ...(isDemoPayee(payment) ? { demo: 'payTo is a placeholder: payments are not taken yet.' } : {}),
  };
}

/** One live route as an OpenAPI operation, derived from its declaration alone. */
function operation(ctx: PublicContext, route: RouteDef, payment: PaymentTerms): OperationObject {
  const facts = routeFacts(ctx, route);
  const responses: Record<string, ResponseObject | ReferenceObject> = { '200': successResponse(route) };
  for (const name of route.errors) responses[String(ROUTE_ERRORS[name])] = ref('responses', name);
  responses['429'] = ref('responses', 'TooManyRequests');
  const op: OperationObject = {
    operationId: operationId(route.id),
    summary: route.description,
    tags: [route.tag],
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
    [LIMITS_EXTENSION]: facts.limits,
  };
  const descriptionParts = [route.description];
  if (facts.limits.length > 0)
    descriptionParts.push(`Limit: ${facts.limits.map((l) => l.description).join('; ')}.`);
  if (route.priceUsd !== null) {
    descriptionParts.push(`Price: ${priceText(route.priceUsd)}. ${PAYMENT_SUMMARY}`);
    op[PAYMENT_EXTENSION] = paymentInfo(route, payment);
  }
  const params = parameters(route);
  if (params.length > 0) op.parameters = params;
  if (route.request.body) {
    op.requestBody = { required: true, content: json(schemaRef(componentName(route.request.body))) };
  }
  if (route.freeTier) op['x-free-tier'] = { header: 'x-api-key', limit: { ...route.freeTier } };
  op.description = descriptionParts.join('\n\n');
  return op;
}

/** Slug for operationIds of moved paths (`/api/digests/latest` → `ApiDigestsLatest`). */
function pathSlug(path: string): string {
  return path
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((s) => s[0]?.toUpperCase() + s.slice(1))
    .join('');
}

const subpathParameter: ParameterObject = {
  name: 'subpath',
  in: 'path',
  required: true,
  description: 'Any subpath below the prefix (may contain slashes).',
  schema: { type: 'string' },
};

/** The deprecated (301), moved (308) and retired (410) paths as operations. */
function movedPaths(ctx: PublicContext): PathsObject {
  const paths: PathsObject = {};
  for (const d of DEPRECATED_PATHS) {
    const to = d.to.replaceAll('{platform}', ctx.platform);
    paths[d.path] = {
      get: {
        operationId: `deprecated${pathSlug(d.path)}`,
        deprecated: true,
        tags: ['moved'],
        summary: `Deprecated since ${d.since}: 301 to ${to}.`,
        [MOVED_EXTENSION]: { status: 301, since: d.since, to },
        responses: { '301': ref('responses', 'MovedPermanently') },
      },
    };
  }
  for (const m of MOVED_PREFIXES) {
    paths[`${m.prefix}/{subpath}`] = {
      get: {
        operationId: `moved${pathSlug(m.prefix)}`,
        deprecated: true,
        tags: ['moved'],
        summary: `Moved in ${m.since}: 308 ${m.rule}. Any method; the query string is preserved; never 402.`,
        parameters: [subpathParameter],
        [MOVED_EXTENSION]: { status: 308, since: m.since, rule: m.rule, sunset: SUNSET_DATE },
        responses: { '308': ref('responses', 'PermanentRedirect') },
      },
    };
  }
  for (const r of RETIRED_PREFIXES) {
    const path = r.wildcard ? `${r.prefix}/{subpath}` : r.prefix;
    paths[path] = {
      get: {
        operationId: `retired${pathSlug(r.prefix)}`,
        deprecated: true,
        tags: ['moved'],
        summary: r.note,
        ...(r.wildcard ? { parameters: [subpathParameter] } : {}),
        [MOVED_EXTENSION]: { status: 410, since: r.since },
        responses: {
          '410': ref('responses', r.deprecationHeader ? 'GoneDeprecated' : 'Gone'),
        },
      },
    };
  }
  return paths;
}

/** Reusable headers. */
function componentHeaders(): Record<string, HeaderObject> {
  const int: SchemaObject = { type: 'integer', minimum: 0 };
  return {
    'RateLimit-Limit': { description: 'Maximum requests in the window.', schema: int },
    'RateLimit-Remaining': { description: 'Requests left in the window.', schema: int },
    'RateLimit-Reset': { description: 'Unix timestamp (seconds) when the window resets.', schema: int },
    'Retry-After': { description: 'Seconds to wait before retrying.', schema: int },
    [X402_HEADERS.challenge]: {
      description: 'Base64-encoded JSON PaymentRequired (x402 v2).',
      schema: { type: 'string', contentEncoding: 'base64', contentMediaType: 'application/json' },
    },
    [X402_HEADERS.receipt]: {
      description: 'Base64-encoded JSON settlement result: `{success, payer, transaction, network}`.',
      schema: { type: 'string', contentEncoding: 'base64' },
    },
    'x-refund-queued': {
      description: '`1` when payment settled and a refund was queued.',
      schema: { const: '1' },
    },
    Location: { description: 'Where the resource now lives.', schema: { type: 'string' } },
    Deprecation: { description: 'Always `true` on deprecated and moved paths.', schema: { const: 'true' } },
    Sunset: {
      description: `Date until which the path keeps answering: ${SUNSET_DATE}.`,
      schema: { const: SUNSET_DATE },
    },
  };
}

/** Reusable responses. */
function componentResponses(ctx: PublicContext, payment: PaymentTerms): Record<string, ResponseObject> {
  const challengeExample = {
    x402Version: 2,
    error: 'Payment required',
    resource: { url: urlOf(ctx, ROUTE.history.id) },
    accepts: [paymentRequirements(ROUTE.history, payment)],
  };
  const responses: Record<RouteError, ResponseObject> & Record<string, ResponseObject> = {
    TooManyRequests: {
      description: `Rate limited. Every route shares ${SHARED_LIMITS.map((l) => l.description).join(' and ')}; some have their own limit.`,
      headers: { 'Retry-After': ref('headers', 'Retry-After'), ...rateLimitHeaders },
      content: json(schemaRef('ErrorBody'), rateLimitedBody(60)),
    },
    NoDigests: { description: 'No completed digest yet.', content: json(schemaRef('ErrorBody'), NO_DIGESTS) },
    NoSampleDigest: {
      description: `No digest at least ${SAMPLE_MIN_AGE_HOURS} hours old exists yet.`,
      content: json(schemaRef('ErrorBody'), NO_SAMPLE_DIGEST),
    },
    ValidationError: {
      description:
        'Invalid input: out of range, wrong type or unknown parameter; `details` names each field.',
      content: json(schemaRef('ErrorBody'), {
        success: false,
        error: 'Validation failed',
        message: `Invalid query: hours must be between ${HISTORY_BOUNDS.min} and ${HISTORY_BOUNDS.max}`,
        details: [
          { field: 'hours', message: `must be between ${HISTORY_BOUNDS.min} and ${HISTORY_BOUNDS.max}` },
        ],
      }),
    },
    PaymentRequired: {
      description: `No valid payment. The ${X402_HEADERS.challenge} header holds the base64 challenge, mirrored in the body. HEAD on a paid route always answers this.`,
      headers: { [X402_HEADERS.challenge]: ref('headers', X402_HEADERS.challenge) },
      content: json(schemaRef('PaymentRequired'), challengeExample),
    },
    ServerError: {
      description: 'Server error; nothing was charged.',
      content: json(schemaRef('ErrorBody'), SERVER_ERROR),
    },
    RefundQueued: {
      description: 'Payment settled but the answer could not be delivered; a refund is queued automatically.',
      headers: { 'x-refund-queued': ref('headers', 'x-refund-queued') },
      content: json(schemaRef('RefundQueued'), refundQueuedBody()),
    },
    MethodNotAllowed: {
      description: 'Method not allowed.',
      content: json(schemaRef('ErrorBody'), METHOD_NOT_ALLOWED),
    },
    MovedPermanently: {
      description: 'Deprecated path: 301 to its successor; the body names it as `newEndpoint`.',
      headers: {
        Location: ref('headers', 'Location'),
        Deprecation: ref('headers', 'Deprecation'),
        Sunset: ref('headers', 'Sunset'),
      },
      content: json(schemaRef('DeprecatedBody')),
    },
    PermanentRedirect: {
      description: `Product moved to a sibling service: follow the redirect. Free, never 402; guaranteed until ${SUNSET_DATE}.`,
      headers: {
        Location: ref('headers', 'Location'),
        Deprecation: ref('headers', 'Deprecation'),
        Sunset: ref('headers', 'Sunset'),
      },
      content: json(schemaRef('MovedBody')),
    },
    Gone: { description: 'Retired route.', content: json(schemaRef('ErrorBody')) },
    GoneDeprecated: {
      description: 'Retired route with no successor.',
      headers: { Deprecation: ref('headers', 'Deprecation') },
      content: json(schemaRef('ErrorBody')),
    },
  };
  return responses;
}

/** Reusable parameters: every declared query parameter (from its zod schema) and header. */
function componentParameters(schemas: Record<string, JsonSchema>): Record<string, ParameterObject> {
  const query: Record<string, ParameterObject> = {};
  for (const route of ROUTES as readonly RouteDef[]) {
    if (!route.request.query) continue;
    const props = (schemas[componentName(route.request.query)]?.properties ?? {}) as Record<
      string,
      JsonSchema
    >;
    for (const [name, schema] of Object.entries(props)) {
      query[name] = {
        name,
        in: 'query',
        required: false,
        description: typeof schema.description === 'string' ? schema.description : undefined,
        schema: { ...schema, description: undefined },
      };
    }
  }
  const header = (name: string, description: string): ParameterObject => ({
    name,
    in: 'header',
    required: false,
    description,
    schema: { type: 'string' },
  });
  const headers: Record<(typeof PAYMENT_HEADERS)[number] | RequestHeader, ParameterObject> = {
    [X402_HEADERS.payment]: header(X402_HEADERS.payment, 'Signed x402 v2 payment payload (base64).'),
    [X402_HEADERS.legacyPayment]: header(
      X402_HEADERS.legacyPayment,
      `Legacy header for the signed payment; accepted like ${X402_HEADERS.payment}.`,
    ),
    'x-api-key': header(
      'x-api-key',
      `Optional free-tier key instead of payment: ${LIMITS.advisorKey.description}.`,
    ),
    Accept: header('Accept', 'application/json selects the JSON form of the guide; markdown otherwise.'),
  };
  return { ...query, ...headers };
}

/** Drops keys whose value is undefined (JSON has no undefined). */
function clean<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The OpenAPI 3.1 document of every route in ROUTES, plus the deprecated, moved and retired paths.
 * Schemas come from the zod declarations; paid operations carry their x402 terms.
 */
export function openApiDocument(ctx: PublicContext, payment: PaymentTerms): OpenAPIObject {
  const schemas = componentSchemas();
  const paths: PathsObject = {};
  for (const route of ROUTES) {
    const path = routeFacts(ctx, route).path;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(ctx, route, payment) };
  }
  Object.assign(paths, movedPaths(ctx));
  return clean({
    openapi: '3.1.0',
    info: {
      title: SERVICE_NAME,
      version: API_VERSION,
      summary: SERVICE_SUMMARY,
      description: [SERVICE_SUMMARY, PAYMENT_SUMMARY, VERSION_SUMMARY, UNTRUSTED_NOTE].join('\n\n'),
      termsOfService: urlOf(ctx, 'terms'),
    },
    servers: [{ url: ctx.baseUrl }],
    externalDocs: { description: 'Setup guide', url: urlOf(ctx, 'setup-guide') },
    tags: [
      { name: 'digests', description: 'Hourly digests (free and paid).' },
      { name: 'advisor', description: 'The paid Viral Advisor.' },
      { name: 'documents', description: 'Guides and machine-readable descriptions of the service.' },
      { name: 'moved', description: 'Deprecated, moved and retired paths.' },
    ],
    paths,
    components: {
      schemas,
      responses: componentResponses(ctx, payment),
      headers: componentHeaders(),
      parameters: componentParameters(schemas),
    },
    [LIMITS_EXTENSION]: SHARED_LIMITS,
    'x-discovery': urlOf(ctx, 'discovery'),
  });
}
