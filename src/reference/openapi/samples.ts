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
}

const env = (name: string) => name.replace(/^\$/, '');

export function curlSample(request: SampleRequest): string {
  const lines = [`curl --request ${request.method.toUpperCase()} \\`, `  --url '${request.url}'`];
  if (request.basicAuth) lines.push(`  --user "$${env(request.basicAuth.user)}:$${env(request.basicAuth.password)}"`);
  for (const [name, value] of request.headers) lines.push(`  --header "${name}: ${value === uuid ? '$(uuidgen)' : value}"`);
  if (request.body) {
    lines.push(`  --header 'Content-Type: ${request.body.contentType}'`);
    if (request.body.contentType === 'application/x-www-form-urlencoded' && isRecord(request.body.value)) {
      for (const [key, value] of Object.entries(request.body.value)) lines.push(`  --data-urlencode '${key}=${shellSafe(String(value))}'`);
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
  if (request.body) {
    headers.push(`    'Content-Type': '${request.body.contentType}',`);
    body =
      request.body.contentType === 'application/x-www-form-urlencoded' && isRecord(request.body.value)
        ? `  body: new URLSearchParams(${JSON.stringify(request.body.value)}),\n`
        : `  body: JSON.stringify(${JSON.stringify(request.body.value, null, 2).replace(/\n/g, '\n  ')}),\n`;
  }
  return [
    `const response = await fetch('${request.url}', {`,
    `  method: '${request.method.toUpperCase()}',`,
    ...(headers.length ? ['  headers: {', ...headers, '  },'] : []),
    ...(body ? [body.trimEnd()] : []),
    '});',
    'if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);',
    `${request.method.toLowerCase() === 'delete' ? "console.log('done', response.status);" : 'console.log(await response.json());'}`,
  ].join('\n');
}

export function pythonSample(request: SampleRequest): string {
  const lines = ['import os', ...(request.headers.some(([, value]) => value === uuid) ? ['import uuid'] : []), '', 'import requests', ''];
  const headers = request.headers.map(([name, value]) => `    "${name}": ${pyValue(value)},`);
  const args = [`    "${request.url}",`];
  if (headers.length) args.push('    headers={', ...headers.map((h) => `    ${h}`), '    },');
  if (request.basicAuth) args.push(`    auth=(os.environ["${env(request.basicAuth.user)}"], os.environ["${env(request.basicAuth.password)}"]),`);
  if (request.body) {
    const keyword = request.body.contentType === 'application/x-www-form-urlencoded' ? 'data' : 'json';
    args.push(`    ${keyword}=${toPython(request.body.value, '    ')},`);
  }
  args.push('    timeout=30,');
  lines.push(`response = requests.${request.method.toLowerCase()}(`, ...args, ')', 'response.raise_for_status()');
  lines.push(request.method.toLowerCase() === 'delete' ? 'print(response.status_code)' : 'print(response.json())');
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
