import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPIV3 } from 'openapi-types';
import type { JsonSchema } from '../../src/shared/api-model.ts';
import { escapePointer } from '../../src/openapi/locate.ts';
import { type SchemaValidator, schemaValidator } from '../../src/openapi/response-validator.ts';
import type { OperationSamples } from './api-samples.ts';

// A loopback HTTP server that stands in for the real API while samples run: each sample calls
// `http://127.0.0.1:<port>/__sample/<n>` + the operation's path, and the server checks the call
// against operation <n> (method, path, query, authentication as the security scheme is written,
// headers, and the body against its schema). A call that breaks the security scheme is answered
// 401 and any other difference 400, each kept as a problem; a right call is answered with the
// documented status chosen for that sample (`answerWith`, or `GET /__control/<n>/<status>` from a
// harness in another process): its example body, or no body where the spec gives none (a 304).

/** The secrets the samples read from the environment while they run. */
export const sampleEnvironment = {
  ACCESS_TOKEN: 'test-access-token',
  API_KEY: 'test-api-key',
  CLIENT_ID: 'test-client',
  CLIENT_SECRET: 'test-secret',
  CLIENT_ASSERTION: 'test-client-assertion',
  PARTICIPANT_SECRET: 'test-participant-secret',
};

/** One call the server answered: for which sample, with which status, and what was wrong with it. */
export interface AnsweredCall {
  index: number;
  /** The status chosen for the sample when the call came. */
  wanted: number;
  /** The status it was answered with: `wanted`, or 401 or 400 for a wrong call. */
  status: number;
  problems: string[];
}

export interface StandInServer {
  /** Where sample `index` should send its request instead of the API's server. */
  originFor: (index: number) => string;
  /** Problems per sample index. */
  problems: Map<number, string[]>;
  /** The samples that made at least one request. */
  called: Set<number>;
  /** Every call, in order. */
  log: AnsweredCall[];
  /** The documented status the next calls of sample `index` are answered with (the success status until set). */
  answerWith: (index: number, status: number) => void;
  /** Forgets every call and chosen status, for the next batch of runs. */
  reset: () => void;
  close: () => Promise<void>;
}

/** The statuses an operation documents, as numbers ("4XX" as 400; "default" is not one status and is left out). */
export function documentedStatuses(operation: OperationSamples): number[] {
  return Object.keys(operation.entry.operation.responses ?? {}).flatMap((code) => (/^\d{3}$/.test(code) ? [Number(code)] : /^\dXX$/i.test(code) ? [Number(code[0]) * 100] : []));
}

/** The status the API answers a right call with: the first documented 2xx. */
export function successStatus(operation: OperationSamples): number {
  return documentedStatuses(operation).find((status) => status >= 200 && status < 300) ?? 200;
}

export async function startStandInServer(operations: OperationSamples[]): Promise<StandInServer> {
  const problems = new Map<number, string[]>();
  const called = new Set<number>();
  const log: AnsweredCall[] = [];
  const chosen = new Map<number, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const control = /^\/__control\/(\d+)\/(\d{3})$/.exec(request.url ?? '');
      if (control) {
        chosen.set(Number(control[1]), Number(control[2]));
        response.writeHead(204).end();
        return;
      }
      const match = /^\/__sample\/(\d+)(\/.*)?$/.exec((request.url ?? '').split('?')[0]);
      const index = match ? Number(match[1]) : -1;
      const operation = operations[index];
      if (!operation) {
        response.writeHead(404).end();
        return;
      }
      called.add(index);
      const found = checkRequest(operation, request, match![2] ?? '/', new URL(request.url!, 'http://127.0.0.1').searchParams, Buffer.concat(chunks).toString('utf8'));
      if (found.length) {
        problems.set(index, [...(problems.get(index) ?? []), ...found]);
        // Credentials not as the security scheme says are what the API refuses first.
        const status = found.some((problem) => problem.startsWith(authenticationProblem)) ? 401 : 400;
        log.push({ index, wanted: chosen.get(index) ?? successStatus(operation), status, problems: found });
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ problems: found }));
        return;
      }
      const status = chosen.get(index) ?? successStatus(operation);
      log.push({ index, wanted: status, status, problems: [] });
      answer(operation, status, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    originFor: (index) => `http://127.0.0.1:${port}/__sample/${index}`,
    problems,
    called,
    log,
    answerWith: (index, status) => chosen.set(index, status),
    reset: () => {
      log.length = 0;
      chosen.clear();
      problems.clear();
      called.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function checkRequest(operation: OperationSamples, request: http.IncomingMessage, path: string, query: URLSearchParams, body: string): string[] {
  const { entry, spec } = operation;
  const found: string[] = [];
  if (request.method !== entry.method.toUpperCase()) found.push(`method ${request.method}, expected ${entry.method.toUpperCase()}`);
  const pattern = new RegExp(`^${entry.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
  if (!pattern.test(path)) found.push(`path ${path}, expected ${entry.path}`);
  for (const parameter of entry.parameters) {
    if (parameter.in === 'query' && parameter.required && !query.has(parameter.name)) found.push(`required query parameter "${parameter.name}" missing`);
    const value = parameter.in === 'header' ? request.headers[parameter.name.toLowerCase()] : undefined;
    if (parameter.in === 'header' && parameter.required && value === undefined) found.push(`required header "${parameter.name}" missing`);
    const format = (parameter.schema as JsonSchema | undefined)?.format;
    if (typeof value === 'string' && format === 'uuid' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) found.push(`header "${parameter.name}" is "${value}", not a UUID`);
  }
  const expected = expectedAuthorization(spec, entry.operation);
  if (expected && request.headers[expected.header.toLowerCase()] !== expected.value) {
    found.push(`${authenticationProblem}${expected.header} is ${JSON.stringify(request.headers[expected.header.toLowerCase()] ?? null)}, expected ${JSON.stringify(expected.value)}`);
  }
  found.push(...checkBody(operation, request.headers['content-type'], body));
  return found;
}

/** How a problem with the credentials starts, so the call is answered 401. */
const authenticationProblem = 'authentication: ';

/** The header the operation's first security requirement needs, with the test secrets. */
function expectedAuthorization(spec: OperationSamples['spec'], operation: OperationSamples['entry']['operation']): { header: string; value: string } | undefined {
  const schemes = (spec.components?.securitySchemes ?? {}) as Record<string, OpenAPIV3.SecuritySchemeObject>;
  for (const name of Object.keys((operation.security ?? spec.security ?? [])[0] ?? {})) {
    const scheme = schemes[name];
    if (scheme?.type === 'http' && scheme.scheme.toLowerCase() === 'bearer') return { header: 'Authorization', value: `Bearer ${sampleEnvironment.ACCESS_TOKEN}` };
    if (scheme?.type === 'http' && scheme.scheme.toLowerCase() === 'basic') {
      return { header: 'Authorization', value: `Basic ${Buffer.from(`${sampleEnvironment.CLIENT_ID}:${sampleEnvironment.CLIENT_SECRET}`).toString('base64')}` };
    }
    if (scheme?.type === 'apiKey' && scheme.in === 'header') return { header: scheme.name, value: sampleEnvironment.API_KEY };
  }
  return undefined;
}

function checkBody(operation: OperationSamples, contentType: string | undefined, body: string): string[] {
  const requestBody = operation.entry.operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
  const [mediaType, media] = Object.entries(requestBody?.content ?? {}).find(([type]) => type.includes('json')) ?? Object.entries(requestBody?.content ?? {})[0] ?? [];
  if (!mediaType) return body ? [`a body was sent to an operation that takes none`] : [];
  if (!body) return requestBody?.required ? ['the required request body is missing'] : [];
  if (!contentType?.startsWith(mediaType)) return [`Content-Type ${JSON.stringify(contentType ?? null)}, expected ${mediaType}`];
  const schema = media?.schema as JsonSchema | undefined;
  if (mediaType === 'multipart/form-data') return checkMultipart(schema, contentType, body);
  if (isFileSchema(schema)) {
    // A whole-file body: the file's bytes, not its name (the name is in the example as curl writes it, "@cover.png").
    const name = typeof media?.example === 'string' && media.example.startsWith('@') ? media.example.slice(1) : 'file';
    return body === uploadFileContent(name) ? [] : [`the body is ${JSON.stringify(body.slice(0, 60))}, not the bytes of the file "${name}"`];
  }
  let value: unknown;
  try {
    value = mediaType.includes('json') ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
  } catch {
    return [`the body is not valid JSON: ${body.slice(0, 80)}`];
  }
  const parts = [schema, ...(schema?.allOf ?? [])].filter((part): part is JsonSchema => !!part);
  const fields = value && typeof value === 'object' ? Object.keys(value) : [];
  const found: string[] = [];
  for (const name of parts.flatMap((part) => part.required ?? [])) if (!fields.includes(name)) found.push(`required body field "${name}" missing`);
  for (const part of parts) {
    for (const [name, property] of Object.entries(part.properties ?? {})) if (property.readOnly && fields.includes(name)) found.push(`read-only field "${name}" sent in the body`);
  }
  // A JSON body is the schema's in full (types, formats, enums), validated as the build validates examples.
  if (mediaType.includes('json') && schema) {
    const verdict = validatorOf(operation.bundled).validate(`${operationPointer(operation)}/requestBody/content/${escapePointer(mediaType)}/schema`, value);
    if (!verdict.valid) found.push('mismatch' in verdict ? `the body does not fit its schema at "${verdict.mismatch.instancePath || '/'}": ${verdict.mismatch.message}` : `the body's schema cannot be used: ${verdict.unusable}`);
  }
  return found;
}

const validators = new WeakMap<object, SchemaValidator>();
/** One validator per published description. */
function validatorOf(bundled: object): SchemaValidator {
  let validator = validators.get(bundled);
  if (!validator) validators.set(bundled, (validator = schemaValidator(bundled)));
  return validator;
}

const operationPointer = ({ entry }: OperationSamples) => `/${entry.webhook ? 'webhooks' : 'paths'}/${escapePointer(entry.path)}/${entry.method}`;

/** What the test writes into each file a sample uploads, so the server can tell the file's bytes arrived. */
export const uploadFileContent = (name: string) => `the bytes of ${name}\n`;

const isFileSchema = (schema: JsonSchema | undefined) => schema?.format === 'binary' || typeof schema?.contentMediaType === 'string';

/** A multipart form: each required field present, and each file field a file part (a filename, the file's bytes). */
function checkMultipart(schema: JsonSchema | undefined, contentType: string, body: string): string[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) return [`Content-Type ${JSON.stringify(contentType)} names no boundary`];
  const parts = new Map<string, { filename?: string; content: string }>();
  for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
    const [head, ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name !== undefined) parts.set(name, { filename: /filename="([^"]*)"/.exec(head)?.[1], content: rest.join('\r\n\r\n').replace(/\r\n$/, '') });
  }
  const found: string[] = [];
  for (const name of schema?.required ?? []) {
    const part = parts.get(name);
    if (!part) found.push(`required form field "${name}" missing`);
    else if (isFileSchema(schema?.properties?.[name]) && (part.filename === undefined || part.content !== uploadFileContent(part.filename))) {
      found.push(`form field "${name}" is not a file part with the file's bytes (filename ${JSON.stringify(part.filename ?? null)}, content ${JSON.stringify(part.content.slice(0, 40))})`);
    }
  }
  return found;
}

/**
 * The API's answer with `status`: the body the operation's page shows for it (an example that fits
 * the schema), plain text for a text answer, and no body where the spec documents none (a 304).
 */
function answer(operation: OperationSamples, status: number, response: http.ServerResponse): void {
  const documented = (operation.entry.operation.responses ?? {}) as Record<string, OpenAPIV3.ResponseObject>;
  const described = documented[String(status)] ?? documented[`${String(status)[0]}XX`];
  const [contentType] = Object.keys(described?.content ?? {});
  const example = operation.responseExamples.find((candidate) => Number(candidate.status) === status || candidate.status === `${String(status)[0]}XX`);
  if (status === 304 || status === 204 || !contentType) response.writeHead(status).end();
  else if (example) response.writeHead(status, { 'Content-Type': contentType }).end(example.code);
  // A JSON answer the page shows no example for has no schema to build one from: any object fits.
  else if (/json/i.test(contentType)) response.writeHead(status, { 'Content-Type': contentType }).end('{}');
  else response.writeHead(status, { 'Content-Type': contentType }).end('ok');
}
