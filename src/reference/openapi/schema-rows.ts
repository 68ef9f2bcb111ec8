import type { JsonSchema, SchemaRow } from './model.ts';

export type MarkdownToHtml = (markdown: string) => string;

/** Describes a schema's type for people: "string (uuid)", "array of object", "integer | null". */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter((t) => t !== 'null');
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  let label: string;
  if (types.includes('array') || (!types.length && schema.items)) label = `array of ${typeLabel(schema.items)}`;
  else if (types.length) label = types.join(' | ');
  else if (schema.oneOf) label = 'one of';
  else if (schema.anyOf) label = 'any of';
  else if (schema.properties || schema.allOf) label = 'object';
  else if (schema.enum) label = typeof schema.enum[0];
  else label = 'any';
  if (schema.format) label += ` (${schema.format})`;
  return nullable ? `${label} | null` : label;
}

/** The constraints worth showing beside a field: enum, default, limits, pattern, example. */
export function constraintsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const list: string[] = [];
  const show = (value: unknown) => JSON.stringify(value);
  if (schema.enum) list.push(`one of ${schema.enum.map(show).join(', ')}`);
  if (schema.const !== undefined) list.push(`always ${show(schema.const)}`);
  if (schema.default !== undefined) list.push(`default ${show(schema.default)}`);
  if (typeof schema.minimum === 'number') list.push(`minimum ${schema.minimum}`);
  if (typeof schema.exclusiveMinimum === 'number') list.push(`greater than ${schema.exclusiveMinimum}`);
  if (typeof schema.maximum === 'number') list.push(`maximum ${schema.maximum}`);
  if (typeof schema.exclusiveMaximum === 'number') list.push(`less than ${schema.exclusiveMaximum}`);
  if (schema.minLength !== undefined) list.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) list.push(`at most ${schema.maxLength} characters`);
  if (schema.pattern) list.push(`pattern ${schema.pattern}`);
  if (schema.minItems !== undefined) list.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) list.push(`at most ${schema.maxItems} items`);
  if (schema.uniqueItems) list.push('items are unique');
  if (schema.readOnly) list.push('read-only');
  if (schema.writeOnly) list.push('write-only');
  if (schema.deprecated) list.push('deprecated');
  if (schema.example !== undefined && typeof schema.example !== 'object') list.push(`example ${show(schema.example)}`);
  return list;
}

/**
 * The rows of a schema view. allOf parts are merged; oneOf/anyOf become labelled variants;
 * a schema that repeats one of its parents is shown as recursive instead of expanded forever.
 */
export function schemaRows(schema: JsonSchema | undefined, md: MarkdownToHtml, parents: JsonSchema[] = []): SchemaRow[] {
  if (!schema) return [];
  const merged = mergeAllOf(schema);
  const objectLike = merged.properties ?? (merged.items && typeof merged.items === 'object' ? mergeAllOf(merged.items).properties : undefined);
  const target = merged.properties ? merged : merged.items ? mergeAllOf(merged.items) : merged;
  const rows: SchemaRow[] = [];
  if (objectLike) {
    const required = new Set(target.required ?? []);
    for (const [name, property] of Object.entries(target.properties ?? {})) rows.push(propertyRow(name, property, required.has(name), md, [...parents, schema]));
  }
  const variants = variantsOf(merged, md, [...parents, schema]);
  if (variants) rows.push({ type: typeLabel(merged), required: false, constraints: [], children: [], variants });
  return rows;
}

function propertyRow(name: string, schema: JsonSchema, required: boolean, md: MarkdownToHtml, parents: JsonSchema[]): SchemaRow {
  const repeat = parents.find((parent) => parent === schema || (schema.items && parent === schema.items));
  const row: SchemaRow = {
    name,
    type: typeLabel(schema),
    required,
    descriptionHtml: schema.description ? md(schema.description) : undefined,
    constraints: constraintsOf(schema),
    children: [],
  };
  if (repeat) {
    row.recursive = repeat.title ?? 'a parent object';
    return row;
  }
  const inner = schema.items && typeof schema.items === 'object' ? schema.items : schema;
  const merged = mergeAllOf(inner);
  if (merged.properties) {
    const requiredSet = new Set(merged.required ?? []);
    row.children = Object.entries(merged.properties).map(([child, property]) => propertyRow(child, property, requiredSet.has(child), md, [...parents, schema, inner]));
  }
  row.variants = variantsOf(merged, md, [...parents, schema, inner]);
  return row;
}

function variantsOf(schema: JsonSchema, md: MarkdownToHtml, parents: JsonSchema[]): SchemaRow['variants'] {
  const kind = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : undefined;
  if (!kind) return undefined;
  const options = (schema[kind] as JsonSchema[]).map((option, index) => ({
    label: option.title ?? `Option ${index + 1}: ${typeLabel(option)}`,
    rows: parents.includes(option) ? [{ type: typeLabel(option), required: false, constraints: [], children: [], recursive: option.title ?? 'a parent object' }] : schemaRows(option, md, parents),
  }));
  return { kind, options };
}

/** allOf parts merged into one schema (properties and required lists combined). */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(mergeAllOf);
  const { allOf: _ignored, ...rest } = schema;
  return parts.reduce<JsonSchema>(
    (merged, part) => ({
      ...part,
      ...merged,
      properties: { ...part.properties, ...merged.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    rest,
  );
}
