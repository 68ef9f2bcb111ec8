import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { specCodeSamples } from '../../../src/openapi/code-samples.ts';
import { exampleOf } from '../../../src/openapi/example.ts';
import { sampleBaseUrl } from '../../../src/openapi/samples.ts';
import type { JsonSchema } from '../../../src/shared/api-model.ts';
import { apiReference, bodyOf, specFolder } from '../../helpers/openapi.ts';

// Example values and the samples' order. The samples themselves are proven by their languages'
// tools in test/content/api-samples.test.ts.

const account: JsonSchema = {
  type: 'object',
  required: ['email'],
  properties: {
    id: { type: 'string', format: 'uuid', readOnly: true },
    password: { type: 'string', writeOnly: true },
    email: { type: 'string', format: 'email' },
    created: { type: 'string', format: 'date-time', readOnly: true },
    role: { type: 'string', enum: ['owner', 'viewer'] },
    contact: { oneOf: [{ type: 'object', properties: { phone: { type: 'string' } } }, { type: 'object', properties: { fax: { type: 'string' } } }] },
  },
};

describe('example values', () => {
  test('a request body leaves out readOnly fields; formats and enums give real-looking values', () => {
    assert.deepEqual(exampleOf(account, 'request'), { password: 'string', email: 'user@example.com', role: 'owner', contact: { phone: 'string' } });
  });

  test('a response leaves out writeOnly fields', () => {
    const value = exampleOf(account, 'response') as Record<string, unknown>;
    assert.deepEqual(Object.keys(value), ['id', 'email', 'created', 'role', 'contact']);
    assert.match(String(value.id), /^[0-9a-f]{8}-[0-9a-f]{4}-/);
    assert.match(String(value.created), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  test("the schema's own example wins", () => {
    assert.deepEqual(exampleOf({ ...account, example: { email: 'ada@example.org' } }, 'request'), { email: 'ada@example.org' });
  });

  test('a circular schema ends', () => {
    const node: Record<string, unknown> = { type: 'object', properties: { name: { type: 'string' } } };
    (node.properties as Record<string, unknown>).child = node;
    assert.doesNotThrow(() => JSON.stringify(exampleOf(node, 'request')));
  });
});

describe("a spec's own samples (x-codeSamples)", () => {
  test('are read with their labels and mapped to the tab of their language', () => {
    const samples = specCodeSamples({
      'x-codeSamples': [
        { lang: 'cURL', source: 'curl https://api.example.test/ping\n' },
        { lang: 'C#', label: 'C# SDK', source: 'await client.PingAsync();' },
        { lang: 'Ruby', source: 'client.ping' },
        { lang: 'Python' },
      ],
    });
    assert.deepEqual(samples, [
      { label: 'cURL', value: 'curl', language: 'bash', code: 'curl https://api.example.test/ping' },
      { label: 'C# SDK', value: 'csharp', language: 'csharp', code: 'await client.PingAsync();' },
      { label: 'Ruby', language: 'ruby', code: 'client.ping' },
    ]);
  });

  test('come before the generated samples on the page', async () => {
    const spec = `openapi: 3.1.0
info: { title: Ping service, version: '1' }
servers: [{ url: 'https://api.example.test' }]
paths:
  /ping:
    get:
      operationId: ping
      x-codeSamples:
        - { lang: Python, label: Python SDK, source: 'client.ping()' }
      responses:
        '204': { description: Pong. }
`;
    const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.deepEqual(diagnostics.errors, []);
    const html = bodyOf(pages.find((page) => page.route === '/docs/vpaas/api/ping'));
    const tabs = [...html.matchAll(/role="tab"[^>]*data-tab-value="([^"]+)"[^>]*>([^<]+)</g)].map((match) => `${match[2]}=${match[1]}`);
    assert.deepEqual(tabs, ['Python SDK=python', 'curl=curl', 'JavaScript=javascript', 'Node=node', 'Python=python', 'Go=go', 'Java=java', 'Kotlin=kotlin', 'Swift=swift', 'C#=csharp']);
  });
});

describe('malformed x-codeSamples', () => {
  // Each way a hand-written sample list goes wrong, in the shapes real specs show: a single
  // sample where a list belongs, an item with no code, code given as a number, no lang, and a
  // lang no highlighter knows.
  const spec = `openapi: 3.0.3
info: { title: Kennel API, version: '1' }
servers: [{ url: 'https://kennel.example' }]
paths:
  /dogs:
    get:
      operationId: listDogs
      x-codeSamples:
        lang: Python
        source: kennel.dogs()
      responses: { '200': { description: The dogs. } }
    post:
      operationId: addDog
      x-codeSamples:
        - lang: Python
          label: Python SDK
          source: kennel.add_dog(name="Rex")
        - lang: Go
        - lang: Ruby
          source: 42
        - label: Shell script
          source: kennel add Rex
        - lang: Befunge
          source: '"xeR">:#,_@'
        - just a string
      responses: { '201': { description: Added. } }
`;

  test('are each named with the file, line and JSON pointer, and what can be shown is shown', async () => {
    const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.deepEqual(diagnostics.errors, []);
    assert.deepEqual(
      diagnostics.warnings.map((problem) => `${problem.file}:${problem.line} ${problem.message}`),
      [
        'api.yaml:8 at /paths/~1dogs/get/x-codeSamples: x-codeSamples is a mapping, not a list of samples; none is shown',
        'api.yaml:18 at /paths/~1dogs/post/x-codeSamples/1/source: x-codeSamples item 1 has no "source"; the sample is not shown',
        'api.yaml:20 at /paths/~1dogs/post/x-codeSamples/2/source: x-codeSamples item 2 has a "source" that is the number 42; the sample is not shown',
        'api.yaml:21 at /paths/~1dogs/post/x-codeSamples/3/lang: x-codeSamples item 3 has no "lang"; it is shown as plain text',
        'api.yaml:23 at /paths/~1dogs/post/x-codeSamples/4/lang: x-codeSamples item 4 has the lang "Befunge", which is not a language we know; it is shown as plain text',
        'api.yaml:25 at /paths/~1dogs/post/x-codeSamples/5: x-codeSamples item 5 is the text "just a string", not a sample; it is not shown',
      ],
    );
    assert.ok(diagnostics.warnings.every((problem) => problem.hint), 'each says what to write instead');
    const html = bodyOf(pages.find((page) => page.route === '/docs/vpaas/api/add-dog'));
    const tabs = [...html.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((match) => match[1]);
    assert.deepEqual(tabs.slice(0, 4), ['Python SDK', 'Shell script', 'Befunge', 'curl'], 'the well-formed sample and the two shown as plain text come first');
    assert.match(html, /&quot;xeR&quot;&gt;:#,_@/);
  });
});

describe('the URL a request sample calls', () => {
  // Servers as real descriptions write them: a port that is a variable, a host made of a variable
  // whose name is no host name, and an operation's own server. `new URL` refused the first two,
  // which stopped the whole build with "internal error".
  const spec = `openapi: 3.0.3
info: { title: Depot API, version: '1' }
servers:
  - url: 'http://localhost:{port}/{base}'
    variables:
      port: { default: '8080' }
      base: { default: depot }
paths:
  /crates:
    get:
      operationId: listCrates
      responses: { '200': { description: The crates. } }
  /crates/{crate}:
    get:
      operationId: getCrate
      servers: [{ url: 'https://{your depot}.depot.example/v2' }]
      parameters: [{ name: crate, in: path, required: true, schema: { type: string, example: c-1 } }]
      responses: { '200': { description: The crate. } }
`;

  test('is a URL for every server: variables are their names, or their defaults where the names make no URL, or only the path stays', async () => {
    const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.deepEqual(diagnostics.problems, []);
    const curl = (slug: string) => {
      const page = pages.find((item) => item.route === `/docs/vpaas/api/${slug}`)!;
      return page.kind === 'api-operation' ? page.body.view.samples.find((sample) => sample.value === 'curl')?.code : undefined;
    };
    assert.match(curl('list-crates') ?? '', /--url http:\/\/localhost:8080\/depot\/crates\b/);
    assert.match(curl('get-crate') ?? '', /--url https:\/\/api\.example\.com\/v2\/crates\/c-1\b/);
  });

  test('sampleBaseUrl keeps a server that is a URL as written, variables named', () => {
    assert.equal(sampleBaseUrl({ url: 'https://{region}.depot.example/' }), 'https://region.depot.example');
    assert.equal(sampleBaseUrl({ url: '/v1' }), 'https://api.example.com/v1');
    assert.equal(sampleBaseUrl(undefined), 'https://api.example.com');
    assert.equal(sampleBaseUrl({ url: 42 }), 'https://api.example.com');
  });
});
