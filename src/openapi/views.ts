import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { type Direction, exampleOf } from './example.ts';
import type { OpenApiDocument } from './load-spec.ts';
import type { CallbackView, JsonSchema, LinkView, OperationView, OverviewView, ParameterView, ResponseView, SecurityView } from '../shared/api-model.ts';
import { apiSampleLabel, type SampleChecks } from '../markdown/sample-checks.ts';
import type { SampleCheckLabel } from '../shared/sample-check.ts';
import { specCodeSamples } from './code-samples.ts';
import { bodilessStatuses, requestSamples, type ResponseKind, sampleBaseUrl, type SampleRequest } from './samples.ts';
import { uploadOf } from './upload-samples.ts';
import { clientSamples } from './client-samples.ts';
import type { ClientSamplePackage } from '../config/schema.ts';
import { exampleCode, responseExamples } from './response-examples.ts';
import type { ResponseExampleCheck } from './response-example-check.ts';
import { type EnrichmentGuard, unguarded } from './enrichment.ts';
import { escapePointer } from './locate.ts';
import { operationPointer as pointerOf } from './operation-locations.ts';
import { type AllValuesPlace, fieldConstraints, type MarkdownToHtml, namedSchemas, type SchemaContext, schemaContext, schemaRows, typeLabel, under } from './schema-rows.ts';
import { callbackId, operationIds, overviewIds, responseId } from '../shared/api-ids.ts';

type Operation = OpenAPIV3.OperationObject | OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3.ParameterObject;
type SecurityScheme = OpenAPIV3.SecuritySchemeObject;

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationEntry {
  method: string;
  /** The path, or for a webhook its name. */
  path: string;
  /** Set for a 3.1 webhook: a request the API sends to the reader's server. */
  webhook?: boolean;
  operation: Operation;
  /** Parameters of the path item and the operation, the operation's winning. */
  parameters: Parameter[];
}

/** The operations of the paths, then the webhooks (3.1), in the order the spec lists them. */
export function listOperations(spec: OpenApiDocument): OperationEntry[] {
  const webhooks = (spec as OpenAPIV3_1.Document).webhooks ?? {};
  return [...operationsOf(spec.paths ?? {}, false), ...operationsOf(webhooks, true)];
}

/** The operations of a map of path items (paths, webhooks or one callback). */
export function operationsOf(items: Record<string, unknown>, webhook: boolean): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, value] of Object.entries(items)) {
    const item = value as OpenAPIV3.PathItemObject | undefined;
    if (!item || typeof item !== 'object') continue;
    for (const method of httpMethods) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const byKey = new Map<string, Parameter>();
      for (const parameter of [...((item.parameters ?? []) as Parameter[]), ...((operation.parameters ?? []) as Parameter[])]) {
        byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      entries.push({ method, path, operation, parameters: [...byKey.values()], ...(webhook ? { webhook } : {}) });
    }
  }
  return entries;
}

/** An operation's title, whatever the spec leaves empty: its summary, else its operationId, else method and path. */
export function operationTitle(entry: OperationEntry): string {
  return entry.operation.summary?.trim() || entry.operation.operationId?.trim() || `${entry.method.toUpperCase()} ${entry.path}`;
}

/** A scheme description long enough to be an essay (its own headings, or several paragraphs). */
export const isLongText = (text: string) => /^#{1,6}\s/m.test(text) || text.length > 600;

/**
 * The security schemes an operation needs (or, without requirements, all of them, for the
 * overview). `overviewHref` set: a long description is left to the overview and linked there.
 */
export function securityViews(spec: OpenApiDocument, requirements: OpenAPIV3.SecurityRequirementObject[] | undefined, md: MarkdownToHtml, holderLevel: number, overviewHref?: string): SecurityView[] {
  const schemes = (spec.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
  const names = requirements ? requirements.flatMap((requirement) => Object.keys(requirement)) : Object.keys(schemes);
  return [...new Set(names)].map((name) => {
    const scheme = schemes[name];
    const description = scheme?.description;
    if (description && overviewHref && isLongText(description)) return { name, summary: describeScheme(scheme), detailsHref: overviewHref };
    return { name, summary: describeScheme(scheme), descriptionHtml: description ? md(description, holderLevel) : undefined };
  });
}

function describeScheme(scheme: SecurityScheme | undefined): string {
  if (!scheme) return 'unknown scheme';
  if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic') return 'HTTP Basic: Authorization: Basic base64(client ID:client secret)';
  if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'bearer') return `HTTP Bearer: Authorization: Bearer <token>${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}`;
  if (scheme.type === 'apiKey') return `API key in the ${scheme.in} "${scheme.name}"`;
  if (scheme.type === 'oauth2') return `OAuth 2.0 (${Object.keys(scheme.flows).join(', ')})`;
  if (scheme.type === 'openIdConnect') return 'OpenID Connect';
  return scheme.type;
}

function parameterView(parameter: Parameter, md: MarkdownToHtml, schemas: Pick<SchemaContext, 'names' | 'allValues'>): ParameterView {
  const schema = parameter.schema as JsonSchema | undefined;
  const { names } = schemas;
  const { constraints, allValues } = fieldConstraints(schema, schema ? [schema] : [], schemas);
  return {
    name: parameter.name,
    in: parameter.in as ParameterView['in'],
    required: parameter.required === true,
    type: schema ? typeLabel(schema, names) : 'any',
    descriptionHtml: parameter.description ? md(parameter.description, 3) : undefined,
    constraints: [...constraints, ...(parameter.example !== undefined ? [`example ${JSON.stringify(parameter.example)}`] : [])],
    ...(allValues ? { allValues } : {}),
    deprecated: parameter.deprecated === true,
  };
}

function mediaExamples(media: OpenAPIV3.MediaTypeObject | undefined, direction: Direction): { label: string; value: unknown }[] {
  if (!media) return [];
  if (media.examples && Object.keys(media.examples).length) {
    return Object.entries(media.examples).map(([name, example]) => ({ label: (example as OpenAPIV3.ExampleObject).summary ?? name, value: (example as OpenAPIV3.ExampleObject).value }));
  }
  if (media.example !== undefined) return [{ label: 'Example', value: media.example }];
  const synthesized = exampleOf(media.schema as JsonSchema | undefined, direction);
  return synthesized === null || synthesized === undefined ? [] : [{ label: 'Example (from the schema)', value: synthesized }];
}

/** The media types a body also comes in, besides the one whose schema the page shows. */
function otherContentTypes(content: Record<string, unknown> | undefined, shown: string | undefined): string[] | undefined {
  const others = Object.keys(content ?? {}).filter((type) => type !== shown);
  return others.length ? others : undefined;
}

/**
 * The type of an array body ("array of Pet"): its rows are the fields of one item, so without
 * this a list would read as a single object. Other bodies' rows (or their absence) say enough.
 */
function bodyType(media: OpenAPIV3.MediaTypeObject | undefined, names: Map<object, string>): string | undefined {
  const label = media?.schema ? typeLabel(media.schema as JsonSchema, names) : undefined;
  return label?.startsWith('array of ') ? label : undefined;
}

function firstContent(content: Record<string, OpenAPIV3.MediaTypeObject> | undefined): [string, OpenAPIV3.MediaTypeObject] | undefined {
  const entries = Object.entries(content ?? {});
  return entries.find(([type]) => type.includes('json')) ?? entries[0];
}

/** What the first success response carries, so a sample neither parses an empty body nor HTML as JSON. */
export function successResponseKind(operation: Operation): ResponseKind {
  const [, success] = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status)) ?? [];
  const content = firstContent((success as OpenAPIV3.ResponseObject | undefined)?.content);
  if (!success) return 'json';
  if (!content) return 'none';
  return content[0].includes('json') ? 'json' : 'text';
}

/** How a page shows shared schemas: the spec's named schemas and the page of each (see SchemaContext). */
export interface SchemaPages {
  names: Map<object, string>;
  schemaPage: (name: string) => string;
  /** Where the overview describes the security schemes in full. */
  overviewSecurityHref?: string;
  /**
   * The API's error model, shown in full on the overview: a response carrying it links there
   * rather than repeating it on every page (Stripe's is about 50 KB of HTML per operation).
   */
  errorModel?: { schema: object; name: string; href: string };
  /** Where a long enum's full list is: operation pages and the overview show its first values and link there. */
  allValues?: AllValuesPlace;
}

/** The schema the overview shows as the API's error model: one named "error", else the first with "error" in its name. */
export function errorModelName(spec: OpenApiDocument): string | undefined {
  const names = Object.keys(spec.components?.schemas ?? {});
  return names.find((name) => /^error$/i.test(name)) ?? names.find((name) => /error/i.test(name));
}

/** Rows an operation page shows before named schemas it has not shown yet link to their own pages. */
export const schemaRowBudget = 250;

/** Everything an operation page shows, with Markdown already rendered (and sanitised) to HTML. */
export function operationView(
  spec: OpenApiDocument,
  entry: OperationEntry,
  md: MarkdownToHtml,
  highlight: (code: string, language: string, check?: SampleCheckLabel) => string,
  { clientSample, schemaPages, sampleChecks, checkResponseExample, guard = unguarded }: { clientSample?: ClientSamplePackage; schemaPages?: SchemaPages; sampleChecks?: SampleChecks; checkResponseExample?: ResponseExampleCheck; guard?: EnrichmentGuard } = {},
): OperationView {
  const { operation, method, path } = entry;
  const operationPointer = pointerOf(entry);
  const schemas = schemaContext(schemaPages?.names ?? namedSchemas(spec.components?.schemas), schemaRowBudget, schemaPages?.schemaPage, schemaPages?.allValues);
  // A webhook goes to the reader's own server, not to the API's.
  const servers = entry.webhook ? [] : (operation.servers ?? spec.servers ?? []).map((server) => server.url);
  // In page order, so where two texts share a heading the first one shown keeps its plain id.
  const descriptionHtml = operation.description ? md(operation.description, 1) : undefined;
  const security = securityViews(spec, operation.security ?? spec.security, md, 3, schemaPages?.overviewSecurityHref);
  const parameters = entry.parameters.map((parameter) => parameterView(parameter, md, schemas));
  const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  const bodyContent = firstContent(body?.content);
  const bodyExample = bodyContent ? mediaExamples(bodyContent[1], 'request')[0]?.value : undefined;
  // An example that cannot be written out (one whose $ref leads back into itself) is left out, said where.
  const bodyExampleCode = bodyExample === undefined ? undefined : guard('request body example', `${operationPointer}/requestBody`, undefined, () => exampleCode(bodyExample, bodyContent?.[0]));

  // In page order, so a schema's first full rendering is the one readers meet first.
  const bodyRows = bodyContent ? schemaRows(bodyContent[1].schema as JsonSchema | undefined, under(md, 3), schemas, operationIds.body) : [];
  const responses: ResponseView[] = Object.entries(operation.responses ?? {}).map(([status, value]) => {
    const response = value as OpenAPIV3.ResponseObject;
    const content = firstContent(response.content);
    const errorModel = schemaPages?.errorModel;
    // A response carrying the error model links to it on the overview instead of repeating its rows.
    const shared = errorModel && content?.[1].schema === errorModel.schema ? errorModel : undefined;
    return {
      status,
      descriptionHtml: response.description ? md(response.description, 3) : undefined,
      contentType: content?.[0],
      otherContentTypes: otherContentTypes(response.content, content?.[0]),
      schemaType: bodyType(content?.[1], schemas.names),
      rows: shared
        ? [{ type: typeLabel(content![1].schema as JsonSchema, schemas.names), required: false, constraints: [], children: [], ref: { label: shared.name, href: shared.href, kind: 'overview' } }]
        : schemaRows(content?.[1].schema as JsonSchema | undefined, under(md, 3), schemas, responseId(status)),
      // The error model's rows are on the overview; its example (bounded) is here, beside the status.
      examples: guard(`examples of the ${status} response`, `${operationPointer}/responses/${escapePointer(status)}`, [], () => responseExamples(content?.[0], content?.[1], highlight, checkResponseExample && content && { status, mediaPointer: `${operationPointer}/responses/${escapePointer(status)}/content/${escapePointer(content[0])}`, check: checkResponseExample }, { status, description: response.description })),
      headers: Object.entries(response.headers ?? {}).map(([name, header]) => parameterView({ ...(header as OpenAPIV3.HeaderObject), name, in: 'header' } as Parameter, md, schemas)),
      links: Object.entries(response.links ?? {}).map(([name, value]) => linkView(name, value as OpenAPIV3.LinkObject, md)),
    };
  });

  // Generated samples are an extra: one httpsnippet cannot write is left out, and the build says so.
  const generated = guard('request samples', operationPointer, [], () =>
    requestSamples(
      entry.webhook
        ? sampleRequest(spec, { ...entry, path: `/${encodeURIComponent(entry.path)}` }, 'https://your-server.example', bodyContent, bodyExample)
        : sampleRequest(spec, entry, sampleBaseUrl((operation.servers ?? spec.servers)?.[0]), bodyContent, bodyExample),
    ),
  );
  // The spec's own samples (x-codeSamples) come first: the API's authors wrote them.
  // The configured client's tab (the spec's `clientSample`), on operations it has a method for.
  const clientCode = clientSample ? guard('TypeScript client sample', operationPointer, undefined, () => clientSamples[clientSample](entry, servers[0] ?? '', exampleValues(entry, bodyExample))) : undefined;
  const samples = [
    ...specCodeSamples(operation).map((sample) => ({ ...sample, fromSpec: true })),
    ...generated.map(({ language, code }) => ({ label: language.label, value: language.value, language: language.highlight, code, fromSpec: false })),
    ...(clientCode ? [{ label: `TypeScript (${clientSample})`, value: 'typescript', language: 'ts', code: clientCode, fromSpec: false }] : []),
  ].map(({ fromSpec, ...sample }) => {
    // Each tab's label comes from the check that really runs on that tab (content/sample-checks.json).
    const check = sampleChecks && apiSampleLabel(sampleChecks, sample.value, { fromSpec, code: sample.code });
    return { ...sample, check, html: highlight(sample.code, sample.language, check) };
  });

  return {
    method: method.toUpperCase(),
    path,
    summary: operationTitle(entry),
    webhook: entry.webhook === true,
    callbacks: callbackViews(operation, md, schemas),
    operationId: operation.operationId ?? '',
    descriptionHtml,
    deprecated: operation.deprecated === true,
    servers,
    security,
    parameters,
    requestBody: bodyContent
      ? {
          required: body?.required === true,
          contentType: bodyContent[0],
          otherContentTypes: otherContentTypes(body?.content, bodyContent[0]),
          schemaType: bodyType(bodyContent[1], schemas.names),
          descriptionHtml: body?.description ? md(body.description, 3) : undefined,
          rows: bodyRows,
          exampleHtml: bodyExampleCode && highlight(bodyExampleCode.code, bodyExampleCode.language),
        }
      : undefined,
    responses,
    samples,
  };
}

/** Path parameter values and the body's text fields, by name, for samples that call a client library. */
function exampleValues(entry: OperationEntry, body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (body && typeof body === 'object') for (const [name, value] of Object.entries(body)) if (typeof value === 'string') values[name] = value;
  for (const parameter of entry.parameters) if (parameter.in === 'path') values[parameter.name] = valueOf(parameter);
  return values;
}

/** The request a sample makes: example path values, required query and header parameters, auth, body. */
function valueOf(parameter: Parameter): string {
  const example = parameter.example ?? exampleOf(parameter.schema as JsonSchema | undefined);
  return example === null || example === undefined ? parameter.name : String(example);
}

function sampleRequest(spec: OpenApiDocument, entry: OperationEntry, base: string, content: [string, OpenAPIV3.MediaTypeObject] | undefined, body: unknown): SampleRequest {
  const contentType = content?.[0];
  let path = entry.path;
  const query: string[] = [];
  const headers: [string, string][] = [];
  for (const parameter of entry.parameters) {
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(valueOf(parameter)));
    else if (parameter.in === 'query' && parameter.required) query.push(`${parameter.name}=${encodeURIComponent(valueOf(parameter))}`);
    else if (parameter.in === 'header' && /tracking/i.test(parameter.name)) headers.push([parameter.name, '$UUID']);
    else if (parameter.in === 'header' && parameter.required) headers.push([parameter.name, valueOf(parameter)]);
  }
  const schemes = (spec.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
  const requirement = (entry.operation.security ?? spec.security ?? [])[0];
  let basicAuth: SampleRequest['basicAuth'];
  for (const name of Object.keys(requirement ?? {})) {
    const scheme = schemes[name];
    if (scheme?.type === 'http' && scheme.scheme.toLowerCase() === 'bearer') headers.unshift(['Authorization', 'Bearer $ACCESS_TOKEN']);
    if (scheme?.type === 'http' && scheme.scheme.toLowerCase() === 'basic') basicAuth = { user: 'CLIENT_ID', password: 'CLIENT_SECRET' };
    if (scheme?.type === 'apiKey' && scheme.in === 'header') headers.unshift([scheme.name, '$API_KEY']);
  }
  return {
    method: entry.method,
    url: `${base}${path}${query.length ? `?${query.join('&')}` : ''}`,
    headers,
    basicAuth,
    body: contentType && body !== undefined ? { contentType, value: body } : undefined,
    upload: contentType && body !== undefined ? uploadOf(contentType, content?.[1] as Parameters<typeof uploadOf>[1], body) : undefined,
    response: successResponseKind(entry.operation),
    bodiless: bodilessStatuses(entry.operation),
  };
}

export function overviewView(spec: OpenApiDocument, md: MarkdownToHtml, hrefOf: (entry: OperationEntry) => string, guideHtml: string | undefined, schemaPages?: SchemaPages): OverviewView {
  const schemas = (spec.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const errorName = errorModelName(spec);
  return {
    title: spec.info.title,
    version: spec.info.version,
    descriptionHtml: spec.info.description ? md(spec.info.description, 1) : undefined,
    guideHtml,
    servers: (spec.servers ?? []).map((server) => ({ url: server.url, descriptionHtml: server.description ? md(server.description, 2) : undefined })),
    security: securityViews(spec, undefined, md, 2),
    operations: listOperations(spec).map((entry) => ({
      method: entry.method.toUpperCase(),
      path: entry.path,
      summary: operationTitle(entry),
      href: hrefOf(entry),
      tag: entry.operation.tags?.[0],
      webhook: entry.webhook === true,
    })),
    errorModel: errorName
      ? { name: errorName, rows: schemaRows(schemas[errorName], under(md, 2), schemaContext(schemaPages?.names ?? namedSchemas(schemas), schemaRowBudget, schemaPages?.schemaPage, schemaPages?.allValues), overviewIds.errors) }
      : undefined,
  };
}

/** A response link: which operation the response leads to, and how its values fill that call. */
function linkView(name: string, link: OpenAPIV3.LinkObject, md: MarkdownToHtml): LinkView {
  return {
    name,
    operationId: link.operationId,
    operationRef: link.operationRef,
    descriptionHtml: link.description ? md(link.description, 3) : undefined,
    parameters: Object.entries(link.parameters ?? {}).map(([parameter, expression]) => ({ name: parameter, expression: typeof expression === 'string' ? expression : JSON.stringify(expression) })),
    requestBody: link.requestBody === undefined ? undefined : typeof link.requestBody === 'string' ? link.requestBody : JSON.stringify(link.requestBody),
  };
}

/** Callbacks: the requests the API makes to a URL the caller gave, shown on the operation that sets them up. */
function callbackViews(operation: Operation, md: MarkdownToHtml, schemas: SchemaContext): CallbackView[] {
  return Object.entries(operation.callbacks ?? {}).flatMap(([name, value]) =>
    operationsOf(value as Record<string, unknown>, false).map((entry, index) => {
      const body = entry.operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      const content = firstContent(body?.content);
      return {
        name,
        method: entry.method.toUpperCase(),
        expression: entry.path,
        summary: entry.operation.summary?.trim() || undefined,
        descriptionHtml: entry.operation.description ? md(entry.operation.description, 3) : undefined,
        requestBody: content
          ? {
              contentType: content[0],
              descriptionHtml: body?.description ? md(body.description, 3) : undefined,
              rows: schemaRows(content[1].schema as JsonSchema | undefined, under(md, 3), schemas, callbackId({ name, method: entry.method }, index)),
            }
          : undefined,
        responses: Object.entries(entry.operation.responses ?? {}).map(([status, response]) => ({
          status,
          descriptionHtml: (response as OpenAPIV3.ResponseObject).description ? md((response as OpenAPIV3.ResponseObject).description, 3) : undefined,
        })),
      };
    }),
  );
}
