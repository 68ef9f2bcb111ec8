// What an API operation page tells a reader about the call, read back three ways: from the page's
// HTML, from its Markdown twin, and straight from the dereferenced spec. The spec reading is
// written here, apart from the generator's views, so a fault in those views cannot hide itself.
import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { enumLimit, enumShown } from '../../src/openapi/schema-rows.ts';

/** What one operation says: method and path, parameters, request body, responses. */
export interface Shown {
  endpoint: string;
  /** "query:limit" -> "required integer (int32)". */
  parameters: Map<string, string>;
  requestBody?: Body;
  /** Status -> its body (undefined: the response has no content). */
  responses: Map<string, Body | undefined>;
}

export interface Body {
  /** Every media type, sorted. */
  media: string[];
  /** The array type an array body is said to be ("array of Pet"). */
  type?: string;
  /** The top-level rows: "name: type, required", "(one of) A / B", or "(link) Error". */
  rows: string[];
}

// ---------------------------------------------------------------- the spec

type Schema = Record<string, unknown> & { allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[]; items?: Schema; properties?: Record<string, Schema> };

const saysNothing = (schema: Schema) => Object.keys(schema).every((key) => key === 'description' || key === 'title');
const typesOf = (type: unknown): string[] | undefined => (type === undefined ? undefined : Array.isArray(type) ? (type as string[]) : [type as string]);

/** A schema and its allOf members (theirs too), read as one: what a value of it must be. */
interface Flat {
  types?: string[];
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  items: Schema[];
  properties: Map<string, Schema[]>;
  hasProperties: boolean;
  required: Set<string>;
}

function flat(schema: Schema): Flat {
  const result: Flat = { items: [], properties: new Map(), hasProperties: false, required: new Set() };
  const seen = new Set<Schema>();
  const visit = (member: Schema) => {
    if (seen.has(member)) return;
    seen.add(member);
    const types = typesOf(member.type);
    if (types) {
      // A value of every member: the types they share (an integer is a number), else the first's.
      const shared = result.types?.filter((type) => types.includes(type) || (type === 'integer' && types.includes('number')));
      result.types = !result.types ? types : shared!.length ? shared : result.types;
    }
    result.format ??= member.format as string | undefined;
    result.nullable ??= member.nullable as boolean | undefined;
    result.enum ??= member.enum as unknown[] | undefined;
    result.oneOf ??= member.oneOf;
    result.anyOf ??= member.anyOf;
    if (member.items) result.items.push(member.items);
    if (member.properties) {
      result.hasProperties = true;
      for (const [name, property] of Object.entries(member.properties)) result.properties.set(name, [...(result.properties.get(name) ?? []), property]);
    }
    for (const name of (member.required as string[] | undefined) ?? []) result.required.add(name);
    for (const part of member.allOf ?? []) visit(part);
  };
  visit(schema);
  return result;
}

/** Several schemas a value must all satisfy (one property or items in several allOf members), as one. */
function together(schemas: Schema[]): Schema {
  const telling = [...new Set(schemas.filter((schema) => !saysNothing(schema)))];
  if (telling.length === 0) return schemas[0];
  return telling.length === 1 ? telling[0] : { allOf: telling };
}

/** The type a reader should see for a schema: "string (uuid)", "array of Organisation", "Cat | Dog". */
export function expectedType(schema: Schema | undefined, names: Map<object, string>): string {
  if (!schema) return 'any';
  const f = flat(schema);
  const types = (f.types ?? []).filter((type) => type !== 'null');
  let label: string;
  if (types.includes('array') || (!types.length && f.items.length)) label = `array of ${partName(together(f.items), names)}`;
  else if (types.length) label = types.join(' | ');
  else if (f.oneOf || f.anyOf) label = [...new Set((f.oneOf ?? f.anyOf)!.map((option) => partName(option, names)))].join(' | ') || 'any';
  else if (f.hasProperties || schema.allOf) label = 'object';
  else if (f.enum) label = typeof f.enum[0];
  else label = 'any';
  if (f.format) label += ` (${f.format})`;
  return f.nullable === true || (f.types ?? []).includes('null') ? `${label} | null` : label;
}

/** An array's items or an alternative: by its schema's name where it has one. */
function partName(schema: Schema, names: Map<object, string>): string {
  const name = names.get(schema) ?? (schema.allOf?.length === 1 && !schema.properties ? names.get(schema.allOf[0]) : undefined);
  if (!name) return expectedType(schema, names);
  return schema.nullable === true || typesOf(schema.type)?.includes('null') ? `${name} | null` : name;
}

/**
 * What a field with a long enum adds to its row: a page shows the first values, how many more,
 * and links the full list (see enumLimit); a short enum is shown whole and adds nothing here.
 */
function cutEnum(values: unknown[] | undefined): string {
  return values && values.length > enumLimit ? cutWords(values.length - enumShown, values.length, true) : '';
}

/** The words a row gets for a cut enum, read from the spec, the page or the twin alike. */
const cutWords = (more: number, all: number | undefined, linked: boolean) => `, first ${all === undefined ? '?' : all - more} of ${all ?? '?'} values${linked ? ', all linked' : ''}`;

/** The top-level rows of a body schema: its fields (an array's: its items'), and its alternatives. */
function expectedRows(schema: Schema | undefined, names: Map<object, string>): { rows: string[]; link: string } {
  if (!schema) return { rows: [], link: '' };
  const root = flat(schema);
  const target = root.hasProperties ? root : root.items.length ? flat(together(root.items)) : root;
  const rows = [...target.properties].map(([name, schemas]) => `${name}: ${expectedType(together(schemas), names)}${target.required.has(name) ? ', required' : ''}${cutEnum(flat(together(schemas)).enum)}`);
  const options = root.oneOf ?? root.anyOf;
  if (options) rows.push(`(${root.oneOf ? 'one of' : 'any of'}) ${options.map((option, index) => (typeof option.title === 'string' ? option.title : undefined) ?? names.get(option) ?? `Option ${index + 1}: ${expectedType(option, names)}`).join(' / ')}`);
  // A schema the page has shown already is a link to it, labelled by its name or title.
  return { rows, link: `(link) ${names.get(schema) ?? (typeof schema.title === 'string' ? schema.title : 'the object above')}` };
}

function expectedBody(content: Record<string, { schema?: Schema }> | undefined, names: Map<object, string>): Body & { link: string } {
  const media = Object.keys(content ?? {});
  // The page describes the JSON body where there is one (the others are named beside it).
  const shown = media.find((type) => type.includes('json')) ?? media[0];
  const schema = shown ? content![shown].schema : undefined;
  const type = schema ? expectedType(schema, names) : undefined;
  return { media: media.sort(), type: type?.startsWith('array of ') ? type : undefined, ...expectedRows(schema, names) };
}

export interface SpecOperation {
  endpoint: string;
  operationId: string;
  expected: Shown;
  /** A body's rows may instead be this one link, when its schema was shown above or on the overview. */
  links: Map<string, string>;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation and webhook of a dereferenced spec, with what its page should say. */
export function specOperations(spec: Record<string, unknown>): SpecOperation[] {
  const components = (spec.components as { schemas?: Record<string, Schema> } | undefined)?.schemas ?? {};
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(components)) if (!names.has(schema)) names.set(schema, name);
  const operations: SpecOperation[] = [];
  for (const group of [spec.paths, spec.webhooks] as (Record<string, Record<string, unknown>> | undefined)[]) {
    for (const [path, item] of Object.entries(group ?? {})) {
      for (const method of methods) {
        const operation = item[method] as Record<string, unknown> | undefined;
        if (!operation) continue;
        const parameters = new Map<string, string>();
        type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
        for (const parameter of [...((item.parameters as Parameter[]) ?? []), ...((operation.parameters as Parameter[]) ?? [])]) {
          parameters.set(`${parameter.in}:${parameter.name}`, `${parameter.required === true ? 'required ' : ''}${expectedType(parameter.schema, names)}`);
        }
        const links = new Map<string, string>();
        const requestBody = operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
        let body: Body | undefined;
        if (requestBody?.content && Object.keys(requestBody.content).length) {
          const { link, ...rest } = expectedBody(requestBody.content, names);
          body = rest;
          links.set('request body', link);
        }
        const responses = new Map<string, Body | undefined>();
        for (const [status, response] of Object.entries((operation.responses as Record<string, { content?: Record<string, { schema?: Schema }> }>) ?? {})) {
          if (!response.content || !Object.keys(response.content).length) {
            responses.set(status, undefined);
            continue;
          }
          const { link, ...rest } = expectedBody(response.content, names);
          responses.set(status, rest);
          links.set(`response ${status}`, link);
        }
        const endpoint = `${method.toUpperCase()} ${path}`;
        operations.push({ endpoint, operationId: (operation.operationId as string | undefined) ?? '', expected: { endpoint, parameters, requestBody: body, responses }, links });
      }
    }
  }
  return operations;
}

// ---------------------------------------------------------------- the page's HTML

const isElement = (node: ElementContent | Root['children'][number]): node is Element => node.type === 'element';
const classes = (node: Element) => (Array.isArray(node.properties.className) ? (node.properties.className as string[]) : []);
const hasClass = (node: Element, name: string) => classes(node).includes(name);
const kids = (node: Element | Root) => (node.children as ElementContent[]).filter(isElement);

function find(node: Element | Root, test: (element: Element) => boolean): Element | undefined {
  for (const child of kids(node)) {
    if (test(child)) return child;
    const inner = find(child, test);
    if (inner) return inner;
  }
  return undefined;
}

function findAll(node: Element | Root, test: (element: Element) => boolean, into: Element[] = []): Element[] {
  for (const child of kids(node)) {
    if (test(child)) into.push(child);
    else findAll(child, test, into);
  }
  return into;
}

const text = (node: Element | undefined) => (node ? toString(node).replace(/\s+/g, ' ').trim() : '');

/** The top-level rows of a `ul.schema`, in the same words as the twin's and the spec's. */
function htmlRows(list: Element | undefined): string[] {
  if (!list) return [];
  return kids(list).map((row) => {
    const head = kids(row).find((child) => hasClass(child, 'schema-head'));
    if (head) {
      const name = text(find(head, (element) => hasClass(element, 'schema-name')));
      const type = text(find(head, (element) => hasClass(element, 'schema-type')));
      return `${name}: ${type}${find(head, (element) => hasClass(element, 'schema-required')) ? ', required' : ''}${htmlCut(row)}`;
    }
    const variants = kids(row).find((child) => hasClass(child, 'schema-variants'));
    if (variants) {
      const kind = text(kids(variants).find((child) => hasClass(child, 'schema-variants-label'))) === 'Exactly one of:' ? 'one of' : 'any of';
      const labels = kids(variants).filter((child) => hasClass(child, 'schema-variant')).map((option) => text(kids(option).find((child) => hasClass(child, 'schema-variant-label'))));
      return `(${kind}) ${labels.join(' / ')}`;
    }
    return `(link) ${text(find(row, (element) => element.tagName === 'a'))}`;
  });
}

/** A row's cut enum ("… and 480 more", "All 500 values: <a>"), in the words of cutEnum. */
function htmlCut(row: Element): string {
  const constraints = kids(row).find((child) => hasClass(child, 'schema-constraints'));
  const more = constraints && kids(constraints).map((span) => / and ([\d,]+) more$/.exec(text(span))).find(Boolean);
  const all = kids(row).find((child) => hasClass(child, 'schema-all-values'));
  if (!more && !all) return '';
  const count = all && /^All ([\d,]+) values:/.exec(text(all));
  return cutWords(more ? number(more[1]) : 0, count ? number(count[1]) : undefined, Boolean(all && find(all, (element) => element.tagName === 'a')));
}

const number = (digits: string) => Number(digits.replaceAll(',', ''));

/** "Body: <code>a</code> (also as <code>b</code>), <span class=schema-type>array of X</span>". */
function htmlMedia(paragraph: Element | undefined): Pick<Body, 'media' | 'type'> {
  if (!paragraph) return { media: [] };
  const media = findAll(paragraph, (element) => element.tagName === 'code').map(text);
  const type = find(paragraph, (element) => hasClass(element, 'schema-type'));
  return { media: media.sort(), type: type ? text(type) : undefined };
}

/** The operation an operation page's HTML shows. */
export function shownInHtml(html: string): Shown {
  // The operation itself; the samples and examples beside it are another column.
  const root = find(fromHtml(html, { fragment: true }), (element) => hasClass(element, 'api-operation-main'));
  if (!root) throw new Error('no api-operation-main element on the page');
  const endpoint = find(root, (element) => hasClass(element, 'api-endpoint'))!;
  const shown: Shown = {
    endpoint: `${text(find(endpoint, (element) => hasClass(element, 'method-badge')))} ${toString(find(endpoint, (element) => hasClass(element, 'api-path'))!)}`,
    parameters: new Map(),
    responses: new Map(),
  };
  const top = kids(root);
  const after = (id: string) => {
    const start = top.findIndex((element) => element.properties.id === id);
    if (start < 0) return [];
    const end = top.findIndex((element, index) => index > start && /^h[23]$/.test(element.tagName));
    return top.slice(start + 1, end < 0 ? undefined : end);
  };
  const table = after('parameters').find((element) => hasClass(element, 'table-wrapper'));
  for (const row of table ? findAll(find(table, (element) => element.tagName === 'tbody')!, (element) => element.tagName === 'tr') : []) {
    const [name, place, type] = kids(row);
    const required = find(name, (element) => hasClass(element, 'schema-required')) ? 'required ' : '';
    shown.parameters.set(`${text(place)}:${text(find(name, (element) => element.tagName === 'code'))}`, `${required}${text(type)}`);
  }
  const body = after('request-body');
  if (body.length) {
    shown.requestBody = { ...htmlMedia(body.find((element) => element.tagName === 'p')), rows: htmlRows(body.find((element) => element.tagName === 'ul' && hasClass(element, 'schema'))) };
  }
  for (const section of top.filter((element) => hasClass(element, 'api-response'))) {
    const status = text(find(section, (element) => hasClass(element, 'status-badge'))).split(' ')[0];
    const media = kids(section).find((element) => element.tagName === 'p' && text(element).startsWith('Body:'));
    shown.responses.set(status, media ? { ...htmlMedia(media), rows: htmlRows(kids(section).find((element) => element.tagName === 'ul' && hasClass(element, 'schema'))) } : undefined);
  }
  return shown;
}

// ---------------------------------------------------------------- the Markdown twin

/** "`a` (also as `b`, `c`)" -> [a, b, c]. */
const codes = (line: string) => [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** "(string (date-time), required, ...)" at the start of `facts`: its parts at the top level. */
function factsOf(facts: string): string[] {
  let depth = 0;
  let end = 0;
  for (; end < facts.length; end++) {
    if (facts[end] === '(') depth++;
    if (facts[end] === ')' && --depth === 0) break;
  }
  const parts: string[] = [];
  let current = '';
  depth = 0;
  for (const char of facts.slice(1, end)) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (depth === 0 && current.endsWith(',') && char === ' ') {
      parts.push(current.slice(0, -1));
      current = '';
    } else current += char;
  }
  return [...parts, current];
}

/** A twin row's cut enum ("(string, one of … and 480 more): All 500 values: [link](…)"), in the words of cutEnum. */
function twinCut(facts: string): string {
  const more = / and ([\d,]+) more(?:, |\))/.exec(facts);
  const all = /\): All ([\d,]+) values: \[[^\]]+\]\([^)]+\)/.exec(facts);
  if (!more && !all) return '';
  return cutWords(more ? number(more[1]) : 0, all ? number(all[1]) : undefined, Boolean(all));
}

/** The top-level rows of a schema list in the twin (`lines` start at its first row). */
function twinRows(lines: string[]): string[] {
  const rows: string[] = [];
  // Alternatives listed under a nameless row are the body's own; under a field, that field's.
  let nameless = false;
  for (const line of lines) {
    const row = /^- (?:`([^`]+)` )?(\(.*)$/.exec(line);
    const variant = /^ {2}- (One of|Any of): (.*)$/.exec(line);
    if (row) {
      const [type, ...rest] = factsOf(row[2]);
      nameless = row[1] === undefined;
      if (row[1] !== undefined) rows.push(`${row[1]}: ${type}${rest.includes('required') ? ', required' : ''}${twinCut(row[2])}`);
      else {
        // A schema shown elsewhere: the page's sentence around a link to it ("… the fields of [Error](…) are …").
        const link = /(?:Recursive: the same shape as|The same shape as|the fields of|Fields of) \[([^\]]+)\]\(/.exec(line);
        rows.push(link ? `(link) ${link[1]}` : `(${type})`);
      }
    } else if (variant && nameless) {
      const last = rows[rows.length - 1];
      const kind = variant[1] === 'One of' ? 'one of' : 'any of';
      rows[rows.length - 1] = /^\((one|any) of\) /.test(last) ? `${last} / ${variant[2]}` : `(${kind}) ${variant[2]}`;
    } else if (!line.startsWith(' ') && line.trim() && rows.length) break;
  }
  return rows;
}

/** The operation a page's Markdown twin shows. */
export function shownInTwin(twin: string): Shown {
  // Examples and samples are fenced code: their text is not the page's structure.
  const lines = twin.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').split('\n');
  const endpoint = lines.find((line) => /^`[A-Z]+ [^`]*`$/.test(line))!.slice(1, -1);
  const shown: Shown = { endpoint, parameters: new Map(), responses: new Map() };
  const samples = lines.lastIndexOf('## Request samples');
  const responses = lines.lastIndexOf('## Responses', samples < 0 ? undefined : samples);
  const request = lines.slice(0, responses);
  const parameters = request.indexOf('### Parameters');
  if (parameters >= 0) {
    const table = request.slice(parameters + 1);
    for (const line of table.slice(table.findIndex((candidate) => candidate.startsWith('| --- ')) + 1)) {
      if (!line.startsWith('| ')) break;
      const [name, place, type] = line.slice(2).split(/ (?<!\\)\| /).map((cell) => cell.replace(/\\\|/g, '|'));
      shown.parameters.set(`${place}:${codes(name)[0]}`, `${/\(required\)/.test(name) ? 'required ' : ''}${type}`);
    }
  }
  const body = request.indexOf('### Request body');
  if (body >= 0) {
    const head = request.slice(body + 1).find((line) => line.startsWith('`'))!;
    const type = /\), (.+), (?:required|optional)$|^`[^`]+`, (.+), (?:required|optional)$/.exec(head);
    const rest = request.slice(request.indexOf(head, body) + 1);
    const first = rest.findIndex((line) => /^- (`[^`]+` )?\(/.test(line));
    shown.requestBody = { media: codes(head).sort(), type: type?.[1] ?? type?.[2], rows: first < 0 ? [] : twinRows(rest.slice(first)) };
  }
  const part = lines.slice(responses + 1, samples < 0 ? undefined : samples);
  const starts = part.flatMap((line, index) => (line.startsWith('### ') ? [index] : []));
  starts.forEach((start, n) => {
    const section = part.slice(start + 1, starts[n + 1]);
    const status = part[start].slice(4).split(' ')[0];
    const media = section.findIndex((line) => line.startsWith('Body: `'));
    if (media < 0) return shown.responses.set(status, undefined);
    const line = section[media];
    const type = /\), (.+)$|^Body: `[^`]+`, (.+)$/.exec(line);
    const rest = section.slice(media + 1);
    const first = rest.findIndex((candidate) => candidate.trim() !== '');
    shown.responses.set(status, { media: codes(line).sort(), type: type?.[1] ?? type?.[2], rows: first >= 0 && rest[first].startsWith('- ') ? twinRows(rest.slice(first)) : [] });
  });
  return shown;
}

// ---------------------------------------------------------------- comparing

/** Each difference between what a page shows and what the spec says, in words. */
export function differences(operation: SpecOperation, shown: Shown, source: string): string[] {
  const found: string[] = [];
  const say = (what: string, page: unknown, spec: unknown) => found.push(`${operation.operationId || operation.endpoint} (${source}): ${what}: the page shows ${JSON.stringify(page)}, the spec says ${JSON.stringify(spec)}`);
  const { expected } = operation;
  if (shown.endpoint !== expected.endpoint) say('method and path', shown.endpoint, expected.endpoint);
  for (const key of new Set([...expected.parameters.keys(), ...shown.parameters.keys()])) {
    if (shown.parameters.get(key) !== expected.parameters.get(key)) say(`parameter ${key}`, shown.parameters.get(key), expected.parameters.get(key));
  }
  const compareBody = (what: string, page: Body | undefined, spec: Body | undefined) => {
    if (!page || !spec) {
      if (page || spec) say(what, page, spec);
      return;
    }
    if (page.media.join(', ') !== spec.media.join(', ')) say(`${what} media types`, page.media, spec.media);
    if (page.type !== spec.type) say(`${what} type`, page.type, spec.type);
    const link = operation.links.get(what);
    const linked = page.rows.length === 1 && page.rows[0].startsWith('(link) ');
    if (linked ? page.rows[0] !== link : page.rows.join('\n') !== spec.rows.join('\n')) say(`${what} fields`, page.rows, linked ? [link] : spec.rows);
  };
  compareBody('request body', shown.requestBody, expected.requestBody);
  for (const status of new Set([...expected.responses.keys(), ...shown.responses.keys()])) {
    if (!shown.responses.has(status) || !expected.responses.has(status)) say(`response ${status}`, shown.responses.has(status), expected.responses.has(status));
    else compareBody(`response ${status}`, shown.responses.get(status), expected.responses.get(status));
  }
  return found;
}
