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

/** A JSON Schema (2020-12) object as emitted into documents. */
export type JsonSchema = Record<string, unknown>;

/** Prefix of every component reference. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

/**
 * Zod schemas of the public API by component name: responses in their output shape, requests in their
 * input shape. Every description, of a component and of its fields, is the schema's own (`.describe()`).
 */
const RESPONSE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  Digest,
  HotDiscussion,
  Story,
  StoryPost,
  EngagementAnomaly,
  TopPostPattern,
  PatternEvidence,
  SampleDigest,
  BriefData,
  ApiMeta,
  BriefMeta,
  ValidationDetail,
  ErrorBody,
  LatestResponse,
  BriefResponse,
  SampleResponse,
  IndexResponse,
  HistoryResponse,
  ChangelogEntry,
  ChangelogResponse,
  CatalogProduct,
  CatalogResponse,
  AdvisorResponse,
  AdvisorResult,
};
const REQUEST_SCHEMAS: Readonly<Record<string, z.ZodType>> = { HistoryQuery, AdvisorRequest };

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

/** Converts one registry of zod schemas to named JSON Schemas that reference each other by component. */
function convert(
  entries: Readonly<Record<string, z.ZodType>>,
  io: 'input' | 'output',
): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(entries)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { io, uri: (id) => `${SCHEMA_REF_PREFIX}${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      // $schema and $id would make each component its own resource and break `#/components/...` refs.
      const { $schema: _s, $id: _i, ...rest } = schema as JsonSchema;
      return [name, rest];
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
  const entry = Object.entries({ ...RESPONSE_SCHEMAS, ...REQUEST_SCHEMAS }).find(([, s]) => s === schema);
  if (!entry) throw new Error('schema is not a component of the public API');
  return entry[0];
}

/** A `$ref` to a component schema. */
export function schemaRef(name: string): { $ref: string } {
  return { $ref: `${SCHEMA_REF_PREFIX}${name}` };
}
