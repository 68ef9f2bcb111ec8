import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { specCodeSamples } from '../../../src/reference/openapi/code-samples.ts';
import { exampleOf } from '../../../src/reference/openapi/example.ts';
import type { JsonSchema } from '../../../src/reference/openapi/model.ts';
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
      { label: 'Ruby', value: undefined, language: 'ruby', code: 'client.ping' },
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
