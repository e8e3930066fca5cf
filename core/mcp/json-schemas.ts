import { z } from 'zod';
import { ErrorBody } from '../schemas/envelope.ts';
import { type McpToolSpec, toolPriceUsd } from './tools.ts';

/** x402's `PaymentRequired` as a paid tool returns it (x402 MCP transport): the REST challenge's terms. */
export const ToolPaymentRequired = z
  .object({
    x402Version: z.literal(2),
    error: z
      .string()
      .optional()
      .describe('Why payment is (still) required: `Payment required`, or a stable refusal.'),
    resource: z
      .object({ url: z.string(), description: z.string().optional(), mimeType: z.string().optional() })
      .describe('The tool, as `mcp://tool/<name>`.'),
    accepts: z.array(z.looseObject({ scheme: z.string(), network: z.string() })).min(1),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .describe('The payment terms of a paid tool (x402 v2), returned with isError: true.');

/** A JSON Schema object as MCP's `tools/list` carries it. */
export type ToolJsonSchema = { type: 'object' } & Record<string, unknown>;

/**
 * A zod schema as JSON Schema draft-07 without `$schema`: what MCP clients validate with (the SDK's
 * AJV knows draft-07, not 2020-12's meta-schema).
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return rest;
}

/** A tool's `inputSchema`: its arguments. */
export function toolInputSchema(tool: McpToolSpec): ToolJsonSchema {
  return { ...jsonSchema(tool.input, 'input'), type: 'object' };
}

/**
 * A tool's `outputSchema`: its answer, or the contract's error body (a tool error), or for a paid
 * tool x402's `PaymentRequired`. Errors carry `structuredContent` too, and the SDK's client (1.32)
 * validates it against this schema even when `isError` is set (typescript-sdk issue 1943), so the
 * schema names every shape a call can return; the answer is the route table's schema.
 */
export function toolOutputSchema(tool: McpToolSpec): ToolJsonSchema {
  const shapes = [tool.output, ErrorBody, ...(toolPriceUsd(tool) === null ? [] : [ToolPaymentRequired])];
  return { type: 'object', anyOf: shapes.map((s) => jsonSchema(s, 'output')) };
}
