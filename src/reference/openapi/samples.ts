// Request samples in curl, JavaScript (fetch) and Python (requests), generated at build time
// from the operation, so they always match the spec. Secrets come from environment variables.

export interface SampleRequest {
  method: string;
  url: string;
  /** Header name -> value (values may reference environment variables, e.g. $ACCESS_TOKEN). */
  headers: [string, string][];
  /** Basic auth from two environment variables. */
  basicAuth?: { user: string; password: string };
  body?: { contentType: string; value: unknown };
  /** What a successful call answers with, so the sample reads it the right way. */
  response: ResponseKind;
}

export type ResponseKind = 'json' | 'text' | 'none';

/**
 * How a body is sent. JSON and forms are built from their fields; a file type is uploaded from
 * a file (curl's "@name", which is how specs usually write such examples); any other type, such
 * as text/plain or text/x-markdown, is sent as the text itself, not as a JSON string.
 */
export function bodyKind(contentType: string): 'json' | 'form' | 'file' | 'text' {
  if (contentType === 'application/x-www-form-urlencoded') return 'form';
  if (/json/i.test(contentType)) return 'json';
  if (/^(application\/(octet-stream|zip|gzip|x-gzip|x-tar|pdf)|image\/|audio\/|video\/)/i.test(contentType)) return 'file';
  return 'text';
}

const fileOf = (value: unknown) => (typeof value === 'string' && /^@\S+$/.test(value) ? value.slice(1) : 'file');
const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

const env = (name: string) => name.replace(/^\$/, '');

export function curlSample(request: SampleRequest): string {
  const lines = [`curl --request ${request.method.toUpperCase()} \\`, `  --url '${request.url}'`];
  if (request.basicAuth) lines.push(`  --user "$${env(request.basicAuth.user)}:$${env(request.basicAuth.password)}"`);
  for (const [name, value] of request.headers) lines.push(`  --header "${name}: ${value === uuid ? '$(uuidgen)' : value}"`);
  if (request.body) {
    lines.push(`  --header 'Content-Type: ${request.body.contentType}'`);
    const kind = bodyKind(request.body.contentType);
    if (kind === 'form' && isRecord(request.body.value)) {
      for (const [key, value] of Object.entries(request.body.value)) lines.push(`  --data-urlencode '${key}=${shellSafe(String(value))}'`);
    } else if (kind === 'file') {
      lines.push(`  --data-binary '@${shellSafe(fileOf(request.body.value))}'`);
    } else if (kind === 'text') {
      lines.push(`  --data-raw '${shellSafe(textOf(request.body.value))}'`);
    } else {
      lines.push(`  --data '${shellSafe(JSON.stringify(request.body.value, null, 2))}'`);
    }
  }
  return lines.map((line, index) => (index < lines.length - 1 && !line.endsWith('\\') ? `${line} \\` : line)).join('\n');
}

export function fetchSample(request: SampleRequest): string {
  const headers: string[] = request.headers.map(([name, value]) => `    '${name}': ${jsValue(value)},`);
  if (request.basicAuth) {
    headers.unshift(`    Authorization: \`Basic \${btoa(\`\${process.env.${env(request.basicAuth.user)}}:\${process.env.${env(request.basicAuth.password)}}\`)}\`,`);
  }
  let body = '';
  const kind = request.body && bodyKind(request.body.contentType);
  if (request.body) {
    headers.push(`    'Content-Type': '${request.body.contentType}',`);
    if (kind === 'form' && isRecord(request.body.value)) body = `  body: new URLSearchParams(${JSON.stringify(request.body.value)}),\n`;
    else if (kind === 'file') body = `  body: await readFile(${JSON.stringify(fileOf(request.body.value))}),\n`;
    else if (kind === 'text') body = `  body: ${JSON.stringify(textOf(request.body.value))},\n`;
    else body = `  body: JSON.stringify(${JSON.stringify(request.body.value, null, 2).replace(/\n/g, '\n  ')}),\n`;
  }
  return [
    ...(kind === 'file' ? ["import { readFile } from 'node:fs/promises';", ''] : []),
    `const response = await fetch('${request.url}', {`,
    `  method: '${request.method.toUpperCase()}',`,
    ...(headers.length ? ['  headers: {', ...headers, '  },'] : []),
    ...(body ? [body.trimEnd()] : []),
    '});',
    'if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);',
    { json: 'console.log(await response.json());', text: 'console.log(await response.text());', none: "console.log('done', response.status);" }[request.response],
  ].join('\n');
}

export function pythonSample(request: SampleRequest): string {
  const lines = ['import os', ...(request.headers.some(([, value]) => value === uuid) ? ['import uuid'] : []), '', 'import requests', ''];
  const headers = request.headers.map(([name, value]) => `    "${name}": ${pyValue(value)},`);
  const args = [`    "${request.url}",`];
  if (headers.length) args.push('    headers={', ...headers.map((h) => `    ${h}`), '    },');
  if (request.basicAuth) args.push(`    auth=(os.environ["${env(request.basicAuth.user)}"], os.environ["${env(request.basicAuth.password)}"]),`);
  if (request.body) {
    const kind = bodyKind(request.body.contentType);
    if (kind === 'file') args.push(`    data=open(${JSON.stringify(fileOf(request.body.value))}, "rb"),`);
    else if (kind === 'text') args.push(`    data=${JSON.stringify(textOf(request.body.value))},`);
    else args.push(`    ${kind === 'form' ? 'data' : 'json'}=${toPython(request.body.value, '    ')},`);
  }
  args.push('    timeout=30,');
  lines.push(`response = requests.${request.method.toLowerCase()}(`, ...args, ')', 'response.raise_for_status()');
  lines.push({ json: 'print(response.json())', text: 'print(response.text)', none: 'print(response.status_code)' }[request.response]);
  return lines.join('\n');
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const shellSafe = (text: string) => text.replace(/'/g, "'\\''");

// "$UUID" stands for a fresh id per request (the tracking headers support asks for).
const uuid = '$UUID';

/** "Bearer $ACCESS_TOKEN" -> `Bearer ${process.env.ACCESS_TOKEN}`. */
function jsValue(value: string): string {
  if (value === uuid) return 'crypto.randomUUID()';
  return value.includes('$') ? `\`${value.replace(/\$([A-Z_]+)/g, '${process.env.$1}')}\`` : `'${value}'`;
}

function pyValue(value: string): string {
  if (value === uuid) return 'str(uuid.uuid4())';
  return value.includes('$') ? `f"${value.replace(/\$([A-Z_]+)/g, '{os.environ["$1"]}')}"` : `"${value}"`;
}

function toPython(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length ? `[\n${value.map((item) => `${inner}${toPython(item, inner)},`).join('\n')}\n${indent}]` : '[]';
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length ? `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${toPython(item, inner)},`).join('\n')}\n${indent}}` : '{}';
}
