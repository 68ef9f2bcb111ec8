import { bundle, type ParserOptions } from '@readme/openapi-parser';
import type { OpenApiDocument } from './load-spec.ts';
import { httpMethods } from './views.ts';
import { safeDecode } from '../util/safe-decode.ts';

// The validator dereferences with `circular: "ignore"`, which leaves as a `$ref` not only the
// $ref that closes a cycle but every $ref whose target holds one. An operation in a file of its
// own (`post: { $ref: resources/beds/create.yml }`) with a recursive schema somewhere below it
// was then checked as `{ $ref }`: "must have required property 'responses'", although the file
// has them. So the validator is given one document: the files bundled in (each operation inline
// where its path item names it), and an operation or path item still behind a "#/…" $ref (one
// file named twice) replaced by a copy of what it points at.

/** The description as one document for the validator: no external $ref, no operation behind a $ref. */
export async function validationInput(input: string | OpenApiDocument, resolvers: ParserOptions): Promise<OpenApiDocument> {
  const document = (await bundle(typeof input === 'string' ? input : structuredClone(input), resolvers)) as OpenApiDocument;
  const root = document as unknown as Record<string, unknown>;
  for (const collection of ['paths', 'webhooks']) {
    const items = root[collection];
    if (!items || typeof items !== 'object') continue;
    const record = items as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = (record[key] = inlined(root, record[key]));
      if (!item || typeof item !== 'object') continue;
      const operations = item as Record<string, unknown>;
      for (const method of httpMethods) if (method in operations) operations[method] = inlined(root, operations[method]);
    }
  }
  return document;
}

/** A `{ $ref: "#/…" }` replaced by a copy of its target (through $refs to $refs); anything else as it is. */
function inlined(root: Record<string, unknown>, value: unknown): unknown {
  const seen = new Set<string>();
  let current = value;
  while (isLocalRef(current) && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    const target = atPointer(root, current.$ref.slice(1));
    if (target === undefined) return current;
    current = target;
  }
  return current === value ? value : structuredClone(current);
}

const isLocalRef = (value: unknown): value is { $ref: string } =>
  !!value && typeof value === 'object' && typeof (value as { $ref?: unknown }).$ref === 'string' && (value as { $ref: string }).$ref.startsWith('#/');

/** The value at a JSON pointer (as written in a $ref fragment: URI-encoded, "~1" for "/"). */
function atPointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const part = safeDecode(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
