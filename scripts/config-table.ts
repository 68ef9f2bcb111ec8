// Writes the key table of docs/configuration.md from the config schema, so the documented keys,
// types, defaults and meanings are the ones `portal build` validates.
// Run: npm run docs:config   (node --import tsx scripts/config-table.ts)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { configSchema } from '../src/config/schema.ts';

export const configDoc = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'configuration.md');
export const tableMarkers = { start: '<!-- config-table:start -->', end: '<!-- config-table:end -->' };
export const fixCommand = 'npm run docs:config';

/** The part of JSON Schema that zod writes for this config. */
interface JsonSchema {
  type?: string;
  description?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

interface Row {
  key: string;
  type: string;
  default: string;
  meaning: string;
}

/** The Markdown table of every key, in the schema's order. Throws when a key has no description. */
export function configTable(zodSchema: z.ZodType = configSchema): string {
  const schema = z.toJSONSchema(zodSchema, { io: 'input' }) as JsonSchema;
  const rows: Row[] = [];
  const undescribed: string[] = [];
  walkProperties(schema, '', rows, undescribed);
  if (undescribed.length) {
    throw new Error(`src/config/schema.ts: no .describe() text for ${undescribed.map((key) => `"${key}"`).join(', ')}\n  fix: add .describe('what the key does') to each, then run ${fixCommand}`);
  }
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| key | type | default | meaning |',
    '|---|---|---|---|',
    ...rows.map((row) => `| \`${cell(row.key)}\` | ${cell(row.type)} | ${cell(row.default)} | ${cell(row.meaning)} |`),
  ].join('\n');
}

function walkProperties(schema: JsonSchema, prefix: string, rows: Row[], undescribed: string[], skip?: string): void {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (name === skip) continue;
    const key = prefix ? `${prefix}.${name}` : name;
    walk(property, key, (schema.required ?? []).includes(name), rows, undescribed);
  }
}

function walk(schema: JsonSchema, key: string, required: boolean, rows: Row[], undescribed: string[]): void {
  const items = schema.type === 'array' ? schema.items : undefined;
  const meaning = schema.description ?? items?.description;
  if (!meaning) undescribed.push(key);
  rows.push({ key, type: typeOf(schema), default: defaultOf(schema, required), meaning: meaning ?? '' });
  const inner = items ?? schema;
  const path = items ? `${key}[]` : key;
  if (inner.properties) walkProperties(inner, path, rows, undescribed);
  for (const variant of variantsOf(inner)) {
    const tag = variant.properties?.type?.const;
    if (typeof tag === 'string') {
      // A discriminated variant: its own row, then its fields, named by the value of `type`.
      const variantKey = `${path}[type=${tag}]`.replace('[][', '[');
      if (!variant.description) undescribed.push(variantKey);
      rows.push({ key: variantKey, type: 'object', default: '', meaning: variant.description ?? '' });
      walkProperties(variant, variantKey, rows, undescribed, 'type');
    } else {
      // Another form of the same key (footer links as a list or as columns): its fields only.
      const form = variant.type === 'array' ? variant.items : variant;
      if (form?.properties) walkProperties(form, variant.type === 'array' ? `${path}[]` : path, rows, undescribed);
    }
  }
}

function variantsOf(schema: JsonSchema): JsonSchema[] {
  return schema.oneOf ?? schema.anyOf ?? [];
}

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' or ');
  const variants = variantsOf(schema);
  if (variants.length) return [...new Set(variants.map(typeOf))].join(' or ');
  switch (schema.type) {
    case 'string':
      return schema.format === 'uri' ? 'URL' : 'string';
    case 'integer':
    case 'number':
      return `${schema.type}${rangeOf(schema)}`;
    case 'array':
      return schema.items ? `${typeOf(schema.items)}[]` : 'array';
    case 'object':
      return typeof schema.additionalProperties === 'object' ? `map of ${typeOf(schema.additionalProperties)}` : 'object';
    default:
      return schema.type ?? 'any';
  }
}

function rangeOf(schema: JsonSchema): string {
  // zod bounds every integer by the safe-integer range; only the bounds the schema chose say anything.
  const chosen = (bound: number | undefined) => (bound === undefined || Math.abs(bound) === Number.MAX_SAFE_INTEGER ? undefined : bound);
  const [minimum, maximum] = [chosen(schema.minimum), chosen(schema.maximum)];
  if (minimum !== undefined && maximum !== undefined) return ` ${minimum}–${maximum}`;
  if (schema.exclusiveMinimum !== undefined) return ` > ${schema.exclusiveMinimum}`;
  if (minimum !== undefined) return ` ≥ ${minimum}`;
  return '';
}

function defaultOf(schema: JsonSchema, required: boolean): string {
  if (schema.default !== undefined) {
    const text = JSON.stringify(schema.default);
    // An object default is the defaults of its fields, each shown on its own row.
    return typeof schema.default === 'object' && text.length > 2 && !Array.isArray(schema.default) ? 'its fields\' defaults' : `\`${text}\``;
  }
  return required ? 'required' : 'unset';
}

/** The document with the table between its markers replaced by what the schema gives now. */
export function withTable(document: string, table: string): string {
  const start = document.indexOf(tableMarkers.start);
  const end = document.indexOf(tableMarkers.end);
  if (start < 0 || end < start) throw new Error(`${path.relative(process.cwd(), configDoc)}: the markers ${tableMarkers.start} and ${tableMarkers.end} are missing\n  fix: put them back around the key table, then run ${fixCommand}`);
  return `${document.slice(0, start + tableMarkers.start.length)}\n${table}\n${document.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const next = withTable(fs.readFileSync(configDoc, 'utf8'), configTable());
  fs.writeFileSync(configDoc, next);
  process.stderr.write(`config-table: wrote ${path.relative(process.cwd(), configDoc)}\n`);
}
