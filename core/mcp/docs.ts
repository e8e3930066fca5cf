import { absoluteUrl, type PublicContext } from '../envelopes/context.ts';
import { formatUsd } from '../payment.ts';
import { MCP_PATH, MCP_TOOLS, toolDescription, toolPriceUsd } from './tools.ts';

/** The MCP endpoint's absolute URL. */
export function mcpUrl(ctx: PublicContext): string {
  return absoluteUrl(ctx, MCP_PATH);
}

/** A client's configuration for the endpoint (the `mcpServers` shape most MCP clients read). */
export function mcpClientConfig(ctx: PublicContext) {
  return { mcpServers: { murmur: { type: 'http', url: mcpUrl(ctx) } } };
}

/** The MCP endpoint as structured documents (discovery, setup guide JSON) describe it. */
export function mcpFacts(ctx: PublicContext) {
  return {
    url: mcpUrl(ctx),
    transport: 'streamable-http',
    sessions: false,
    payment:
      'x402 MCP transport: _meta["x402/payment"] on the call, _meta["x402/payment-response"] on the answer',
    freeTierKey: 'x-api-key header of the MCP HTTP request (advise_post)',
    clientConfig: mcpClientConfig(ctx),
    tools: MCP_TOOLS.map((tool) => {
      const price = toolPriceUsd(tool);
      return { name: tool.name, title: tool.title, priceUsd: price, description: toolDescription(tool) };
    }),
  };
}

/** One line per tool: its name, price and what it returns (markdown list items). */
export function mcpToolLines(): string[] {
  return MCP_TOOLS.map((tool) => {
    const price = toolPriceUsd(tool);
    return `- \`${tool.name}\` (${price === null ? 'free' : `${formatUsd(price)}, x402`}): ${tool.returns}`;
  });
}

/** The MCP section of the setup guide and llms.txt: the endpoint, how paid tools are paid, the tools. */
export function mcpMarkdown(ctx: PublicContext): string {
  return `MCP endpoint (Streamable HTTP, stateless, no session): ${mcpUrl(ctx)}. Its tools answer what the REST routes answer (\`structuredContent\` and the same JSON as text), under the same limits. A paid tool called without payment returns x402's \`PaymentRequired\` with \`isError: true\` (resource \`mcp://tool/<name>\`); sign it and call again with the payload in \`_meta["x402/payment"]\`: the answer carries \`_meta["x402/payment-response"]\`. A failed call is not charged. A free-tier key goes in the \`x-api-key\` header of the MCP request. Client configuration:

\`\`\`json
${JSON.stringify(mcpClientConfig(ctx), null, 2)}
\`\`\`

${mcpToolLines().join('\n')}`;
}
