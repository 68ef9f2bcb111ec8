import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { VFile } from 'vfile';
import type { MarkdownProcessor } from '../../../src/markdown/pipeline.ts';
import { apiReference, bodyOf, markdownProcessor, specFolder } from '../../helpers/openapi.ts';

// In GitHub's REST description a few hundred shared schemas reach 1,200 operations: the same
// descriptions and examples came up about 37,000 times for about 9,000 distinct texts. Each was
// rendered every time (two fifths of the reference phase), and a problem in a shared text was
// reported once per page that showed it.
const operations = ['one', 'two', 'three'];
const spec = `openapi: 3.0.3
info: { title: Shared API, version: '1' }
paths:
${operations.map((name) => `  /${name}:\n    get:\n      operationId: ${name}\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/User' }\n`).join('')}components:
  schemas:
    User:
      type: object
      example: { login: octocat }
      properties:
        login: { type: string, description: 'The **login**; [run](javascript:void(0)) it.' }
`;

/** The Markdown processor, counting the texts it parses. */
function countingProcessor(): { processor: MarkdownProcessor; parsed: string[] } {
  const parsed: string[] = [];
  const processor = new Proxy(markdownProcessor, {
    get(target, key) {
      if (key === 'parse') return (file: VFile) => (parsed.push(String(file.value)), target.parse(file));
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { processor, parsed };
}

describe('texts a spec shares between operations', () => {
  test('are rendered once and shown on every page', async () => {
    const { processor, parsed } = countingProcessor();
    const { pages } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' }, processor);
    for (const name of operations) assert.match(bodyOf(pages.find((page) => page.route === `/docs/vpaas/api/${name}`)), /The <strong>login<\/strong>/);
    assert.equal(parsed.filter((text) => text.startsWith('The **login**')).length, 1, 'the description');
    assert.equal(parsed.filter((text) => text.includes('"login": "octocat"')).length, 1, 'the example');
  });

  test('report a problem once, not once per page', async () => {
    const { diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.deepEqual(diagnostics.errors.map((problem) => problem.message), ['at /components/schemas/User/properties/login/description: unsafe link "javascript:void(0)": only http(s), mailto and site paths are allowed']);
  });
});

test('one slip written twice in one text is reported once (positions inside a text are not shown)', async () => {
  const twice = `openapi: 3.0.3
info: { title: Coupons API, version: '1' }
paths:
  /coupons:
    post:
      operationId: createCoupon
      description: 'A discount in <unit> or a percentage: <unit> is a currency code.'
      responses: { '200': { description: OK } }
`;
  const { diagnostics } = await apiReference(specFolder({ 'api.yaml': twice }), { spec: 'api.yaml' });
  const unit = diagnostics.warnings.filter((problem) => problem.message.includes('"<unit>"'));
  assert.equal(unit.length, 1, unit.map((problem) => problem.message).join('\n'));
  assert.match(unit[0].message, /^at \/paths\/~1coupons\/post\/description: /);
});
