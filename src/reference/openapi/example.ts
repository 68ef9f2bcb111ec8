import type { JsonSchema } from './model.ts';

/**
 * An example value for a schema: its own example, else one built from its shape. `budget`
 * bounds the values built: shared schemas nest many levels deep in real specs (Stripe's), and
 * past the budget a nested object or array is left empty instead of growing without end.
 */
export function exampleOf(schema: JsonSchema | undefined, seen = new Set<object>(), budget = { values: 200 }): unknown {
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
    if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, seen, budget) ?? {}));
    if (schema.oneOf?.length) return exampleOf(schema.oneOf[0], seen, budget);
    if (schema.anyOf?.length) return exampleOf(schema.anyOf[0], seen, budget);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (type === 'object' || schema.properties) {
      const result: Record<string, unknown> = {};
      if (budget.values < 0) return result;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const value = exampleOf(property as JsonSchema, seen, budget);
        if (value !== undefined) result[name] = value;
      }
      return result;
    }
    if (type === 'array') {
      if (budget.values < 0) return [];
      const item = exampleOf(schema.items as JsonSchema | undefined, seen, budget);
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
