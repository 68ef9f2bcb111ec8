import type { OpenAPIV3 } from 'openapi-types';
import type { JsonSchema, ResponseExampleView } from '../../../templates/reference/api-model.ts';
import { boundedExampleOf, exampleOf } from './example.ts';

// A response's example bodies: the spec's own first (named examples, the media type's example,
// the schema's example), else one the sampler builds from the schema. A JSON example says what
// it was checked with; test/integration/openapi-response-examples.test.ts runs that check on
// every example the site shows.

/** The check a JSON response example passes, as the page names it. */
export const responseExampleCheck = (status: string) => `Parsed as JSON and validated against the ${status} response schema`;

/**
 * Past this many characters a built example is built again with a small budget of values, so
 * one huge schema does not put tens of kilobytes of invented JSON on a page. (The sampler is
 * bounded too: depth 8, one item per array unless minItems asks for more, and a schema that
 * expands beyond 2000 nodes gets the budgeted example directly; see example.ts.)
 */
const builtExampleLimit = 6000;
const smallBudget = 40;

/** The examples of a response body of `contentType`, highlighted, JSON ones with their check. */
export function responseExamples(
  status: string,
  contentType: string | undefined,
  media: OpenAPIV3.MediaTypeObject | undefined,
  highlight: (code: string, language: string) => string,
): ResponseExampleView[] {
  if (!media || !contentType) return [];
  const json = /json/i.test(contentType);
  const view = (label: string, value: unknown): ResponseExampleView => {
    const { code, language } = exampleCode(value, contentType);
    return { label, code, html: highlight(code, language), ...(json && language === 'json' ? { checkedWith: responseExampleCheck(status) } : {}) };
  };
  if (media.examples && Object.keys(media.examples).length) {
    return Object.entries(media.examples)
      .filter(([, example]) => (example as OpenAPIV3.ExampleObject).value !== undefined)
      .map(([name, example]) => view((example as OpenAPIV3.ExampleObject).summary ?? name, (example as OpenAPIV3.ExampleObject).value));
  }
  if (media.example !== undefined) return [view('Example', media.example)];
  const schema = media.schema as JsonSchema | undefined;
  if (!schema) return [];
  const built = exampleOf(schema, 'response');
  if (built === null || built === undefined) return [];
  const label = schema.example !== undefined || (Array.isArray(schema.examples) && schema.examples.length) ? 'Example' : 'Example (from the schema)';
  const example = view(label, built);
  return [example.code.length > builtExampleLimit ? view(label, boundedExampleOf(schema, 'response', smallBudget)) : example];
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
