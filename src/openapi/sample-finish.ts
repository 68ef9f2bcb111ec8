// httpsnippet writes header values as plain string literals and leaves out what a program needs
// to run on its own. This turns each generated sample into one a reader can paste: secrets and
// tracking ids become expressions that read environment variables or make a fresh id, imports
// are added, and the response is read as what the operation really answers.

import { type Upload, writesUpload, writeUpload } from './upload-samples.ts';

export interface SampleRequest {
  method: string;
  url: string;
  /** Header name -> value; `$NAME` reads an environment variable, `$UUID` is a fresh id. */
  headers: [string, string][];
  /** Basic auth from two environment variables. */
  basicAuth?: { user: string; password: string };
  body?: { contentType: string; value: unknown };
  /** Set when the body uploads files (a multipart form, or a whole-file body): see upload-samples.ts. */
  upload?: Upload;
  /** What a successful call answers with, so the sample reads it the right way. */
  response: ResponseKind;
  /** The documented statuses answered without a body (a 304, an error with no content): a sample must not parse one. */
  bodiless?: number[];
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

/** The file a file-upload example names ("@example.zip", as curl writes it). */
const uploadedFile = (request: SampleRequest) => {
  if (!request.body || bodyKind(request.body.contentType) !== 'file') return undefined;
  return typeof request.body.value === 'string' && /^@\S+$/.test(request.body.value) ? request.body.value.slice(1) : 'file';
};

/** How one language writes the pieces a header value is made of. */
interface Writer {
  /** How httpsnippet quotes a header value in this language. */
  quote: string;
  literal: (text: string) => string;
  env: (name: string) => string;
  uuid: string;
  basic: (user: string, password: string) => string;
  join: (parts: string[]) => string;
}

const dq = (text: string) => JSON.stringify(text);
const plus = (parts: string[]) => parts.join(' + ');

const jsWriter: Writer = {
  quote: "'",
  literal: (text) => `'${text}'`,
  env: (name) => `process.env.${name}`,
  uuid: 'crypto.randomUUID()',
  basic: (user, password) => `\`Basic \${btoa(\`\${process.env.${user}}:\${process.env.${password}}\`)}\``,
  join: (parts) => (parts.length === 1 ? parts[0] : `\`${parts.map((part) => (part.startsWith("'") ? part.slice(1, -1) : `\${${part}}`)).join('')}\``),
};

const writers: Record<string, Writer> = {
  javascript: jsWriter,
  node: jsWriter,
  python: {
    quote: '"',
    literal: dq,
    env: (name) => `os.environ["${name}"]`,
    uuid: 'str(uuid.uuid4())',
    basic: (user, password) => `"Basic " + base64.b64encode(f"{os.environ['${user}']}:{os.environ['${password}']}".encode()).decode()`,
    join: plus,
  },
  go: {
    quote: '"',
    literal: dq,
    env: (name) => `os.Getenv("${name}")`,
    uuid: 'newTrackingID()',
    basic: (user, password) => `"Basic "+base64.StdEncoding.EncodeToString([]byte(os.Getenv("${user}")+":"+os.Getenv("${password}")))`,
    join: (parts) => parts.join('+'),
  },
  java: {
    quote: '"',
    literal: dq,
    env: (name) => `System.getenv("${name}")`,
    uuid: 'UUID.randomUUID().toString()',
    basic: (user, password) => `"Basic " + Base64.getEncoder().encodeToString((System.getenv("${user}") + ":" + System.getenv("${password}")).getBytes())`,
    join: plus,
  },
  kotlin: {
    quote: '"',
    literal: dq,
    env: (name) => `System.getenv("${name}")`,
    uuid: 'UUID.randomUUID().toString()',
    basic: (user, password) => `Credentials.basic(System.getenv("${user}"), System.getenv("${password}"))`,
    join: plus,
  },
  swift: {
    quote: '"',
    literal: dq,
    env: (name) => `(ProcessInfo.processInfo.environment["${name}"] ?? "")`,
    uuid: 'UUID().uuidString',
    basic: (user, password) => `"Basic " + Data("\\(ProcessInfo.processInfo.environment["${user}"] ?? ""):\\(ProcessInfo.processInfo.environment["${password}"] ?? "")".utf8).base64EncodedString()`,
    join: plus,
  },
  csharp: {
    quote: '"',
    literal: dq,
    env: (name) => `Environment.GetEnvironmentVariable("${name}")`,
    uuid: 'Guid.NewGuid().ToString()',
    basic: (user, password) => `"Basic " + Convert.ToBase64String(Encoding.UTF8.GetBytes(Environment.GetEnvironmentVariable("${user}") + ":" + Environment.GetEnvironmentVariable("${password}")))`,
    join: plus,
  },
};

/** The sample httpsnippet wrote for `language`, made runnable as it stands. */
export function finishSample(language: string, code: string, request: SampleRequest): string {
  const values = request.headers.map(([, value]) => value).filter((value) => value.includes('$'));
  if (language === 'curl') return finishCurl(writesUpload(request.upload, language) ? writeUpload(language, code, request.upload, request.method) : code, request);
  const writer = writers[language];
  for (const value of values) code = code.split(`${writer.quote}${value}${writer.quote}`).join(expression(writer, value));
  if (request.basicAuth) code = code.split(`${writer.quote}Basic $CLIENT_ID:$CLIENT_SECRET${writer.quote}`).join(writer.basic(request.basicAuth.user, request.basicAuth.password));
  if (writesUpload(request.upload, language)) code = writeUpload(language, code, request.upload, request.method);
  return finishers[language]?.(code, request) ?? code;
}

/** "Bearer $ACCESS_TOKEN" -> the language's "Bearer " + (the environment variable). */
function expression(writer: Writer, value: string): string {
  const parts = value.split(/(\$[A-Z_]+)/).filter(Boolean).map((part) => {
    if (part === '$UUID') return writer.uuid;
    return part.startsWith('$') ? writer.env(part.slice(1)) : writer.literal(part);
  });
  return writer.join(parts);
}

function finishCurl(code: string, request: SampleRequest): string {
  // Double quotes so the shell expands the variables; a fresh id per call.
  code = code.replace(/--header '([^']*\$[A-Z_]+[^']*)'/g, (_, header: string) => `--header "${header.replace(/\$UUID/g, '$(uuidgen)')}"`);
  if (request.basicAuth) code = code.replace(`--header "Authorization: Basic $CLIENT_ID:$CLIENT_SECRET"`, `--user "$${request.basicAuth.user}:$${request.basicAuth.password}"`);
  // A file upload sends the file's bytes as they are.
  if (uploadedFile(request)) code = code.replace(/--data '?@?([^'\n]*)'?$/m, (_, name: string) => `--data-binary '@${name.replace(/^@/, '')}'`);
  return code;
}

const uses = (code: string, text: string) => code.includes(text);

const finishers: Record<string, (code: string, request: SampleRequest) => string> = {
  javascript: (code, request) => {
    const file = uploadedFile(request);
    if (file) code = `import { readFile } from 'node:fs/promises';\n\n${code.replace(/body: '[^'\n]*'/, `body: await readFile(${JSON.stringify(file)})`)}`;
    // httpsnippet puts the JSON text in quotes as it is, so an escape in it ("\n" in a PEM key)
    // becomes the character itself and the body is no longer JSON: such a body is stringified.
    const json = request.body && bodyKind(request.body.contentType) === 'json' ? JSON.stringify(request.body.value) : undefined;
    if (json?.includes('\\')) code = code.replace(/^( *)body: '.*'$/m, (_, indent: string) => `${indent}body: JSON.stringify(${json})`);
    if (request.response === 'text') return code.replace('await response.json()', 'await response.text()');
    if (request.response === 'none') return code.replace(/const data = await response\.json\(\);\n\s*console\.log\(data\);/, 'console.log(response.status);');
    // response.json() throws on an empty body: read the text, and parse it only when there is one.
    if (request.bodiless?.length) {
      const lines = [`// ${withoutBody(request.bodiless)}`, 'const text = await response.text();', 'const data = text ? JSON.parse(text) : null;', 'console.log(response.status, data);'];
      return code.replace(/^( *)const data = await response\.json\(\);\n *console\.log\(data\);/m, (_, indent: string) => lines.map((line) => `${indent}${line}`).join('\n'));
    }
    return code;
  },
  node: (code) => {
    // Node frames a DELETE's (or GET's) body neither as chunks nor with a length, so the server
    // never sees it: the body is made first and sent with its Content-Length, whatever the method.
    const write = /^req\.write\(([\s\S]*?)\);\nreq\.end\(\);$/m.exec(code);
    if (!write || !code.includes('\nconst req = http.request(')) return code;
    return code
      .replace(write[0], 'req.end(payload);')
      .replace('\nconst req = http.request(', `\nconst payload = ${write[1]};\noptions.headers['Content-Length'] = Buffer.byteLength(payload);\n\nconst req = http.request(`);
  },
  python: (code, request) => {
    const file = uploadedFile(request);
    if (file) code = code.replace(/^payload = .*$/m, `payload = open(${JSON.stringify(file)}, "rb")`);
    // httpsnippet writes a string with a line break (a PEM key) as two lines, which is not
    // Python: JSON and form payloads are written here instead.
    else if (request.body && typeof request.body.value === 'object') code = code.replace(/^payload = [\s\S]*?\n(?=headers = )/m, `payload = ${toPython(request.body.value, '')}\n`);
    const imports = [uses(code, 'base64.') && 'import base64', uses(code, 'os.environ') && 'import os', uses(code, 'uuid.uuid4') && 'import uuid'].filter(Boolean);
    if (imports.length) code = `${imports.join('\n')}\n\n${code}`;
    code = code.replace(/^(response = requests\.\w+\(.*)\)$/m, '$1, timeout=30)');
    // raise_for_status() stops at an error; a success or a 304 documented without a body is not parsed.
    const empty = request.bodiless?.filter((status) => status < 400) ?? [];
    const json = empty.length ? `# ${withoutBody(empty)}\nprint(response.json() if response.content else response.status_code)` : 'print(response.json())';
    const read = { json, text: 'print(response.text)', none: 'print(response.status_code)' }[request.response];
    return code.replace('print(response.json())', `response.raise_for_status()\n${read}`);
  },
  go: (code) => {
    // httpsnippet drops the errors; go vet rightly refuses a response used before its error is checked.
    code = code
      .replace(/^(\t)req, _ := (http\.NewRequest\(.*\))$/m, '$1req, err := $2\n$1if err != nil {\n$1\tpanic(err)\n$1}')
      .replace(/^(\t)res, _ := (http\.DefaultClient\.Do\(req\))$/m, '$1res, err := $2\n$1if err != nil {\n$1\tpanic(err)\n$1}');
    const imports = [uses(code, 'os.Getenv') && 'os', uses(code, 'base64.') && 'encoding/base64', uses(code, 'newTrackingID()') && 'crypto/rand'].filter((name) => name && !uses(code, `\t"${name}"\n`));
    code = code.replace('import (\n', `import (\n${imports.map((name) => `\t"${name}"\n`).join('')}`);
    if (uses(code, 'newTrackingID()')) code += `\n\n${goTrackingId}`;
    return code;
  },
  java: (code) => {
    const imports = ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse', uses(code, 'Base64.') && 'java.util.Base64', uses(code, 'UUID.') && 'java.util.UUID',
      uses(code, 'ByteArrayOutputStream') && 'java.io.ByteArrayOutputStream', uses(code, 'StandardCharsets.') && 'java.nio.charset.StandardCharsets', uses(code, 'Files.') && 'java.nio.file.Files', uses(code, 'Path.of(') && 'java.nio.file.Path'];
    return `${imports.filter(Boolean).map((name) => `import ${name};`).join('\n')}\n\n${code}`;
  },
  kotlin: (code, request) => {
    // httpsnippet writes OkHttp 3 calls, which OkHttp 4 and later refuse from Kotlin.
    code = code.replace(/MediaType\.parse\(("[^"]*")\)/g, '$1.toMediaType()').replace(/RequestBody\.create\((\w+), ("(?:[^"\\]|\\.)*")\)/g, '$2.toRequestBody($1)');
    // A POST, PUT or PATCH without a body still needs one (an empty one) in OkHttp 4.
    code = code.replace(/\.(post|put|patch)\(null\)/g, '.$1("".toRequestBody())');
    const imports = [
      uses(code, 'File(') && 'java.io.File',
      uses(code, 'Credentials.') && 'okhttp3.Credentials',
      uses(code, 'MultipartBody.') && 'okhttp3.MultipartBody',
      'okhttp3.OkHttpClient',
      uses(code, '.toMediaType()') && 'okhttp3.MediaType.Companion.toMediaType',
      'okhttp3.Request',
      uses(code, '.asRequestBody(') && 'okhttp3.RequestBody.Companion.asRequestBody',
      uses(code, '.toRequestBody(') && 'okhttp3.RequestBody.Companion.toRequestBody',
      uses(code, 'UUID.') && 'java.util.UUID',
    ].filter(Boolean);
    const read = request.response === 'none' ? 'println(response.code)' : 'println(response.body?.string())';
    return `${imports.map((name) => `import ${name}`).join('\n')}\n\n${code}\n${read}`;
  },
  csharp: (code) => (uses(code, 'Encoding.UTF8') ? code.replace('using System.Net.Http.Headers;', 'using System.Net.Http.Headers;\nusing System.Text;') : code),
};

/** "A 304 comes without a body." or "Answers 401, 404 and 429 come without a body." */
const withoutBody = (statuses: number[]) =>
  statuses.length === 1 ? `A ${statuses[0]} comes without a body.` : `Answers ${statuses.slice(0, -1).join(', ')} and ${statuses[statuses.length - 1]} come without a body.`;

/** A JSON value as a Python literal (True, False, None; strings escaped as JSON escapes them). */
function toPython(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length ? `[\n${value.map((item) => `${inner}${toPython(item, inner)},`).join('\n')}\n${indent}]` : '[]';
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length ? `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${toPython(item, inner)},`).join('\n')}\n${indent}}` : '{}';
}

const goTrackingId = `// newTrackingID returns a random (version 4) UUID; the standard library has no UUID type.
func newTrackingID() string {
	b := make([]byte, 16)
	rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}`;
