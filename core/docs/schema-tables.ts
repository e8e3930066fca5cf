import { componentSchemas, type JsonSchema, SCHEMA_REF_PREFIX } from './json-schemas.ts';

/** A JSON Schema's type in a few words: `string (date-time)`, `array of HotDiscussion`, … */
export function typeWords(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.slice(SCHEMA_REF_PREFIX.length);
  if (schema.const !== undefined) return `${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeWords).join(' or ');
  const type = schema.type;
  if (type === 'array') return `array of ${typeWords(schema.items as JsonSchema | undefined)}`;
  if (type === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.join(' or ');
  return 'any';
}

/** The description of each field of a component schema, by field name (the zod schemas' own words). */
export function fieldDescriptions(name: string): Record<string, string> {
  const props = (componentSchemas()[name]?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(props).flatMap(([field, s]) =>
      typeof s.description === 'string' ? [[field, s.description]] : [],
    ),
  );
}

/** The fields of a component schema as a markdown table: field, type, required, description. */
export function fieldsTable(name: string): string {
  const schema = componentSchemas()[name];
  if (!schema) throw new Error(`fieldsTable: unknown schema ${name}`);
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(
    ([field, s]) =>
      `| ${field} | ${typeWords(s)} | ${required.has(field) ? 'yes' : 'no'} | ${typeof s.description === 'string' ? s.description : ''} |`,
  );
  return ['| field | type | required | description |', '|---|---|---|---|', ...rows].join('\n');
}
