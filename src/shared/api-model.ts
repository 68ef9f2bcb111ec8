// The OpenAPI pages' models, in plain JSON: the source builds them, the API kinds draw and write
// them (templates/reference and the twins). Page data, so it sits below both.

import type { SampleCheckLabel } from './sample-check.ts';

/** A dereferenced JSON Schema, as much of it as the views read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[] | Record<string, unknown>;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  [key: string]: unknown;
}

/** One row of a schema view: a property (or the root) with its nested rows. */
export interface SchemaRow {
  name?: string;
  type: string;
  required: boolean;
  descriptionHtml?: string;
  constraints: string[];
  /** Set when the row's enum is cut (see `constraints`): where all its values are listed. */
  allValues?: AllValues;
  /** The anchor of this row's full rendering, which later repeats link to. */
  id?: string;
  /**
   * Set instead of children when the schema was shown already: one of its own parents
   * (recursive), earlier on the page (above), or, once the page is long, on its own page.
   */
  ref?: { label: string; href: string; kind: 'recursive' | 'above' | 'page' | 'overview' };
  children: SchemaRow[];
  /** oneOf / anyOf alternatives, each a labelled list of rows. */
  variants?: { kind: 'oneOf' | 'anyOf'; options: { label: string; id?: string; rows: SchemaRow[] }[] };
}

/**
 * Where the whole of a long enum is listed, when a page shows only its first values and a count:
 * the page of the named schema that holds it, or the downloadable description (a file).
 */
export interface AllValues {
  count: number;
  href: string;
  label: string;
  kind: 'page' | 'file';
}

export interface ParameterView {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  type: string;
  descriptionHtml?: string;
  constraints: string[];
  allValues?: AllValues;
  deprecated: boolean;
}

export interface ResponseView {
  status: string;
  descriptionHtml?: string;
  contentType?: string;
  /** The other media types the body comes in (the rows are those of `contentType`'s schema). */
  otherContentTypes?: string[];
  /** Set for an array body ("array of Pet"): the rows are the fields of one item. */
  schemaType?: string;
  rows: SchemaRow[];
  /** `code` is the example as sent (JSON, or the text of a text body); `html` is it highlighted. */
  examples: ResponseExampleView[];
  headers: ParameterView[];
  links: LinkView[];
}

/** One example body of a response. */
export interface ResponseExampleView {
  label: string;
  /** The example as sent: JSON, or the text of a text body. */
  code: string;
  /** `code` highlighted, with its check line when it has one. */
  html: string;
  /** Set on a JSON example the build validated against the response's schema (content/sample-checks.json gives the words); the twin writes the same line. */
  check?: SampleCheckLabel;
}

/** A response link (OpenAPI `links`): the operation a response leads to, with values from it. */
export interface LinkView {
  name: string;
  operationId?: string;
  operationRef?: string;
  /** Set by the page builder when the target is an operation of this spec. */
  href?: string;
  descriptionHtml?: string;
  parameters: { name: string; expression: string }[];
  requestBody?: string;
}

/** One request of a callback: what the API sends to the URL the caller gave. */
export interface CallbackView {
  name: string;
  method: string;
  /** The runtime expression of the URL, e.g. "{$request.query.callbackUrl}/data". */
  expression: string;
  summary?: string;
  descriptionHtml?: string;
  requestBody?: { contentType: string; descriptionHtml?: string; rows: SchemaRow[] };
  responses: { status: string; descriptionHtml?: string }[];
}

export interface SampleView {
  label: string;
  /** The reader's language choice this tab answers to (tab group "code-language"), if any. */
  value?: string;
  language: string;
  code: string;
  html: string;
  /** What the test suite checked this sample with, or that nothing did (content/sample-checks.json); the twin writes the same line. */
  check?: SampleCheckLabel;
}

export interface SecurityView {
  name: string;
  summary: string;
  descriptionHtml?: string;
  /** A long description (an essay with headings) is shown once, on the overview: its link there. */
  detailsHref?: string;
}

export interface OperationView {
  method: string;
  path: string;
  summary: string;
  operationId: string;
  /** A 3.1 webhook: a request the API sends, not one the reader makes. */
  webhook: boolean;
  callbacks: CallbackView[];
  descriptionHtml?: string;
  deprecated: boolean;
  servers: string[];
  security: SecurityView[];
  parameters: ParameterView[];
  requestBody?: { required: boolean; contentType: string; otherContentTypes?: string[]; schemaType?: string; descriptionHtml?: string; rows: SchemaRow[]; exampleHtml?: string };
  responses: ResponseView[];
  samples: SampleView[];
}

export interface OverviewView {
  title: string;
  version: string;
  descriptionHtml?: string;
  guideHtml?: string;
  servers: { url: string; descriptionHtml?: string }[];
  security: SecurityView[];
  operations: { method: string; path: string; summary: string; href: string; tag?: string; webhook: boolean }[];
  errorModel?: { name: string; rows: SchemaRow[] };
  /** The description the pages were built from, as one file to download. */
  download?: { yaml: string; json: string };
}

/**
 * What a schema shown elsewhere says around its link (the page and its Markdown twin alike):
 * the text before the schema's name and after it.
 */
/** The sentence before a cut enum's link to its full list (the page and the twin say the same). */
export const allValuesWords = (allValues: AllValues) => `All ${allValues.count.toLocaleString('en-US')} values: `;

export function schemaReferenceWords(kind: NonNullable<SchemaRow['ref']>['kind']): [before: string, after: string] {
  if (kind === 'recursive') return ['Recursive: the same shape as ', '.'];
  if (kind === 'above') return ['The same shape as ', ', shown above.'];
  if (kind === 'overview') return ["The API's error model: the fields of ", ' are described once, on the overview.'];
  return ['Fields of ', ' are on its own page.'];
}
