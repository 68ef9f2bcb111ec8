import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiReference, bodyOf, specFolder, textOf } from '../../helpers/openapi.ts';

// Stripe's description exhausted the heap: its objects hold each other many levels deep, and the
// schema view expanded every path through them. This spec has the same shape, small: every
// object refers to every later one (a path count that doubles per level) and back to the first.
const levels = 14;
const schemas = Array.from({ length: levels }, (_, i) => {
  const later = Array.from({ length: levels - i - 1 }, (_, j) => `        link${i + j + 1}: { $ref: '#/components/schemas/Node${i + j + 1}' }`);
  return [`    Node${i}:`, '      type: object', '      properties:', `        label${i}: { type: string, description: Label of level ${i}. }`, ...later, "        root: { $ref: '#/components/schemas/Node0' }"].join('\n');
});
const spec = `openapi: 3.0.3
info: { title: Graph API, version: '1' }
paths:
  /nodes:
    get:
      operationId: listNodes
      responses:
        '200':
          description: The first node.
          content: { application/json: { schema: { $ref: '#/components/schemas/Node0' } } }
    post:
      operationId: addNode
      requestBody:
        content: { application/json: { schema: { $ref: '#/components/schemas/Node1' } } }
      responses:
        '201':
          description: The new node.
          content: { application/json: { schema: { $ref: '#/components/schemas/Node1' } } }
components:
  schemas:
${schemas.join('\n')}
`;

describe('schemas are shown once per page and linked wherever they appear again', async () => {
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
  const page = (route: string) => pages.find((candidate) => candidate.route === route);

  test('a deep, heavily shared schema gives a page of bounded size', () => {
    assert.deepEqual(diagnostics.errors, []);
    const html = bodyOf(page('/docs/vpaas/api/list-nodes'));
    // Expanded naively, Node0 alone would be 2^13 paths deep; each level is shown once.
    for (let i = 0; i < levels; i++) assert.equal(html.split(`Label of level ${i}.`).length - 1, 1, `level ${i} shown once`);
    assert.ok(html.length < 200_000, `${html.length} bytes`);
  });

  test('a repeat links to the first full rendering; a cycle says it is recursive', () => {
    const html = bodyOf(page('/docs/vpaas/api/list-nodes'));
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]));
    const targets = [...html.matchAll(/<a href="#([^"]+)">/g)].map((match) => match[1]);
    assert.ok(targets.length > levels, `${targets.length} links to earlier renderings`);
    for (const target of targets) assert.ok(ids.has(target), `#${target} has no element on the page`);
    assert.match(textOf(html), /Recursive: the same shape as Node0\./);
    assert.match(textOf(html), /The same shape as Node3, shown above\./);
  });

  test('each page shows a schema in full on its own: the request body and a response share it', () => {
    const html = bodyOf(page('/docs/vpaas/api/add-node'));
    assert.equal(html.split('Label of level 1.').length - 1, 1);
    assert.match(html, /<h3 id="response-201">/);
    assert.match(html, /The same shape as <a href="#request-body">Node1<\/a>, shown above\./);
  });
});

describe('a page that runs long links further named schemas to pages of their own', async () => {
  const parts = Array.from({ length: 30 }, (_, i) => `    Part${i}:\n      type: object\n      description: Part number ${i}.\n      properties:\n${Array.from({ length: 12 }, (_, j) => `        field${j}: { type: string, description: Field ${j} of part ${i}. }`).join('\n')}`);
  const wide = `openapi: 3.0.3
info: { title: Wide API, version: '1' }
paths:
  /assembly:
    get:
      operationId: getAssembly
      responses:
        '200':
          description: Everything.
          content:
            application/json:
              schema:
                type: object
                properties:
${Array.from({ length: 30 }, (_, i) => `                  part${i}: { $ref: '#/components/schemas/Part${i}' }`).join('\n')}
components:
  schemas:
${parts.join('\n')}
`;
  const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': wide }), { spec: 'api.yaml' });

  test('past the page budget, a named schema is a link to its page, which shows its fields', () => {
    assert.deepEqual(diagnostics.errors, []);
    const html = bodyOf(pages.find((page) => page.route === '/docs/vpaas/api/get-assembly'));
    assert.match(textOf(html), /Field 0 of part 0\./, 'the first parts are shown in full');
    assert.doesNotMatch(textOf(html), /Field 0 of part 29\./);
    assert.match(html, /Fields of <a href="\/docs\/vpaas\/api\/schemas\/part29">Part29<\/a> are on its own page\./);
    const schemaPage = pages.find((page) => page.route === '/docs/vpaas/api/schemas/part29');
    assert.ok(schemaPage, 'the linked page exists');
    assert.equal(schemaPage.title, 'Part29 schema');
    assert.match(textOf(bodyOf(schemaPage)), /Part number 29\.[\s\S]*Field 11 of part 29\./);
    assert.ok(!pages.some((page) => page.route === '/docs/vpaas/api/schemas/part0'), 'no page for a schema nothing links to');
  });
});
