import type { JsonSchema } from '../shared/api-model.ts';
import { bodyKind } from './sample-finish.ts';

// File uploads in request samples. httpsnippet writes a multipart form's file as its name (or an
// empty part) and an octet-stream body as a string in most languages, so a pasted sample sends
// the wrong bytes. For these requests httpsnippet writes the call without a body, and each
// language's body is written here: the file read from a path the reader replaces, form fields
// as fields, and the Content-Type (with the multipart boundary) set where the language sets it.

export interface UploadFile {
  field: string;
  /** The path the sample reads; the reader puts their own file's path there. */
  path: string;
  contentType: string;
}

export interface Upload {
  /** A multipart/form-data body (fields and files), or one file as the whole body. */
  multipart: boolean;
  /** The body's own content type (an octet-stream upload's, e.g. application/octet-stream). */
  contentType: string;
  fields: [string, string][];
  files: UploadFile[];
}

/** Languages whose upload body is written here; curl, JavaScript and Python send a whole-file body well already. */
const writesWholeFile = new Set(['node', 'go', 'java', 'kotlin', 'swift', 'csharp']);

/** Whether this module writes the body of `upload` in `language` (then httpsnippet gets no body). */
export const writesUpload = (upload: Upload | undefined, language: string): upload is Upload => !!upload && (upload.multipart || writesWholeFile.has(language));

/** A part's header block in a multipart body, after its boundary line. */
function partHead(name: string, file?: UploadFile): string {
  const quoted = (text: string) => text.replace(/["\\\r\n]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return file
    ? `\r\nContent-Disposition: form-data; name="${quoted(name)}"; filename="${quoted(fileName(file.path))}"\r\nContent-Type: ${file.contentType}\r\n\r\n`
    : `\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n`;
}

const fileName = (filePath: string) => filePath.split('/').pop() ?? filePath;
const dq = (text: string) => JSON.stringify(text);
/** Kotlin reads "$name" in a string as a template. */
const kotlinString = (text: string) => dq(text).replace(/\$/g, '\\$');
/** Swift has no \uXXXX escape; the sample values are plain text, so only the usual escapes are needed. */
const swiftString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** `code` (httpsnippet's call without a body) with the upload's body written in `language`. */
export function writeUpload(language: string, code: string, upload: Upload, method: string): string {
  const writer = writers[language];
  return writer ? writer(code, upload, method.toUpperCase()) : code;
}

type UploadWriter = (code: string, upload: Upload, method: string) => string;

const writers: Record<string, UploadWriter> = {
  curl: (code, upload) => {
    const parts = [...upload.fields.map(([name, value]) => `--form-string ${shellQuote(`${name}=${value}`)}`), ...upload.files.map((file) => `--form ${shellQuote(`${file.field}=@${file.path};type=${file.contentType}`)}`)];
    return `${code} \\\n  ${parts.join(' \\\n  ')}`;
  },

  javascript: (code, upload) => {
    const lines = [
      'const form = new FormData();',
      ...upload.fields.map(([name, value]) => `form.append(${dq(name)}, ${dq(value)});`),
      ...upload.files.map((file) => `form.append(${dq(file.field)}, new Blob([await readFile(${dq(file.path)})], { type: ${dq(file.contentType)} }), ${dq(fileName(file.path))});`),
    ];
    code = code.replace(/^(const url = .*\n)/m, `$1${lines.join('\n')}\n`).replace(/\n\ntry \{/, '\noptions.body = form;\n\ntry {');
    return `import { readFile } from 'node:fs/promises';\n\n${code}`;
  },

  node: (code, upload) => {
    let setup: string[];
    let send: string;
    if (upload.multipart) {
      setup = [
        "const boundary = require('node:crypto').randomUUID();",
        'const form = Buffer.concat([',
        ...upload.fields.map(([name, value]) => `  Buffer.from('--' + boundary + ${dq(partHead(name))} + ${dq(value)} + '\\r\\n'),`),
        ...upload.files.flatMap((file) => [`  Buffer.from('--' + boundary + ${dq(partHead(file.field, file))}),`, `  fs.readFileSync(${dq(file.path)}),`, "  Buffer.from('\\r\\n'),"]),
        "  Buffer.from('--' + boundary + '--\\r\\n'),",
        ']);',
        "options.headers = { ...options.headers, 'Content-Type': 'multipart/form-data; boundary=' + boundary };",
      ];
      send = 'req.end(form);';
    } else {
      setup = [`options.headers = { ...options.headers, 'Content-Type': ${dq(upload.contentType)} };`];
      send = `fs.createReadStream(${dq(upload.files[0].path)}).pipe(req);`;
    }
    code = code.replace(/^(const req = )/m, `${setup.join('\n')}\n\n$1`).replace(/^req\.end\(\);$/m, send);
    return `const fs = require('node:fs');\n${code}`;
  },

  python: (code, upload) => {
    const files = upload.files.map((file) => `    ${dq(file.field)}: (${dq(fileName(file.path))}, open(${dq(file.path)}, "rb"), ${dq(file.contentType)}),`);
    const fields = upload.fields.map(([name, value]) => `    ${dq(name)}: ${dq(value)},`);
    const setup = [`files = {\n${files.join('\n')}\n}`, ...(fields.length ? [`form = {\n${fields.join('\n')}\n}`] : [])].join('\n');
    code = code.replace(/^(headers = |response = )/m, `${setup}\n$1`);
    return code.replace(/^(response = requests\.\w+\(url, )/m, `$1${fields.length ? 'data=form, ' : ''}files=files, `);
  },

  go: (code, upload) => {
    let setup: string[];
    let contentType: string;
    if (upload.multipart) {
      setup = [
        '\tvar payload bytes.Buffer',
        '\tform := multipart.NewWriter(&payload)',
        ...upload.fields.map(([name, value]) => `\tif err := form.WriteField(${dq(name)}, ${dq(value)}); err != nil {\n\t\tpanic(err)\n\t}`),
        ...upload.files.map((file) =>
          [
            '\t{',
            `\t\tfile, err := os.Open(${dq(file.path)})`,
            '\t\tif err != nil {\n\t\t\tpanic(err)\n\t\t}',
            '\t\tdefer file.Close()',
            `\t\tpart, err := form.CreateFormFile(${dq(file.field)}, ${dq(fileName(file.path))})`,
            '\t\tif err != nil {\n\t\t\tpanic(err)\n\t\t}',
            '\t\tif _, err := io.Copy(part, file); err != nil {\n\t\t\tpanic(err)\n\t\t}',
            '\t}',
          ].join('\n'),
        ),
        '\tform.Close()',
      ];
      contentType = 'form.FormDataContentType()';
    } else {
      setup = [`\tpayload, err := os.Open(${dq(upload.files[0].path)})`, '\tif err != nil {\n\t\tpanic(err)\n\t}', '\tdefer payload.Close()'];
      contentType = dq(upload.contentType);
    }
    const body = upload.multipart ? '&payload' : 'payload';
    code = code.replace(/^(\treq, _ := http\.NewRequest\(.*), nil\)$/m, `${setup.join('\n')}\n\n$1, ${body})\n\n\treq.Header.Set("Content-Type", ${contentType})`);
    const imports = [upload.multipart && 'bytes', upload.multipart && 'mime/multipart', 'os', upload.multipart && 'io'].filter((name): name is string => !!name && !code.includes(`\t"${name}"\n`));
    return code.replace('import (\n', `import (\n${imports.map((name) => `\t"${name}"\n`).join('')}`);
  },

  java: (code, upload) => {
    if (!upload.multipart) {
      return code
        .replace(/^(\s*)\.method\(/m, `$1.header("Content-Type", ${dq(upload.contentType)})\n$1.method(`)
        .replace('HttpRequest.BodyPublishers.noBody()', `HttpRequest.BodyPublishers.ofFile(Path.of(${dq(upload.files[0].path)}))`);
    }
    const write = (expression: string) => `form.write(${expression});`;
    const text = (literal: string) => `(${literal}).getBytes(StandardCharsets.UTF_8)`;
    const setup = [
      'String boundary = UUID.randomUUID().toString();',
      'ByteArrayOutputStream form = new ByteArrayOutputStream();',
      ...upload.fields.map(([name, value]) => write(text(`"--" + boundary + ${dq(partHead(name))} + ${dq(value)} + "\\r\\n"`))),
      ...upload.files.flatMap((file) => [write(text(`"--" + boundary + ${dq(partHead(file.field, file))}`)), write(`Files.readAllBytes(Path.of(${dq(file.path)}))`), write(text('"\\r\\n"'))]),
      write(text('"--" + boundary + "--\\r\\n"')),
    ];
    code = code
      .replace(/^(\s*)\.method\(/m, '$1.header("Content-Type", "multipart/form-data; boundary=" + boundary)\n$1.method(')
      .replace('HttpRequest.BodyPublishers.noBody()', 'HttpRequest.BodyPublishers.ofByteArray(form.toByteArray())');
    return `${setup.join('\n')}\n${code}`;
  },

  kotlin: (code, upload) => {
    const fileBody = (file: UploadFile) => `File(${kotlinString(file.path)}).asRequestBody(${kotlinString(file.contentType)}.toMediaType())`;
    const setup = upload.multipart
      ? [
          'val body = MultipartBody.Builder()',
          '  .setType(MultipartBody.FORM)',
          ...upload.fields.map(([name, value]) => `  .addFormDataPart(${kotlinString(name)}, ${kotlinString(value)})`),
          ...upload.files.map((file) => `  .addFormDataPart(${kotlinString(file.field)}, ${kotlinString(fileName(file.path))}, ${fileBody(file)})`),
          '  .build()',
        ]
      : [`val body = ${fileBody({ ...upload.files[0], contentType: upload.contentType })}`];
    return code.replace(/^(val request = )/m, `${setup.join('\n')}\n\n$1`).replace(/\.(post|put|patch)\(null\)/, '.$1(body)');
  },

  swift: (code, upload) => {
    const read = (file: UploadFile) => `try Data(contentsOf: URL(fileURLWithPath: ${swiftString(file.path)}))`;
    const lines = upload.multipart
      ? [
          'let boundary = UUID().uuidString',
          'var body = Data()',
          ...upload.fields.map(([name, value]) => `body.append(Data(("--\\(boundary)" + ${swiftString(`${partHead(name)}${value}\r\n`)}).utf8))`),
          ...upload.files.flatMap((file) => [`body.append(Data(("--\\(boundary)" + ${swiftString(partHead(file.field, file))}).utf8))`, `body.append(${read(file)})`, 'body.append(Data("\\r\\n".utf8))']),
          'body.append(Data("--\\(boundary)--\\r\\n".utf8))',
          'request.setValue("multipart/form-data; boundary=\\(boundary)", forHTTPHeaderField: "Content-Type")',
          'request.httpBody = body',
        ]
      : [`request.setValue(${swiftString(upload.contentType)}, forHTTPHeaderField: "Content-Type")`, `request.httpBody = ${read(upload.files[0])}`];
    const anchor = /^request\.allHTTPHeaderFields = .*$/m.test(code) ? /^(request\.allHTTPHeaderFields = .*)$/m : /^(request\.httpMethod = .*)$/m;
    return code.replace(anchor, `$1\n${lines.join('\n')}`);
  },

  csharp: (code, upload) => {
    const fileContent = (file: UploadFile, contentType: string) => `new ByteArrayContent(File.ReadAllBytes(${dq(file.path)})) { Headers = { ContentType = new MediaTypeHeaderValue(${dq(contentType)}) } }`;
    const content = upload.multipart
      ? [
          '    Content = new MultipartFormDataContent',
          '    {',
          ...upload.fields.map(([name, value]) => `        { new StringContent(${dq(value)}), ${dq(name)} },`),
          ...upload.files.map((file) => `        { ${fileContent(file, file.contentType)}, ${dq(file.field)}, ${dq(fileName(file.path))} },`),
          '    },',
        ]
      : [`    Content = ${fileContent(upload.files[0], upload.contentType)},`];
    return code.replace(/^};$/m, `${content.join('\n')}\n};`);
  },
};

/** A schema that is a file's bytes: OpenAPI 3.0's `format: binary`, or 3.1's `contentMediaType`. */
const isFile = (schema: JsonSchema | undefined): boolean => !!schema && (schema.format === 'binary' || typeof schema.contentMediaType === 'string' || (schema.type === 'array' && isFile(schema.items)));

const extensions: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'application/pdf': '.pdf', 'text/csv': '.csv', 'text/plain': '.txt', 'application/zip': '.zip', 'application/json': '.json' };

/**
 * The upload a request body makes, if it makes one: a multipart form (its file fields from the
 * schema, its other fields from the example), or a whole-file body (octet-stream, images, ...).
 * An example written as curl does ("@report.pdf") names the file; otherwise the field does.
 */
export function uploadOf(contentType: string, media: { schema?: unknown; encoding?: Record<string, { contentType?: string }> } | undefined, value: unknown): Upload | undefined {
  const named = (example: unknown) => (typeof example === 'string' && /^@\S+$/.test(example) ? example.slice(1) : undefined);
  if (/^multipart\/form-data/i.test(contentType)) {
    const schema = media?.schema as JsonSchema | undefined;
    const properties: Record<string, JsonSchema> = Object.assign({}, ...[schema, ...(schema?.allOf ?? [])].map((part) => part?.properties ?? {}));
    const example = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    const required = new Set([schema, ...(schema?.allOf ?? [])].flatMap((part) => part?.required ?? []));
    const files: UploadFile[] = Object.entries(properties)
      .filter(([name, property]) => isFile(property) && (name in example || required.has(name)))
      .map(([name, property]) => {
        const type = media?.encoding?.[name]?.contentType?.split(',')[0].trim() ?? (property.contentMediaType as string | undefined) ?? (property.items?.contentMediaType as string | undefined) ?? 'application/octet-stream';
        const path = named(example[name]) ?? `${name}${extensions[type] ?? '.bin'}`;
        return { field: name, path, contentType: /[*]/.test(type) ? 'application/octet-stream' : type };
      });
    const fields = Object.entries(example)
      .filter(([name]) => !files.some((file) => file.field === name))
      .map(([name, item]): [string, string] => [name, typeof item === 'string' ? item : JSON.stringify(item)]);
    return { multipart: true, contentType, fields, files };
  }
  if (bodyKind(contentType) === 'file') return { multipart: false, contentType, fields: [], files: [{ field: '', path: named(value) ?? 'file', contentType }] };
  return undefined;
}
