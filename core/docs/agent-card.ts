import { API_VERSION } from '../api-version.ts';
import { type PublicContext, urlOf } from '../envelopes/context.ts';
import { mcpUrl } from '../mcp/docs.ts';
import { MCP_TOOLS, toolDescription, toolPriceUsd } from '../mcp/tools.ts';
import { formatUsd } from '../payment.ts';
import { allRouteFacts } from './route-facts.ts';
import { PAYMENT_SUMMARY, SERVICE_NAME, SERVICE_SUMMARY } from './service-text.ts';

/**
 * `GET /.well-known/agent-card.json`: an A2A-style agent card. The service is plain HTTP, not an A2A
 * JSON-RPC endpoint, so each skill is one route, named by method and path, with its price.
 */
export function agentCard(ctx: PublicContext) {
  return {
    protocolVersion: '0.3.0',
    name: SERVICE_NAME,
    description: `${SERVICE_SUMMARY} ${PAYMENT_SUMMARY}`,
    url: ctx.baseUrl,
    preferredTransport: 'HTTP+JSON',
    version: API_VERSION,
    provider: { organization: SERVICE_NAME, url: ctx.baseUrl },
    documentationUrl: urlOf(ctx, 'setup-guide'),
    capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: false },
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    // The MCP endpoint (Streamable HTTP) as a further interface, its tools as skills beside the routes.
    additionalInterfaces: [{ url: mcpUrl(ctx), transport: 'MCP' }],
    skills: [
      ...routeSkills(ctx),
      ...MCP_TOOLS.map((tool) => ({
        id: `mcp-${tool.name}`,
        name: `MCP tool ${tool.name}`,
        description: toolDescription(tool),
        tags: ['mcp', toolPriceUsd(tool) === null ? 'free' : 'paid'],
        examples: [mcpUrl(ctx)],
        inputModes: ['application/json'],
        outputModes: ['application/json'],
      })),
    ],
  };
}

/** One skill per route, named by method and path, with its price. */
function routeSkills(ctx: PublicContext) {
  return allRouteFacts(ctx).map((f) => ({
    id: f.id,
    name: `${f.method} ${f.path}`,
    description:
      f.priceUsd === null
        ? f.description
        : `${f.description} Price: ${formatUsd(f.priceUsd)} per request (x402).`,
    tags: [f.access, f.method.toLowerCase()],
    examples: [f.url],
    inputModes: [f.method === 'POST' ? 'application/json' : 'text/plain'],
    outputModes: [f.contentType],
  }));
}
