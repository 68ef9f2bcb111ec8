import { sample } from 'openapi-sampler';
import type { JsonSchema } from './model.ts';

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
  const value = sample(schema as Parameters<typeof sample>[0], {
    skipReadOnly: direction === 'request',
    skipWriteOnly: direction === 'response',
    // A spec's own problems are reported by its validator, not printed by the sampler.
    quiet: true,
    maxSampleDepth: 8,
  });
  return value === undefined ? null : value;
}
