import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { absoluteUrl, type PublicContext } from '../../core/envelopes/context.ts';
import { MCP_PATH, MCP_TOOLS, toolPriceUsd } from '../../core/mcp/tools.ts';
import { PAYMENT_HEADERS } from '../../core/payment.ts';
import { CORS_EXPOSE } from '../cors.ts';
import { type EdgeContext, reply } from '../env.ts';
import { methodNotAllowed } from '../errors.ts';
import { ADVISOR_MAX_BODY_BYTES } from '../paid/advisor.ts';
import { readJsonBody } from './body.ts';
import { fileToolFastPath } from './fast-path.ts';
import { mcpServer } from './server.ts';
import { type McpDeps, toolRunners } from './tools.ts';

/** Largest MCP request body read: an advisor draft at its own limit, and room for the JSON-RPC around it and a payment. */
export const MCP_MAX_BODY_BYTES = ADVISOR_MAX_BODY_BYTES + 16 * 1024;

/** Methods `/mcp` answers: POST (JSON-RPC) and OPTIONS; GET and DELETE are 405 (stateless: no stream, no session). */
export const MCP_METHODS = ['POST', 'OPTIONS'] as const;

/** Headers of every `/mcp` answer besides the transport's own: CORS for browser-based clients. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': `${CORS_EXPOSE}, Mcp-Session-Id, Mcp-Protocol-Version`,
} as const;

/** Headers added to the transport's answers. */
const ANSWER_HEADERS = { ...CORS, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/** The 204 answer to OPTIONS (a CORS preflight) of `/mcp`. */
function optionsAnswer(c: EdgeContext): Response {
  const allow = MCP_METHODS.join(', ');
  return reply(c, 204, null, {
    ...CORS,
    Allow: allow,
    'Access-Control-Allow-Methods': allow,
    'Access-Control-Allow-Headers': [
      'Content-Type',
      'Accept',
      'Mcp-Protocol-Version',
      'Mcp-Session-Id',
      'Last-Event-ID',
      'x-api-key',
      ...PAYMENT_HEADERS,
    ].join(', '),
    'Access-Control-Max-Age': '86400',
  });
}

/**
 * `/mcp`: MCP Streamable HTTP, stateless (no session; every tool works in one request). POST is
 * answered by the SDK's web-standard transport in JSON-response mode with a fresh server per
 * request (its protocol errors are JSON-RPC's own); the body is read first, limited (413 in the
 * contract's shape). GET (no server-initiated stream) and DELETE (no session to end) are 405 with
 * `Allow`, as the transport spec allows; OPTIONS is CORS's 204. The rate limits, trusted proxies and
 * errors are the app's, as for every route; each tool call also counts against the own limits of
 * the route it mirrors.
 */
export function mcpHandlers(deps: McpDeps): {
  readonly post: (c: EdgeContext) => Promise<Response>;
  readonly other: (c: EdgeContext) => Response;
} {
  const runners = toolRunners(deps);
  const fastPath = fileToolFastPath({
    dist: deps.dist,
    platform: deps.ctx.platform,
    limit: deps.limit,
    headers: ANSWER_HEADERS,
  });
  return {
    async post(c) {
      const body = await readJsonBody(c, MCP_MAX_BODY_BYTES);
      const fast = 'json' in body ? await fastPath(c, body.json) : undefined;
      if (fast) return fast;
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      const server = mcpServer(c, deps, runners);
      await server.connect(transport);
      const request =
        'json' in body
          ? transport.handleRequest(c.req.raw, { parsedBody: body.json })
          : transport.handleRequest(
              new Request(c.req.url, { method: 'POST', headers: c.req.raw.headers, body: '{' }),
            );
      const answer = await request;
      // Nothing is kept between requests: the server and its transport go with the request (closing
      // them would only build a ConnectionClosed error for handlers that are all done).
      const limits = c.get('rateLimitHeaders') ?? {};
      for (const [name, value] of Object.entries({ ...ANSWER_HEADERS, ...limits }))
        answer.headers.set(name, value);
      return answer;
    },
    other(c) {
      if (c.req.method === 'OPTIONS') return optionsAnswer(c);
      throw methodNotAllowed(MCP_METHODS);
    },
  };
}

/** What `/health` says of the MCP endpoint (`checks.mcp`). */
export function mcpStatus(ctx: PublicContext): { status: 'ok' } & Record<string, unknown> {
  return {
    status: 'ok',
    endpoint: absoluteUrl(ctx, MCP_PATH),
    transport: 'streamable-http (stateless, JSON responses)',
    tools: MCP_TOOLS.length,
    paidTools: MCP_TOOLS.filter((t) => toolPriceUsd(t) !== null).map((t) => t.name),
  };
}
