import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../helpers/fixtures.ts';
import { apiReference, bodyOf, specFolder, textOf } from '../../helpers/openapi.ts';

// Not every body is JSON. GitHub's REST description has text/plain and text/x-markdown request
// bodies, an application/octet-stream upload, text/html and diff responses, and many 204s. They
// used to be shown as quoted JSON strings, sent with JSON.stringify or requests' json=, and read
// back with response.json(), which throws on HTML and on an empty body.
const spec = `openapi: 3.0.3
info: { title: Media API, version: '1' }
servers: [{ url: 'https://api.example.test' }]
paths:
  /markdown/raw:
    post:
      operationId: renderRaw
      requestBody:
        content:
          text/plain:
            schema: { type: string }
            example: 'Hello **world**'
      responses:
        '200':
          description: The HTML.
          content:
            text/html:
              schema: { type: string }
              example: '<p>Hello <strong>world</strong></p>'
  /assets:
    post:
      operationId: uploadAsset
      requestBody:
        content:
          application/octet-stream:
            schema: { type: string, format: binary }
            example: '@example.zip'
      responses:
        '201':
          description: Uploaded.
          content:
            application/json:
              schema: { type: object, properties: { id: { type: integer } } }
  /starred:
    put:
      operationId: star
      responses:
        '204': { description: Starred. }
`;

async function page(slug: string) {
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
  assert.deepEqual(diagnostics.errors, []);
  return bodyOf(pages.find((candidate) => candidate.route === `/docs/vpaas/api/${slug}`));
}

describe('bodies that are not JSON', () => {
  test('text examples are shown as the text itself, escaped, not as a quoted JSON string', async () => {
    const html = await page('render-raw');
    const text = textOf(html.slice(0, html.indexOf('id="samples"')));
    // Each heading ends with its "#" deep link.
    assert.match(text, /Request body#text\/plain, optionalHello \*\*world\*\*Copy/);
    assert.match(text, /Body: text\/html/);
    // The response's example is in the column of examples, under its status.
    const examples = textOf(html.slice(html.indexOf('id="response-examples"')));
    assert.match(examples, /200 OK200 OKExample<p>Hello <strong>world<\/strong><\/p>Copy/);
    assert.doesNotMatch(examples, /parsed as JSON|Checked with/i, 'a text example makes no claim to be JSON');
    assert.doesNotMatch(text + examples, /"Hello \*\*world\*\*"|"<p>Hello/);
    assert.doesNotMatch(html, /<strong>world/, 'the example is text, not markup');
  });

  test('a text body is sent as text and a text response read as text', async () => {
    const samples = textOf(await page('render-raw'));
    assert.match(samples, /--header 'Content-Type: text\/plain' \\\n {2}--data 'Hello \*\*world\*\*'/);
    assert.match(samples, / {2}body: 'Hello \*\*world\*\*'\n/);
    assert.match(samples, /const data = await response\.text\(\);/);
    assert.match(samples, /payload = "Hello \*\*world\*\*"\n/);
    assert.match(samples, /requests\.post\(url, data=payload/);
    assert.match(samples, /print\(response\.text\)/);
    assert.doesNotMatch(samples, /JSON\.stringify|json=|response\.json/);
  });

  test('a file upload is sent from the file its example names', async () => {
    const samples = textOf(await page('upload-asset'));
    assert.match(samples, /--header 'Content-Type: application\/octet-stream' \\\n {2}--data-binary '@example\.zip'/);
    assert.match(samples, /JavaScriptimport \{ readFile \} from 'node:fs\/promises';\n\nconst url = /);
    assert.match(samples, / {2}body: await readFile\("example\.zip"\)\n/);
    assert.match(samples, /payload = open\("example\.zip", "rb"\)\n/);
    assert.match(samples, /const data = await response\.json\(\);/, 'the response is JSON');
  });

  test('a success without a body is not parsed', async () => {
    const samples = textOf(await page('star'));
    assert.match(samples, /const response = await fetch\(url, options\);\n {2}console\.log\(response\.status\);/);
    assert.match(samples, /print\(response\.status_code\)/);
    assert.doesNotMatch(samples, /await response\.(json|text)\(\)|print\(response\.(json\(\)|text)\)/);
    assert.match(samples, /println\(response\.code\)/);
  });
});

describe('file uploads in every language', () => {
  // A multipart form with a file field, and a whole-file body: each language reads the file
  // from a path the reader replaces, instead of sending its name as text.
  const readers: Record<string, (file: string) => string> = {
    curl: (file) => `@${file}`,
    javascript: (file) => `await readFile("${file}")`,
    node: (file) => `fs.${file.endsWith('.png') ? 'createReadStream' : 'readFileSync'}("${file}")`,
    python: (file) => `open("${file}", "rb")`,
    go: (file) => `os.Open("${file}")`,
    java: (file) => `Path.of("${file}")`,
    kotlin: (file) => `File("${file}").asRequestBody(`,
    swift: (file) => `Data(contentsOf: URL(fileURLWithPath: "${file}"))`,
    csharp: (file) => `new ByteArrayContent(File.ReadAllBytes("${file}"))`,
  };

  for (const [operation, file] of [['add-photo', 'photo.jpg'], ['replace-cover', 'cover.png']] as const) {
    test(`${operation}: every sample reads ${file}`, async () => {
      const root = specFolder({});
      fs.copyFileSync(path.join(repoRoot, 'test/fixtures/openapi/uploads.yaml'), path.join(root, 'uploads.yaml'));
      const { pages, diagnostics } = await apiReference(root, { spec: 'uploads.yaml' });
      assert.deepEqual(diagnostics.errors, []);
      const html = bodyOf(pages.find((candidate) => candidate.route === `/docs/vpaas/api/${operation}`));
      const panels = [...html.matchAll(/data-tab-value="([^"]+)"/g)].map((match) => match[1]);
      assert.deepEqual(panels, Object.keys(readers));
      const samples = [...html.matchAll(/role="tabpanel"[^>]*>([\s\S]*?)(?=<div class="tab-panel"|$)/g)].map((match) => textOf(match[1]));
      Object.values(readers).forEach((reader, index) => assert.ok(samples[index].includes(reader(file)), `${panels[index]} reads the file:\n${samples[index]}`));
      if (operation === 'add-photo') {
        for (const sample of samples) assert.doesNotMatch(sample, /"photo": "photo\.jpg"|'photo', 'photo\.jpg'|name="photo"; filename="photo\.jpg"\\r\\nContent-Type: image\/jpeg\\r\\n\\r\\n\\r\\n/, 'no sample sends the name for the file');
      }
    });
  }
});
