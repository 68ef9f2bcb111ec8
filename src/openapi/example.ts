import { sample } from 'openapi-sampler';
import type { JsonSchema } from '../shared/api-model.ts';

/**
 * Which way a value travels: a request body never carries `readOnly` fields (the server sets
 * them) and a response never carries `writeOnly` ones (passwords, secrets).
 */
export type Direction = 'request' | 'response';

/**
 * An example value for a schema: its own example first, else one built from its shape by
 * openapi-sampler (formats, enums, `oneOf` and discriminators, `allOf` merged, recursion cut).
 */
export function exampleOf(schema: JsonSchema | undefined, direction: Direction = 'request'): unknown {
  if (!schema || typeof schema !== 'object') return null;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  // openapi-sampler expands every property of every shared schema: on a heavily shared spec
  // (Stripe's) that grows without end, so a schema too large to expand gets a bounded example.
  if (expandsBeyond(schema, sampleNodeLimit)) return boundedExample(schema, direction);
  const value = sample(schema as Parameters<typeof sample>[0], {
    skipReadOnly: direction === 'request',
    skipWriteOnly: direction === 'response',
    // A spec's own problems are reported by its validator, not printed by the sampler.
    quiet: true,
    maxSampleDepth: 8,
  });
  return value === undefined ? null : value;
}

const sampleNodeLimit = 2000;

/** An example built with at most `values` values: nested objects and arrays past that are left empty. */
export function boundedExampleOf(schema: JsonSchema | undefined, direction: Direction, values: number): unknown {
  return boundedExample(schema, direction, new Set(), { values });
}

/** Whether expanding the schema in full (shared schemas once per use, cycles cut) passes `limit` nodes. */
function expandsBeyond(schema: JsonSchema, limit: number): boolean {
  let count = 0;
  const stack = new Set<object>();
  const walk = (node: unknown): boolean => {
    if (!node || typeof node !== 'object' || stack.has(node)) return false;
    if (++count > limit) return true;
    stack.add(node);
    const value = node as JsonSchema & { items?: unknown; additionalProperties?: unknown };
    const parts = [...Object.values(value.properties ?? {}), value.items, value.additionalProperties, ...(value.allOf ?? []), ...(value.oneOf ?? []), ...(value.anyOf ?? [])];
    const beyond = parts.some(walk);
    stack.delete(node);
    return beyond;
  };
  return walk(schema);
}

/**
 * A bounded example: its own example, else one built from its shape, at most `budget` values; past
 * the budget a nested object or array is left empty instead of growing without end.
 */
function boundedExample(schema: JsonSchema | undefined, direction: Direction, seen = new Set<object>(), budget = { values: 200 }): unknown {
  if (!schema || typeof schema !== 'object') return null;
  budget.values--;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (seen.has(schema)) return undefined; // recursive: stop at the repeat
  seen.add(schema);
  try {
    if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => boundedExample(part, direction, seen, budget) ?? {}));
    if (schema.oneOf?.length) return boundedExample(schema.oneOf[0], direction, seen, budget);
    if (schema.anyOf?.length) return boundedExample(schema.anyOf[0], direction, seen, budget);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (type === 'object' || schema.properties) {
      const result: Record<string, unknown> = {};
      if (budget.values < 0) return result;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const field = property as JsonSchema & { readOnly?: boolean; writeOnly?: boolean };
        if ((direction === 'request' && field.readOnly) || (direction === 'response' && field.writeOnly)) continue;
        const value = boundedExample(property as JsonSchema, direction, seen, budget);
        if (value !== undefined) result[name] = value;
      }
      return result;
    }
    if (type === 'array') {
      if (budget.values < 0) return [];
      const item = boundedExample(schema.items as JsonSchema | undefined, direction, seen, budget);
      return item === undefined ? [] : [item];
    }
    if (type === 'integer' || type === 'number') return schema.minimum ?? 0;
    if (type === 'boolean') return true;
    if (type === 'string') return stringExample(schema.format);
    return null;
  } finally {
    seen.delete(schema);
  }
}

function stringExample(format: string | undefined): string {
  switch (format) {
    case 'date-time':
      return '2025-01-31T09:00:00Z';
    case 'date':
      return '2025-01-31';
    case 'email':
      return 'user@example.com';
    case 'uuid':
      return '3fa85f64-5717-4562-b3fc-2c963f66afa6';
    case 'uri':
    case 'url':
      return 'https://example.com';
    default:
      return 'string';
  }
}
