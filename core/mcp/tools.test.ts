import { describe, expect, it } from 'vitest';
import { ROUTE } from '../routes.ts';
import { toolInputSchema, toolOutputSchema } from './json-schemas.ts';
import { MCP_TOOLS, toolDescription, toolPriceUsd, toolResourceUrl } from './tools.ts';

describe('the MCP tool table', () => {
  it('has the issue’s tools, unique names, prices from the route table only', () => {
    expect(MCP_TOOLS.map((t) => t.name)).toEqual([
      'get_latest_digest',
      'get_digest_brief',
      'get_digest_index',
      'get_sample_digest',
      'get_changelog',
      'search_digests',
      'get_narrative',
      'get_digest_history',
      'advise_post',
    ]);
    expect(toolPriceUsd(MCP_TOOLS[7])).toBe(ROUTE.history.priceUsd);
    expect(toolPriceUsd(MCP_TOOLS[8])).toBe(ROUTE.advisor.priceUsd);
    expect(MCP_TOOLS.filter((t) => toolPriceUsd(t) !== null).map((t) => t.name)).toEqual([
      'get_digest_history',
      'advise_post',
    ]);
  });

  it('takes each mirrored tool’s output schema from its route', () => {
    for (const tool of MCP_TOOLS)
      if (tool.route !== null) expect(tool.output).toBe(ROUTE[tool.route].response);
  });

  it('says what each tool returns and costs', () => {
    expect(toolDescription(MCP_TOOLS[0])).toMatch(/Free\.$/);
    expect(toolDescription(MCP_TOOLS[7])).toContain('Paid: $0.02 per call');
    expect(toolDescription(MCP_TOOLS[8])).toContain('Paid: $0.05 per call');
    expect(toolResourceUrl('advise_post')).toBe('mcp://tool/advise_post');
  });

  it('gives object JSON Schemas (draft-07, no $schema) with the bounds of the contract', () => {
    for (const tool of MCP_TOOLS) {
      const input = toolInputSchema(tool);
      const output = toolOutputSchema(tool);
      expect(input.type).toBe('object');
      expect(input.$schema).toBeUndefined();
      expect(output.type).toBe('object');
      expect((output.anyOf as unknown[]).length).toBe(toolPriceUsd(tool) === null ? 2 : 3);
    }
    const history = toolInputSchema(MCP_TOOLS[7]) as unknown as {
      properties: Record<string, { minimum: number; maximum: number }>;
    };
    expect(history.properties.hours).toMatchObject({ minimum: 1, maximum: 24 });
    expect(history.properties.limit).toMatchObject({ minimum: 1, maximum: 24 });
    const advise = toolInputSchema(MCP_TOOLS[8]) as unknown as { properties: Record<string, unknown> };
    expect(Object.keys(advise.properties)).toEqual(
      expect.arrayContaining(['prompt', 'content', 'author', 'context']),
    );
  });
});

describe('tool descriptions', () => {
  it('name the concrete REST paths, never the route table placeholder', () => {
    for (const tool of MCP_TOOLS) expect(toolDescription(tool)).not.toContain('{platform}');
    expect(toolDescription(MCP_TOOLS[0])).toContain('GET /api/forum/digests/latest');
  });
});
