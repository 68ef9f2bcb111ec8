import type { OpenAPIV3 } from 'openapi-types';
import type { JsonSchema, ResponseExampleView } from '../shared/api-model.ts';
import type { SampleCheckLabel } from '../shared/sample-check.ts';
import { boundedExampleOf, exampleOf } from './example.ts';
import { escapePointer } from './locate.ts';
import { type ExampleAnswer, realisticExample } from './realistic-example.ts';
import type { ResponseExampleCheck } from './response-example-check.ts';

// A response's example bodies: the spec's own first (named examples, the media type's example,
// the schema's example), else one the sampler builds from the schema. Each JSON example goes
// through `check` (response-example-check.ts: validated against the response's schema), and
// carries the "checked" line only when it passed.

/**
 * Past this many characters a built example is built again with a small budget of values, so
 * one huge schema does not put tens of kilobytes of invented JSON on a page. (The sampler is
 * bounded too: depth 8, one item per array unless minItems asks for more, and a schema that
 * expands beyond 2000 nodes gets the budgeted example directly; see example.ts.)
 */
const builtExampleLimit = 6000;
const smallBudget = 40;

/** Where a response body is in the description, for its examples' check. */
export interface ResponseBodySite {
  status: string;
  /** The media type object's JSON pointer (…/responses/200/content/application~1json). */
  mediaPointer: string;
  check: ResponseExampleCheck;
}

/** The examples of a response body of `contentType`, highlighted, the JSON ones that validated with their check line. */
export function responseExamples(
  contentType: string | undefined,
  media: OpenAPIV3.MediaTypeObject | undefined,
  highlight: (code: string, language: string, check?: SampleCheckLabel) => string,
  site?: ResponseBodySite,
  answer?: ExampleAnswer,
): ResponseExampleView[] {
  if (!media || !contentType) return [];
  const json = /json/i.test(contentType);
  const view = (label: string, value: unknown, examplePointer: string, built = false): ResponseExampleView => {
    const { code, language } = exampleCode(value, contentType);
    // Without a schema there is nothing to validate against: no check, and nothing wrong.
    const check = json && language === 'json' && site && media.schema ? site.check({ status: site.status, mediaPointer: site.mediaPointer, examplePointer: `${site.mediaPointer}/${examplePointer}`, code, ...(built ? { built } : {}) }) : undefined;
    return { label, code, html: highlight(code, language, check), ...(check ? { check } : {}) };
  };
  if (media.examples && Object.keys(media.examples).length) {
    return Object.entries(media.examples)
      .filter(([, example]) => (example as OpenAPIV3.ExampleObject).value !== undefined)
      .map(([name, example]) => view((example as OpenAPIV3.ExampleObject).summary ?? name, (example as OpenAPIV3.ExampleObject).value, `examples/${escapePointer(name)}/value`));
  }
  if (media.example !== undefined) return [view('Example', media.example, 'example')];
  const schema = media.schema as JsonSchema | undefined;
  if (!schema) return [];
  const fromSchema = schema.example !== undefined ? 'schema/example' : Array.isArray(schema.examples) && schema.examples.length ? 'schema/examples/0' : undefined;
  // The schema's own example is the spec's; one the sampler builds gets field-named values and the answer's status.
  const build = (value: unknown) => (fromSchema ? value : realisticExample(value, answer));
  const built = build(exampleOf(schema, 'response'));
  if (built === null || built === undefined) return [];
  const label = fromSchema ? 'Example' : 'Example (from the schema)';
  const code = exampleCode(built, contentType).code;
  // Only the example shown is checked: a built one too long for the page is built again, smaller.
  return [view(label, code.length > builtExampleLimit ? build(boundedExampleOf(schema, 'response', smallBudget)) : built, fromSchema ?? 'schema', !fromSchema)];
}

/**
 * An example as it goes over the wire: JSON pretty-printed, but a text body (HTML, a diff, a
 * SHA) as the text itself, not as a quoted JSON string.
 */
export function exampleCode(value: unknown, contentType: string | undefined): { code: string; language: string } {
  if (typeof value === 'string' && contentType && !contentType.includes('json')) {
    return { code: value, language: /html|xml/i.test(contentType) ? 'xml' : /diff|patch/i.test(contentType) ? 'diff' : 'text' };
  }
  return { code: JSON.stringify(value, null, 2), language: 'json' };
}
