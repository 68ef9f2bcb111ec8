import type { AllValues, JsonSchema, SchemaRow } from '../shared/api-model.ts';

/**
 * Markdown to HTML for one page. `holderLevel` is the level of the heading the text is shown
 * under (1: the page title), so the text's own headings are placed below it.
 */
export type MarkdownToHtml = (markdown: string, holderLevel?: number) => string;

/** The same renderer, for texts that are all shown under one heading level (a schema's rows). */
export const under = (md: MarkdownToHtml, holderLevel: number): MarkdownToHtml => (markdown) => md(markdown, holderLevel);

/**
 * Describes a schema's type for people: "string (uuid)", "array of Organisation", "integer | null",
 * "Cat | Dog". allOf parts count as one schema; a named schema (components.schemas, in `names`) is
 * called by its name where it is an array's items or an alternative.
 */
export function typeLabel(schema: JsonSchema | undefined, names: Map<object, string> = new Map()): string {
  if (!schema) return 'any';
  const merged = mergeAllOf(schema);
  const types = (Array.isArray(merged.type) ? merged.type : merged.type ? [merged.type] : []).filter((t) => t !== 'null');
  const nullable = merged.nullable === true || (Array.isArray(merged.type) && merged.type.includes('null'));
  let label: string;
  if (types.includes('array') || (!types.length && merged.items)) label = `array of ${nameOrType(merged.items, names)}`;
  else if (types.length) label = types.join(' | ');
  else if (merged.oneOf || merged.anyOf) label = [...new Set((merged.oneOf ?? merged.anyOf)!.map((option) => nameOrType(option, names)))].join(' | ') || 'any';
  else if (merged.properties || schema.allOf) label = 'object';
  else if (merged.enum) label = typeof merged.enum[0];
  else label = 'any';
  if (merged.format) label += ` (${merged.format})`;
  return nullable ? `${label} | null` : label;
}

/** A part of a type (array items, an alternative, a body): its schema's name if it has one, else its type. */
function nameOrType(schema: JsonSchema | undefined, names: Map<object, string>): string {
  if (!schema) return 'any';
  const name = names.get(schema) ?? (schema.allOf?.length === 1 && !schema.properties ? names.get(schema.allOf[0]) : undefined);
  if (!name) return typeLabel(schema, names);
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null')) ? `${name} | null` : name;
}

/**
 * An enum longer than this is cut where a page shows it in passing (an operation, the overview):
 * its first `enumShown` values and a count, with a link to where all are listed. A schema shared
 * by many operations would otherwise copy its whole list into every page, twin and data file.
 */
export const enumLimit = 30;
export const enumShown = 20;

/** Whether `schema`'s enum is cut on a page that has somewhere to link for the full list. */
export const enumIsCut = (schema: JsonSchema | undefined): boolean => Array.isArray(schema?.enum) && schema.enum.length > enumLimit;

/**
 * The constraints worth showing beside a field: enum, default, limits, pattern, example. `cut`:
 * a long enum shows its first values and how many more (the caller links the full list).
 */
export function constraintsOf(schema: JsonSchema | undefined, cut = false): string[] {
  if (!schema) return [];
  const list: string[] = [];
  const show = (value: unknown) => JSON.stringify(value);
  if (schema.enum && cut && enumIsCut(schema)) list.push(`one of ${schema.enum.slice(0, enumShown).map(show).join(', ')} and ${(schema.enum.length - enumShown).toLocaleString('en-US')} more`);
  else if (schema.enum) list.push(`one of ${schema.enum.map(show).join(', ')}`);
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
 * What one page has shown of the spec's schemas. Real descriptions share schemas everywhere
 * (Stripe's objects hold each other, many levels deep): each schema is shown in full once per
 * page and referred to by a link wherever it appears again, deep or circular; once a page has
 * shown `budget` rows, a named schema not shown yet links to a page of its own instead.
 */
export interface SchemaContext {
  /** Named schemas (components.schemas, dereferenced objects) -> their name. */
  names: Map<object, string>;
  /** Schemas shown in full on this page -> the anchor of that rendering and its label. */
  shown: Map<object, { id: string; label: string }>;
  /** Rows the page may still show before named schemas link to their own page. */
  budget: number;
  /** The route of a named schema's own page (the page builder creates the pages asked for). */
  schemaPage?: (name: string) => string;
  /**
   * Set on pages that cut long enums: where all the values of an enum held by the named schema
   * `owner` (undefined: by no named schema) are listed. Answering undefined keeps that enum whole.
   */
  allValues?: AllValuesPlace;
}

/** Where the full list of a cut enum is, by the named schema that holds it (see SchemaContext.allValues). */
export type AllValuesPlace = (owner: string | undefined) => Omit<AllValues, 'count'> | undefined;

/** A context for one page; `budget` rows before named schemas move to their own pages. */
export function schemaContext(names: Map<object, string>, budget: number, schemaPage?: (name: string) => string, allValues?: AllValuesPlace): SchemaContext {
  return { names, shown: new Map(), budget, schemaPage, allValues };
}

/**
 * The constraints of a field and, when its enum is cut, where all its values are. `owners` are
 * the schemas that hold the field, innermost last: the nearest named one has a page of its own
 * that shows the field whole (a schema page expands its own fields, and links the named ones).
 */
export function fieldConstraints(schema: JsonSchema | undefined, owners: object[], context: Pick<SchemaContext, 'names' | 'allValues'>): { constraints: string[]; allValues?: AllValues } {
  const place = enumIsCut(schema) && context.allValues ? context.allValues(nearestName(owners, context.names)) : undefined;
  if (!place) return { constraints: constraintsOf(schema) };
  return { constraints: constraintsOf(schema, true), allValues: { count: schema!.enum!.length, ...place } };
}

function nearestName(owners: object[], names: Map<object, string>): string | undefined {
  for (let index = owners.length - 1; index >= 0; index--) {
    const name = names.get(owners[index]);
    if (name) return name;
  }
  return undefined;
}

/** components.schemas of a dereferenced spec: each schema object to its name. */
export function namedSchemas(schemas: Record<string, unknown> | undefined): Map<object, string> {
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(schemas ?? {})) if (schema && typeof schema === 'object' && !names.has(schema)) names.set(schema, name);
  return names;
}

/**
 * The rows of a schema view. allOf parts are merged; oneOf/anyOf become labelled variants;
 * a schema already shown on the page (a repeat, or one of its own parents) is a link to it.
 * `anchor` is the id of the element the rows are shown under, for later repeats to link to.
 */
export function schemaRows(schema: JsonSchema | undefined, md: MarkdownToHtml, context: SchemaContext = schemaContext(new Map(), Infinity), anchor?: string): SchemaRow[] {
  if (!schema) return [];
  const shown = context.shown.get(schema);
  if (shown && expandable(schema)) return [{ type: typeLabel(schema, context.names), required: false, constraints: [], children: [], ref: { label: shown.label, href: `#${shown.id}`, kind: 'above' } }];
  if (anchor) remember(schema, context, anchor);
  return rowsOf(schema, md, context, []);
}

function rowsOf(schema: JsonSchema, md: MarkdownToHtml, context: SchemaContext, parents: object[]): SchemaRow[] {
  const merged = mergeAllOf(schema);
  const fromItems = !merged.properties && merged.items && typeof merged.items === 'object';
  const target = fromItems ? mergeAllOf(merged.items!) : merged;
  const rows: SchemaRow[] = [];
  if (target.properties) {
    const required = new Set(target.required ?? []);
    // An array's rows are its items' fields: the items schema holds them (and may have a name).
    const holders = fromItems ? [...parents, schema, merged.items!] : [...parents, schema];
    for (const [name, property] of Object.entries(target.properties)) rows.push(propertyRow(name, property, required.has(name), md, context, holders));
  }
  const variants = variantsOf(merged, md, context, [...parents, schema]);
  if (variants) rows.push({ type: typeLabel(merged, context.names), required: false, constraints: [], children: [], variants });
  return rows;
}

/** Whether a schema has rows of its own to show (fields or alternatives). */
function expandable(schema: JsonSchema): boolean {
  const merged = mergeAllOf(schema);
  return Boolean(merged.properties || merged.oneOf || merged.anyOf);
}

function remember(schema: object, context: SchemaContext, id?: string): { id: string; label: string } {
  let entry = context.shown.get(schema);
  if (!entry) {
    const name = context.names.get(schema);
    const title = (schema as JsonSchema).title;
    entry = { id: id ?? `schema-${context.shown.size + 1}${name ? `-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : ''}`, label: name ?? (typeof title === 'string' ? title : 'the object above') };
    context.shown.set(schema, entry);
  }
  return entry;
}

function propertyRow(name: string, schema: JsonSchema, required: boolean, md: MarkdownToHtml, context: SchemaContext, parents: object[]): SchemaRow {
  context.budget--;
  // A property narrowed by allOf (a list's `objects` given its item type) is shown as one schema.
  const whole = mergeAllOf(schema);
  const row: SchemaRow = {
    name,
    type: typeLabel(schema, context.names),
    required,
    descriptionHtml: whole.description ? md(whole.description) : undefined,
    ...fieldConstraints(whole, parents, context),
    children: [],
  };
  const inner = whole.items && typeof whole.items === 'object' ? whole.items : schema;
  if (!expandable(inner)) return row;
  const refer = referTo(inner, context, parents);
  if (refer) return { ...row, ref: refer };
  const anchor = remember(inner, context);
  row.id = anchor.id;
  const merged = mergeAllOf(inner);
  if (merged.properties) {
    const requiredSet = new Set(merged.required ?? []);
    row.children = Object.entries(merged.properties).map(([child, property]) => propertyRow(child, property, requiredSet.has(child), md, context, [...parents, inner]));
  }
  row.variants = variantsOf(merged, md, context, [...parents, inner]);
  return row;
}

/** A link instead of the rows: to the schema's rendering on this page, or to its own page. */
function referTo(schema: JsonSchema, context: SchemaContext, parents: object[]): SchemaRow['ref'] {
  const shown = context.shown.get(schema);
  if (shown) return { label: shown.label, href: `#${shown.id}`, kind: parents.includes(schema) ? 'recursive' : 'above' };
  const name = context.names.get(schema);
  if (name && context.budget <= 0 && context.schemaPage) return { label: name, href: context.schemaPage(name), kind: 'page' };
  return undefined;
}

function variantsOf(schema: JsonSchema, md: MarkdownToHtml, context: SchemaContext, parents: object[]): SchemaRow['variants'] {
  const kind = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : undefined;
  if (!kind) return undefined;
  const options = (schema[kind] as JsonSchema[]).map((option, index) => {
    const label = (typeof option.title === 'string' ? option.title : undefined) ?? context.names.get(option) ?? `Option ${index + 1}: ${typeLabel(option, context.names)}`;
    const refer = expandable(option) ? referTo(option, context, parents) : undefined;
    if (refer) return { label, rows: [{ type: typeLabel(option, context.names), required: false, constraints: [], children: [], ref: refer }] };
    context.budget--;
    const id = expandable(option) ? remember(option, context).id : undefined;
    return { label, id, rows: rowsOf(option, md, context, parents) };
  });
  return { kind, options };
}

/**
 * allOf parts merged into one schema, as a reader sees it: properties, required lists, items and
 * type combined; earlier parts win for single values (description, format). oneOf and anyOf stay
 * alternatives. A property or items schema that two parts both set must satisfy both: it becomes
 * an allOf of the two, merged when it is shown (so circular schemas merge one level at a time).
 * The same schema always merges to the same object, as the views tell schemas apart by identity.
 */
export function mergeAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  let merged = mergedAllOf.get(schema);
  if (!merged) {
    const { allOf, ...rest } = schema;
    merged = allOf.map(mergeAllOf).reduce(combine, rest);
    mergedAllOf.set(schema, merged);
  }
  return merged;
}

const mergedAllOf = new WeakMap<JsonSchema, JsonSchema>();
const bothOf = new WeakMap<JsonSchema, WeakMap<JsonSchema, JsonSchema>>();

/** Two schemas a value must both satisfy, as one: a schema that says nothing yields to the other. */
function both(first: JsonSchema, second: JsonSchema): JsonSchema {
  if (first === second || saysNothing(second)) return first;
  if (saysNothing(first)) return second;
  let pairs = bothOf.get(first);
  if (!pairs) bothOf.set(first, (pairs = new WeakMap()));
  let pair = pairs.get(second);
  if (!pair) pairs.set(second, (pair = { allOf: [first, second] }));
  return pair;
}

/** A schema with no constraint on the value, only words about it (`{}`, or a description). */
const saysNothing = (schema: JsonSchema) => Object.keys(schema).every((key) => key === 'description' || key === 'title');

function combine(merged: JsonSchema, part: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...part, ...merged };
  // Earlier parts' fields first, as the spec lists them.
  const properties = { ...merged.properties };
  for (const [name, property] of Object.entries(part.properties ?? {})) properties[name] = properties[name] ? both(properties[name], property) : property;
  if (merged.properties || part.properties) result.properties = properties;
  const required = [...new Set([...(merged.required ?? []), ...(part.required ?? [])])];
  if (required.length) result.required = required;
  if (merged.items && part.items) result.items = both(merged.items, part.items);
  const type = typeOfBoth(merged.type, part.type);
  if (type !== undefined) result.type = type;
  return result;
}

/** The types a value of both schemas may have (the earlier part's, where they share none). */
function typeOfBoth(first: JsonSchema['type'], second: JsonSchema['type']): JsonSchema['type'] {
  if (first === undefined || second === undefined) return first ?? second;
  const list = (type: string | string[]) => (Array.isArray(type) ? type : [type]);
  const shared = list(first).filter((type) => list(second).includes(type) || (type === 'integer' && list(second).includes('number')));
  if (!shared.length) return first;
  return shared.length === 1 ? shared[0] : shared;
}
