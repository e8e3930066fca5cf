import { replaceMarkedSection } from './marked-section.ts';
import { ROUTES, type RouteDef, routePath } from './routes.ts';

/** The README's endpoint table (markdown rows between the `endpoints` markers), rendered from the route table. */
export function renderEndpointTable(routes: readonly RouteDef[] = ROUTES, platform?: string): string {
  const rows = routes.map((r) => {
    const limits = r.limits.map((l) => l.description).join('; ');
    const description = limits ? `${r.description} Limit: ${limits}.` : r.description;
    return `| ${r.method} | \`${routePath(r, platform)}\` | ${r.access} | ${r.priceUsd ?? '—'} | ${description} |`;
  });
  return ['| method | path | access | price (USD) | description |', '|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}

/** Markers around the generated table in README.md. */
export const ENDPOINT_MARKERS = { start: '<!-- endpoints:start -->', end: '<!-- endpoints:end -->' } as const;

/** Replaces the text between the markers with the rendered table. */
export function replaceEndpointTable(readme: string, table: string = renderEndpointTable()): string {
  return replaceMarkedSection(readme, ENDPOINT_MARKERS, table);
}
