import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { escapePointer } from './locate.ts';

// Validates JSON bodies against the schemas of one OpenAPI description, as the build does for
// every JSON response example it shows (and the tests do to re-check the build's verdicts).
// Ajv reads the description bundled, $refs kept, so circular schemas compile (and without its
// example data: see schemasOnly).
// OpenAPI 3.1 schemas are JSON Schema 2020-12; 3.0 ones are draft-07-like with `nullable`,
// which Ajv's default (draft-07) instance understands.

type Node = Record<string, unknown>;

/** Why a body did not validate: where in the body (a JSON pointer, "" for the whole) and Ajv's first message. */
export interface SchemaMismatch {
  instancePath: string;
  message: string;
}

export type SchemaVerdict = { valid: true } | { valid: false; mismatch: SchemaMismatch } | { valid: false; unusable: string };

export interface SchemaValidator {
  /** The OpenAPI version the draft was picked by. */
  openapi: string;
  /** Validates `body` against the schema at `pointer` (of the dereferenced description); $refs on the way are followed. */
  validate(pointer: string, body: unknown): SchemaVerdict;
}

/** The Ajv draft for an OpenAPI version: 3.1 → 2020-12, 3.0 (and converted Swagger) → draft-07 with `nullable`. */
function ajvFor(openapi: string): Ajv {
  const options = { strict: false, allErrors: false, validateSchema: false, logger: false } as const;
  const ajv = openapi.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options);
  addFormats.default(ajv);
  return ajv;
}

/**
 * A validator over one bundled description. Each schema is compiled once (Ajv keeps the compiled
 * function by reference; the pointer's own function is kept here), so a schema shared by a hundred
 * operations costs one compile.
 */
export function schemaValidator(bundled: object): SchemaValidator {
  const openapi = String((bundled as Node).openapi ?? '3.0');
  const ajv = ajvFor(openapi);
  ajv.addSchema(schemasOnly(bundled, openapi), 'openapi');
  const compiled = new Map<string, ValidateFunction | string>();
  const compile = (pointer: string): ValidateFunction | string => {
    let done = compiled.get(pointer);
    if (done === undefined) {
      const target = resolvedPointer(bundled as Node, pointer);
      try {
        done = target === undefined ? `no schema at ${pointer}` : (ajv.getSchema(`openapi#${fragment(target)}`) ?? `no schema at ${target}`);
      } catch (error) {
        done = `Ajv cannot compile the schema at ${target}: ${(error as Error).message}`;
      }
      compiled.set(pointer, done);
    }
    return done;
  };
  return {
    openapi,
    validate(pointer, body) {
      const validate = compile(pointer);
      if (typeof validate === 'string') return { valid: false, unusable: validate };
      if (validate(body)) return { valid: true };
      const first = validate.errors?.[0];
      return { valid: false, mismatch: { instancePath: first?.instancePath ?? '', message: first ? `${first.message ?? 'does not match'}${paramsNote(first.params)}` : 'does not match' } };
    },
  };
}

// Ajv walks every key of a schema it is given, looking for `$id` and `$anchor` to register. The
// description is given whole (its $refs point anywhere in it), so example data was walked too: two
// examples holding an object with the same `$id` member (a file's metadata, say) stopped the build
// with "reference ... resolves to more than one schema". Ajv gets a copy without example data,
// extensions, or, in 3.0 (where schemas have no ids), any id keyword.

/** Keys whose value maps names (of properties, schemas, paths, statuses, media types...) to objects: never dropped there. */
const nameMaps = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks', 'pathItems', 'paths', 'webhooks', 'content', 'encoding', 'variables']);
const exampleData = new Set(['example', 'examples']);
const idKeywords = new Set(['$id', 'id', '$anchor', '$dynamicAnchor']);

/** The description as Ajv may read it: what schemas need, nothing it could take for a schema id by mistake. */
export function schemasOnly(bundled: object, openapi: string): object {
  const hasIds = openapi.startsWith('3.1');
  const copy = (value: unknown, names: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => copy(item, false));
    if (!value || typeof value !== 'object') return value;
    const out: Node = {};
    for (const [key, item] of Object.entries(value)) {
      if (!names && (exampleData.has(key) || key.startsWith('x-') || (!hasIds && idKeywords.has(key) && typeof item === 'string'))) continue;
      out[key] = copy(item, !names && nameMaps.has(key));
    }
    return out;
  };
  return copy(bundled, false) as object;
}

/** Ajv's message names the rule; the allowed values or the missing property make it actionable. */
function paramsNote(params: Record<string, unknown>): string {
  if (Array.isArray(params.allowedValues)) return ` (${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')})`;
  if (typeof params.additionalProperty === 'string') return ` ("${params.additionalProperty}")`;
  return '';
}

/**
 * The JSON pointer in the bundled description where `pointer`'s steps lead, following the
 * internal $refs met on the way (a response or media type may itself be a $ref). Undefined when
 * a step is missing.
 */
export function resolvedPointer(document: Node, pointer: string): string | undefined {
  let node: unknown = document;
  let at = '';
  const seen = new Set<string>();
  const follow = () => {
    while (node && typeof node === 'object' && typeof (node as Node).$ref === 'string' && ((node as Node).$ref as string).startsWith('#')) {
      at = ((node as Node).$ref as string).slice(1);
      if (seen.has(at)) return;
      seen.add(at);
      // A $ref is a URI: its pointer may be percent-encoded.
      at = at.split('/').map((part) => escapePointer(unescape(decodeURIComponent(part)))).join('/');
      node = at.split('/').slice(1).reduce<unknown>((parent, part) => (parent as Node | undefined)?.[unescape(part)], document);
    }
  };
  for (const segment of pointer.split('/').slice(1).map(unescape)) {
    follow();
    if (!node || typeof node !== 'object' || !(segment in (node as Node))) return undefined;
    node = (node as Node)[segment];
    at += `/${escapePointer(segment)}`;
  }
  return at;
}

const unescape = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');
/** A JSON pointer as a URI fragment, which is how Ajv reads the part after "#". */
const fragment = (pointer: string) => pointer.split('/').map(encodeURIComponent).join('/');
