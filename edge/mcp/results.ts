import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import { SERVER_ERROR } from '../../core/envelopes/errors.ts';
import { toolResourceUrl } from '../../core/mcp/tools.ts';
import { X402_HEADERS } from '../../core/payment.ts';
import { EdgeError } from '../errors.ts';
import type { Logger } from '../logger.ts';

/** The `_meta` keys of x402's MCP transport. */
export const X402_META = { payment: 'x402/payment', paymentResponse: 'x402/payment-response' } as const;

/** A tool result: `structuredContent` and the same JSON as text (`json`, when the caller has it already). */
export function toolAnswer(value: Record<string, unknown>, json?: string, isError = false): CallToolResult {
  return {
    content: [{ type: 'text', text: json ?? JSON.stringify(value) }],
    structuredContent: value,
    ...(isError ? { isError: true } : {}),
  };
}

/**
 * A paid answer as a tool result: the body the REST route gives, with the settlement in
 * `_meta["x402/payment-response"]` (the `PAYMENT-RESPONSE` header's own object).
 */
export function paidAnswer(body: string, headers: Readonly<Record<string, string>>): CallToolResult {
  const receipt = headers[X402_HEADERS.receipt];
  const answer = toolAnswer(JSON.parse(body) as Record<string, unknown>, body);
  return receipt === undefined
    ? answer
    : { ...answer, _meta: { [X402_META.paymentResponse]: decodePaymentResponseHeader(receipt) } };
}

/**
 * An error as a tool result (`isError: true`). A 402 is x402's `PaymentRequired` of the REST
 * challenge (the same `accepts` and extensions, its `error` the stable reason) with the tool as its
 * resource; any other EdgeError is the contract's error body REST would answer; anything else is
 * logged and answered with the fixed server error.
 */
export function toolError(
  error: unknown,
  tool: { readonly name: string; readonly description: string },
  logger: Logger,
): CallToolResult {
  if (!(error instanceof EdgeError)) {
    logger.error('MCP tool failed', { tool: tool.name, error: (error as Error).message });
    return toolAnswer({ ...SERVER_ERROR }, undefined, true);
  }
  const challenge = error.status === 402 ? error.headers[X402_HEADERS.challenge] : undefined;
  if (challenge === undefined) {
    const result = toolAnswer(error.body as Record<string, unknown>, error.json, true);
    const receipt = error.headers[X402_HEADERS.receipt];
    return receipt === undefined
      ? result
      : { ...result, _meta: { [X402_META.paymentResponse]: decodePaymentResponseHeader(receipt) } };
  }
  const required = decodePaymentRequiredHeader(challenge);
  const resource = {
    url: toolResourceUrl(tool.name),
    description: tool.description,
    mimeType: 'application/json',
  };
  return toolAnswer({ ...required, resource } as unknown as Record<string, unknown>, undefined, true);
}
