import type { Diagnostics } from '../errors.ts';
import { responseExampleLabel, type SampleChecks } from '../markdown/sample-checks.ts';
import type { SampleCheckLabel } from '../shared/sample-check.ts';
import type { SchemaValidator } from './response-validator.ts';
import { type EnrichmentGuard, unguarded } from './enrichment.ts';

// The build's check of JSON response examples: each example a page shows is parsed as JSON and
// validated against its response's schema (response-validator.ts) while the page is made. Only an
// example that passed gets the "checked" line (its words come from content/sample-checks.json);
// one that did not is shown without it, and the build says where it is and what does not match.

/** One JSON example of a response body, where the description has it. */
export interface ResponseExampleSite {
  status: string;
  /** The response's media type object, as a JSON pointer of the dereferenced description. */
  mediaPointer: string;
  /** The example itself (named example's value, `example`, the schema's example, or the schema a sampler built it from). */
  examplePointer: string;
  /** Set for an example the sampler built from the schema rather than one the description gives. */
  built?: boolean;
  /** The example as the page shows it. */
  code: string;
}

/** The label of one response example: the registry's when it validated, none when it did not (reported). */
export type ResponseExampleCheck = (example: ResponseExampleSite) => SampleCheckLabel | undefined;

export interface ResponseExampleCheckOptions {
  validator: SchemaValidator;
  sampleChecks?: SampleChecks;
  diagnostics: Diagnostics;
  /** The file and line of a JSON pointer of the description, as written. */
  locate: (pointer: string) => { file: string; line?: number };
  /** What a validator that throws on one example becomes: by default, the throw. */
  guard?: EnrichmentGuard;
}

/** The check for every response example of one description; each failing example is reported once. */
export function responseExampleCheck({ validator, sampleChecks, diagnostics, locate, guard = unguarded }: ResponseExampleCheckOptions): ResponseExampleCheck {
  const reported = new Set<string>();
  return (example) => {
    let body: unknown;
    try {
      body = JSON.parse(example.code);
    } catch {
      return undefined;
    }
    // A throw leaves this example unchecked (no label), and the build says so where the example is.
    const verdict = guard(`check of the ${example.status} response's example against its schema`, example.examplePointer, undefined, () => validator.validate(`${example.mediaPointer}/schema`, body));
    if (!verdict) return undefined;
    if (verdict.valid) return responseExampleLabel(sampleChecks, example.status);
    const where = locate(example.examplePointer);
    const what = 'mismatch' in verdict ? `${verdict.mismatch.instancePath ? `at ${verdict.mismatch.instancePath} ` : ''}it ${verdict.mismatch.message}` : verdict.unusable;
    const key = `${where.file}:${where.line}:${example.examplePointer}:${what}`;
    if (!reported.has(key)) {
      reported.add(key);
      diagnostics.warn({
        ...where,
        message: `at ${example.examplePointer}: the ${example.built ? 'example built from the schema' : 'example'} of the ${example.status} response does not validate against its schema (Ajv, OpenAPI ${validator.openapi}): ${what}; it is shown without a "checked" line`,
        hint: example.built
          ? 'Give the response an example that matches its schema, or correct the schema.'
          : 'Correct the example, or the schema if the example shows what the API really returns.',
      });
    }
    return undefined;
  };
}
