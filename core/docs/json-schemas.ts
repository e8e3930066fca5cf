import { z } from 'zod';
import { AdvisorRequest } from '../schemas/advisor.ts';
import { AdvisorResponse } from '../schemas/advisor-response.ts';
import { AdvisorResult } from '../schemas/advisor-result.ts';
import { CatalogProduct, CatalogResponse } from '../schemas/catalog.ts';
import { ChangelogEntry, ChangelogResponse } from '../schemas/changelog.ts';
import {
  BriefData,
  Digest,
  EngagementAnomaly,
  HotDiscussion,
  PatternEvidence,
  SampleDigest,
  Story,
  StoryPost,
  TopPostPattern,
} from '../schemas/digest.ts';
import {
  ApiMeta,
  BriefMeta,
  BriefResponse,
  ErrorBody,
  HistoryQuery,
  HistoryResponse,
  IndexResponse,
  LatestResponse,
  SampleResponse,
  ValidationDetail,
} from '../schemas/envelope.ts';
import { FIELD_DESCRIPTIONS } from './field-descriptions.ts';

/** A JSON Schema (2020-12) object as emitted into documents. */
export type JsonSchema = Record<string, unknown>;

/** Prefix of every component reference. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** Response schemas (their output shape), by component name, with a one-line description. */
const RESPONSE_SCHEMAS: ReadonlyArray<[string, z.ZodType, string]> = [
  ['Digest', Digest, 'One hourly digest (full).'],
  ['HotDiscussion', HotDiscussion, 'One active discussion of the hour.'],
  ['Story', Story, 'Posts of one hour about the same thing, with their links.'],
  ['StoryPost', StoryPost, 'A post a story cites, with its link on the forum.'],
  ['EngagementAnomaly', EngagementAnomaly, 'A post whose engagement cannot be organic.'],
  [
    'TopPostPattern',
    TopPostPattern,
    "A trait the hour's best-received posts share more often than the hour's posts overall (our definition of the contract's open `topPostPatterns` element).",
  ],
  ['PatternEvidence', PatternEvidence, 'A post cited as evidence for a pattern.'],
  ['SampleDigest', SampleDigest, 'A digest reduced to the sample fields.'],
  ['BriefData', BriefData, "The brief's data: title, summary, top 3 topics, sentiment."],
  ['ApiMeta', ApiMeta, 'Version metadata of every successful JSON body.'],
  ['BriefMeta', BriefMeta, "The brief's _meta: ApiMeta plus endpoints, docs and discovery."],
  ['ValidationDetail', ValidationDetail, 'One invalid input.'],
  ['ErrorBody', ErrorBody, 'Every error body.'],
  ['LatestResponse', LatestResponse, 'The latest digest.'],
  ['BriefResponse', BriefResponse, 'The brief of the latest digest.'],
  ['SampleResponse', SampleResponse, 'The sample envelope.'],
  ['IndexResponse', IndexResponse, 'The current digest id and when the next is expected.'],
  ['HistoryResponse', HistoryResponse, 'Historical digests, newest hourStart first.'],
  ['ChangelogEntry', ChangelogEntry, 'One released version.'],
  ['ChangelogResponse', ChangelogResponse, 'The version history, newest first.'],
  ['CatalogProduct', CatalogProduct, 'One product of the family.'],
  ['CatalogResponse', CatalogResponse, 'The product family catalog.'],
  [
    'AdvisorResponse',
    AdvisorResponse,
    'The Viral Advisor result: virality prediction, predicted engagement and rewrite suggestions (an automated opinion, not a measured forecast).',
  ],
  [
    'AdvisorResult',
    AdvisorResult,
    'Body of a successful advisor call: the result as `data`, inside the usual envelope.',
  ],
];

/** Request schemas (their input shape). */
const REQUEST_SCHEMAS: ReadonlyArray<[string, z.ZodType, string]> = [
  ['HistoryQuery', HistoryQuery, 'Query of the history route; unknown parameters are rejected.'],
  [
    'AdvisorRequest',
    AdvisorRequest,
    'Body of the advisor route; `prompt` (or its alias `content`) is required.',
  ],
];

/** Schemas the zod declarations do not cover: open or protocol shapes. */
const HAND_WRITTEN: Record<string, JsonSchema> = {
  PaymentRequirements: {
    type: 'object',
    description: 'One x402 v2 `accepts` entry.',
    required: ['scheme', 'network', 'amount', 'asset', 'payTo', 'maxTimeoutSeconds', 'extra'],
    properties: {
      scheme: { const: 'exact' },
      network: { type: 'string', description: 'CAIP-2 network id, e.g. eip155:8453.' },
      amount: { type: 'string', pattern: '^\\d+$', description: 'Price in atomic units of the asset.' },
      asset: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
      payTo: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
      maxTimeoutSeconds: { type: 'integer', minimum: 1 },
      extra: {
        type: 'object',
        required: ['name', 'version'],
        properties: { name: { type: 'string' }, version: { type: 'string' } },
      },
    },
  },
  PaymentRequired: {
    type: 'object',
    description:
      'The x402 v2 challenge: base64-encoded in the PAYMENT-REQUIRED header of a 402 and mirrored in its body.',
    required: ['x402Version', 'resource', 'accepts'],
    properties: {
      x402Version: { const: 2 },
      error: { type: 'string' },
      resource: {
        type: 'object',
        required: ['url'],
        properties: {
          url: { type: 'string', format: 'uri' },
          description: { type: 'string' },
          mimeType: { type: 'string' },
        },
      },
      accepts: { type: 'array', minItems: 1, items: { $ref: `${SCHEMA_REF_PREFIX}PaymentRequirements` } },
    },
  },
  RefundQueued: {
    allOf: [{ $ref: `${SCHEMA_REF_PREFIX}ErrorBody` }],
    type: 'object',
    required: ['refund'],
    properties: { refund: { const: 'queued' } },
    description: 'Payment settled but the analysis was not delivered; a refund is queued automatically.',
  },
  DeprecatedBody: {
    allOf: [{ $ref: `${SCHEMA_REF_PREFIX}ErrorBody` }],
    type: 'object',
    required: ['newEndpoint'],
    properties: {
      newEndpoint: { type: 'string' },
      deprecated: { const: true },
      sunset: { type: 'string', format: 'date' },
    },
  },
  MovedBody: {
    allOf: [{ $ref: `${SCHEMA_REF_PREFIX}ErrorBody` }],
    type: 'object',
    required: ['deprecated', 'movedTo', 'sunset', 'note'],
    properties: {
      deprecated: { const: true },
      movedTo: { type: 'string', format: 'uri' },
      sunset: { type: 'string', format: 'date' },
      note: { type: 'string' },
    },
  },
  Document: {
    type: 'object',
    description: 'A JSON document (see the route description).',
    additionalProperties: true,
  },
};

/** Adds the words of FIELD_DESCRIPTIONS to the properties of a component. */
function describeFields(name: string, schema: JsonSchema): JsonSchema {
  const words = FIELD_DESCRIPTIONS[name];
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!words || !props) return schema;
  const described = Object.fromEntries(
    Object.entries(props).map(([key, value]) => [
      key,
      words[key] ? { ...value, description: words[key] } : value,
    ]),
  );
  return { ...schema, properties: described };
}

/** Converts one registry of zod schemas to named JSON Schemas that reference each other by component. */
function convert(
  entries: ReadonlyArray<[string, z.ZodType, string]>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of entries) registry.add(schema, { id });
  const descriptions = new Map(entries.map(([id, , description]) => [id, description]));
  const { schemas } = z.toJSONSchema(registry, { io, uri: (id) => `${SCHEMA_REF_PREFIX}${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      // $schema and $id would make each component its own resource and break `#/components/...` refs.
      const { $schema: _s, $id: _i, ...rest } = schema as JsonSchema;
      return [name, describeFields(name, { description: descriptions.get(name), ...rest })];
    }),
  );
}

let cached: Record<string, JsonSchema> | undefined;

/** Every component schema of the public API (zod-derived and hand-written), by name. */
export function componentSchemas(): Record<string, JsonSchema> {
  if (!cached) {
    const requests = convert(REQUEST_SCHEMAS, 'input');
    // The alias rule lives in a zod refinement, which JSON Schema output drops.
    requests.AdvisorRequest = {
      ...requests.AdvisorRequest,
      anyOf: [{ required: ['prompt'] }, { required: ['content'] }],
    };
    cached = { ...convert(RESPONSE_SCHEMAS, 'output'), ...requests, ...HAND_WRITTEN };
  }
  return structuredClone(cached);
}

/** Name of the component a zod schema of the public API is published as (every route's schemas are). */
export function componentName(schema: z.ZodType): string {
  const entry = [...RESPONSE_SCHEMAS, ...REQUEST_SCHEMAS].find(([, s]) => s === schema);
  if (!entry) throw new Error('schema is not a component of the public API');
  return entry[0];
}

/** A `$ref` to a component schema. */
export function schemaRef(name: string): { $ref: string } {
  return { $ref: `${SCHEMA_REF_PREFIX}${name}` };
}
