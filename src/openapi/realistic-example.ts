import http from 'node:http';

// An example built from a schema (example.ts) fills what the schema does not say with the
// sampler's placeholders: "string" for a string with no example, enum or format, and the keys
// "property1" and "property2" for a map. Shown on a page they look like the API's answer and are
// not. This replaces them with values named after their field, and makes an error body's HTTP
// status (and reason) those of the response it is an example of, so a 401 does not show 400.

/** What the example answers: the response's status and its description in the spec. */
export interface ExampleAnswer {
  status: string;
  description?: string;
}

/** The sampler's placeholder for a string it knows nothing about. */
const stringPlaceholder = 'string';
const mapPlaceholder = /^property\d+$/;
/** Fields that repeat the HTTP status in the body. */
const statusFields = /^(status|status_?code|http_?status)$/i;
/** Fields that carry the status's reason phrase. */
const reasonFields = /^(reason|reason_?phrase|title|error)$/i;
/** Fields that carry a sentence about the answer. */
const sentenceFields = /^(description|detail|message|msg)$/i;

/** The built example with field-named values instead of placeholders, and the answer's status where the body repeats it. */
export function realisticExample(value: unknown, answer?: ExampleAnswer): unknown {
  const status = answer && /^\d{3}$/.test(answer.status) ? Number(answer.status) : undefined;
  const top = (name: string, field: unknown): unknown => {
    if (status !== undefined && statusFields.test(name) && typeof field === 'number') return status;
    if (status !== undefined && reasonFields.test(name) && field === stringPlaceholder) return http.STATUS_CODES[status] ?? valueNamed(name);
    if (answer?.description && sentenceFields.test(name) && field === stringPlaceholder) return answer.description.trim().split('\n')[0];
    return realistic(field, name);
  };
  if (isRecord(value)) return Object.fromEntries(mapEntries(value, '').map(([key, field, named]) => [key, key === named ? top(key, field) : realistic(field, named)]));
  return realistic(value, '');
}

function realistic(value: unknown, name: string): unknown {
  if (value === stringPlaceholder) return valueNamed(name);
  if (Array.isArray(value)) return value.map((item) => realistic(item, singular(name)));
  if (isRecord(value)) return Object.fromEntries(mapEntries(value, name).map(([key, field, named]) => [key, realistic(field, named)]));
  return value;
}

/**
 * An object's entries as [key, value, the name its value is named after]: the sampler's made-up
 * map keys ("property1", "property2") become one key, and its value is named after the map.
 */
function mapEntries(value: Record<string, unknown>, name: string): [string, unknown, string][] {
  const entries = Object.entries(value).filter(([key]) => !mapPlaceholder.test(key)).map(([key, field]): [string, unknown, string] => [key, field, key]);
  const made = Object.entries(value).find(([key]) => mapPlaceholder.test(key));
  return made ? [...entries, [mapKeyFor(name), made[1], singular(name)]] : entries;
}

/** A key for a map: a map of details or errors is usually keyed by the field they are about. */
const mapKeyFor = (name: string) => (/detail|error|field|invalid/i.test(name) ? 'name' : `example_${singular(name) || 'key'}`);

/** "Example reason", "Example participant id": what a field holds, by its name. */
function valueNamed(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? `Example ${words}` : 'Example text';
}

const singular = (name: string) => name.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
