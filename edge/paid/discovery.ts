import { declareDiscoveryExtension } from '@x402/extensions/bazaar';
import { z } from 'zod';
import { componentName, componentSchemas, type JsonSchema } from '../../core/docs/json-schemas.ts';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { apiMeta } from '../../core/envelopes/meta.ts';
import { HISTORY_BOUNDS } from '../../core/limits.ts';
import type { RouteDef } from '../../core/routes.ts';

/**
 * A JSON Schema cut to its first `levels` levels: deeper objects and arrays keep only their type, and
 * only the top keeps `required` and a description. Every unpaid 402 carries the schemas in a header:
 * the whole history answer's (12 KB) would not fit, and every byte is paid on each 402.
 */
export function outline(schema: JsonSchema, levels: number, level = 0): JsonSchema {
  if (level >= levels) return schema.type === undefined ? {} : { type: schema.type };
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || ((key === 'required' || key === 'description') && level > 0)) continue;
    if (key === 'properties') {
      const properties = Object.entries(value as Record<string, JsonSchema>);
      out.properties = Object.fromEntries(
        properties.map(([name, p]) => [name, outline(p, levels, level + 1)]),
      );
    } else if (key === 'items') out.items = outline(value as JsonSchema, levels, level + 1);
    else out[key] = value;
  }
  return out;
}

/** A small answer of each paid route, valid against its outline: what a catalogue shows. */
function exampleAnswer(ctx: PublicContext, route: RouteDef): Record<string, unknown> {
  const envelope = { success: true, _meta: apiMeta(ctx), charged: true };
  if (route.request.body) return { ...envelope, data: { viralScore: 62 } };
  return { ...envelope, count: 0, hours: 1, limit: 1, data: [] };
}

/**
 * The Bazaar discovery extension of a paid route (`@x402/extensions/bazaar`), from the route table:
 * its input (query or JSON body) schema as the documents publish it, and an outline of its response
 * schema with an example, so x402 catalogues can list the route and call it.
 */
export function discoveryExtension(ctx: PublicContext, route: RouteDef): Record<string, unknown> {
  const { query, body } = route.request;
  const input = query ?? body;
  // The input whole but for field descriptions, the answer's fields and their types.
  const inputSchema = input ? outline(componentSchemas()[componentName(input)] ?? {}, 3) : undefined;
  const output = {
    example: exampleAnswer(ctx, route),
    ...(route.response ? { schema: outline(z.toJSONSchema(route.response, { io: 'output' }), 1) } : {}),
  };
  return body
    ? declareDiscoveryExtension({
        bodyType: 'json',
        input: { prompt: 'Agents keep their memory in plain files. Here is why it works.' },
        ...(inputSchema ? { inputSchema } : {}),
        output,
      })
    : declareDiscoveryExtension({
        input: { hours: HISTORY_BOUNDS.default, limit: HISTORY_BOUNDS.default },
        ...(inputSchema ? { inputSchema } : {}),
        output,
      });
}
