import { z } from 'zod';
import { type EnvSchema, variableMeta } from '../core/config/fields.ts';
import { replaceMarkedSection } from '../core/marked-section.ts';
import { EdgeEnvSchema } from '../edge/config.ts';
import { GeneratorEnvSchema } from '../generator/config.ts';
import { PipelineEnvSchema } from '../pipeline/config.ts';
import { SiteEnvSchema } from '../site/lib/site-config.ts';

/** A deployable and the schema of the variables it reads. */
export interface Deployable {
  readonly name: string;
  readonly schema: EnvSchema;
}

/** Every deployable's configuration schema, in the README's order. */
export const DEPLOYABLES: readonly Deployable[] = [
  { name: 'generator', schema: GeneratorEnvSchema },
  { name: 'site', schema: SiteEnvSchema },
  { name: 'edge', schema: EdgeEnvSchema },
  { name: 'pipeline', schema: PipelineEnvSchema },
];

/** One variable of the union of the schemas: who reads it, its default and what it means. */
export interface ConfigVariable {
  readonly name: string;
  readonly readBy: readonly string[];
  /** Markdown: the parsed default, the field's `unset` text, or `—`. */
  readonly shownDefault: string;
  readonly description: string;
}

/** The default a field parses an unset variable to, as markdown. */
function shownDefault(schema: EnvSchema, name: string): string {
  const meta = variableMeta(schema, name);
  if (meta.unset !== undefined) return meta.unset;
  const parsed = z.safeParse(schema.shape[name] ?? z.undefined(), undefined);
  const value: unknown = parsed.success ? parsed.data : undefined;
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '—';
  return typeof value === 'number' ? String(value) : `\`${String(value)}\``;
}

/**
 * The union of the deployables' variables, each once, in order of first appearance. A variable read by
 * several must be the one field (declared once, in core/config/shared.ts): two declarations throw.
 */
export function configVariables(deployables: readonly Deployable[] = DEPLOYABLES): ConfigVariable[] {
  const byName = new Map<string, { field: unknown; first: string; readBy: string[]; schema: EnvSchema }>();
  for (const { name: deployable, schema } of deployables) {
    for (const [name, field] of Object.entries(schema.shape)) {
      const seen = byName.get(name);
      if (seen === undefined) byName.set(name, { field, first: deployable, readBy: [deployable], schema });
      else if (seen.field !== field)
        throw new Error(
          `${name} is declared by both ${seen.first} and ${deployable}: declare it once in core/config/shared.ts and pick it`,
        );
      else seen.readBy.push(deployable);
    }
  }
  return [...byName].map(([name, { readBy, schema }]) => ({
    name,
    readBy,
    shownDefault: shownDefault(schema, name),
    description: variableMeta(schema, name).description,
  }));
}

/** The README's configuration table (markdown rows between the `configuration` markers). */
export function renderConfigTable(variables: readonly ConfigVariable[] = configVariables()): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = variables.map(
    (v) => `| \`${v.name}\` | ${v.readBy.join(', ')} | ${cell(v.shownDefault)} | ${cell(v.description)} |`,
  );
  return ['| variable | read by | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** Markers around the generated table in README.md. */
export const CONFIG_MARKERS = {
  start: '<!-- configuration:start -->',
  end: '<!-- configuration:end -->',
} as const;

/** Replaces the text between the markers with the rendered table. */
export function replaceConfigTable(readme: string, table: string = renderConfigTable()): string {
  return replaceMarkedSection(readme, CONFIG_MARKERS, table);
}
