import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { apiChangelogPage, buildApiChangelog } from '../../../src/openapi/changelog-page.ts';
import { enrichmentGuard } from '../../../src/openapi/enrichment.ts';
import { loadSpec, type OpenApiDocument } from '../../../src/openapi/load-spec.ts';
import { responseExampleCheck } from '../../../src/openapi/response-example-check.ts';
import { listOperations, operationView } from '../../../src/openapi/views.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { apiReference, bodyOf, specFolder } from '../../helpers/openapi.ts';

// An extra (request samples, the check of response examples, the changelog) that throws on one
// operation is a warning there, and the page is built without that extra. Each case hands the
// extra an input it cannot read, written here, and expects the page, the warning, and no throw.

const locate = (pointer: string) => ({ file: 'depot.yaml', line: pointer ? 12 : 1 });

describe('an extra that fails is a located warning, not a failed build', () => {
  test('the guard returns what the extra made, or its fallback with a warning naming the place, the extra and why', () => {
    const diagnostics = new Diagnostics();
    const guard = enrichmentGuard(diagnostics, locate);
    assert.equal(guard('request samples', '/paths/~1crates/get', 'none', () => 'made'), 'made');
    assert.deepEqual(diagnostics.problems, []);
    const value = guard('request samples', '/paths/~1crates/get', 'none', () => {
      throw new TypeError('cannot read "scheme"\nsecond line of a stack');
    });
    assert.equal(value, 'none');
    assert.equal(diagnostics.warnings.length, 1);
    const [warning] = diagnostics.warnings;
    assert.equal(warning.file, 'depot.yaml');
    assert.equal(warning.line, 12);
    assert.equal(warning.message, 'at /paths/~1crates/get: the request samples could not be made (TypeError: cannot read "scheme"); the page is built without it');
    assert.ok(warning.hint);
  });

  test("an operation whose request samples cannot be made gets its page without them, and the build says where", () => {
    // A path parameter whose example is half a surrogate pair: no URL can hold it (loading refuses
    // such a spec; a view made another way need not have been loaded).
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Depot API', version: '1' },
      servers: [{ url: 'https://depot.example' }],
      paths: { '/crates/{crate}': { get: { operationId: 'getCrate', summary: 'Get a crate', parameters: [{ name: 'crate', in: 'path', required: true, schema: { type: 'string' }, example: 'c\ud800' }], responses: { '200': { description: 'The crate.' } } } } },
    } as unknown as OpenApiDocument;
    const diagnostics = new Diagnostics();
    const [entry] = listOperations(spec);
    const view = operationView(spec, entry, (text) => text, (code) => code, { guard: enrichmentGuard(diagnostics, locate) });
    assert.equal(view.summary, 'Get a crate');
    assert.deepEqual(view.samples, []);
    assert.equal(diagnostics.warnings.length, 1);
    assert.match(diagnostics.warnings[0].message, /^at \/paths\/~1crates~1\{crate\}\/get: the request samples could not be made \(URIError: URI malformed\); the page is built without it$/);
  });

  test('a validator that throws on an example leaves that example unchecked, with a warning at the example', () => {
    const diagnostics = new Diagnostics();
    const check = responseExampleCheck({
      validator: {
        openapi: '3.0.3',
        validate: () => {
          throw new Error('reference "tag-7" resolves to more than one schema');
        },
      },
      diagnostics,
      locate,
      guard: enrichmentGuard(diagnostics, locate),
    });
    const label = check({ status: '200', mediaPointer: '/paths/~1crates/get/responses/200/content/application~1json', examplePointer: '/paths/~1crates/get/responses/200/content/application~1json/example', code: '{"name":"Oak"}' });
    assert.equal(label, undefined);
    assert.deepEqual(diagnostics.warnings.map((warning) => warning.message), [
      'at /paths/~1crates/get/responses/200/content/application~1json/example: the check of the 200 response\'s example against its schema could not be made (reference "tag-7" resolves to more than one schema); the page is built without it',
    ]);
  });

  test('a pair of versions the comparison fails on keeps its changelog section, saying so, and the build warns', () => {
    const version = (number: string) => ({ openapi: '3.0.3', info: { title: 'Depot API', version: number }, paths: {} });
    const unreadable = version('2');
    // A value no comparison can read: reading its paths throws.
    Object.defineProperty(unreadable, 'paths', { enumerable: true, get: () => { throw new Error('paths cannot be read'); } });
    const diagnostics = new Diagnostics();
    const page = apiChangelogPage(
      { spec: 'depot.yaml', folder: 'depot/api', area: 'vpaas' } as never,
      'vpaas',
      [
        { document: unreadable as unknown as OpenApiDocument, file: 'depot.yaml', date: '2026-02-01' },
        { document: version('1') as unknown as OpenApiDocument, file: 'history/depot-1.yaml', date: '2026-01-01' },
      ],
      () => undefined,
      undefined,
      enrichmentGuard(diagnostics, locate),
    );
    assert.ok(bodyOf(page).includes('The changes between these two versions could not be listed.'));
    assert.equal(diagnostics.warnings.length, 1);
    assert.match(diagnostics.warnings[0].message, /^at \/: the comparison of history\/depot-1\.yaml with depot\.yaml for the changelog could not be made \(paths cannot be read\); the page is built without it$/);
  });
});

describe('the changelog of a description with a circular schema', () => {
  // A tree node whose children are nodes: dereferenced, a cycle of objects that api-smart-diff
  // walked without end (the build never finished). The $refs kept are compared instead.
  const version = (number: string, nameType: string) => `openapi: 3.0.3
info: { title: Tree API, version: '${number}' }
paths:
  /trees/{id}:
    get:
      operationId: getTree
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: The tree.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Node' }
components:
  schemas:
    Node:
      type: object
      properties:
        name: { type: ${nameType} }
        children: { type: array, items: { $ref: '#/components/schemas/Node' } }
`;

  test('is made, listing what changed', async () => {
    const root = specFolder({ 'tree.yaml': version('2', 'integer'), 'tree-1.yaml': version('1', 'string') });
    const config = validateConfig({ ...fixtureConfig, openapi: [{ spec: 'tree.yaml', area: 'vpaas', folder: 'vpaas/tree', sidebar: { label: 'Tree' } }], history: { packages: {}, specs: { 'tree.yaml': [{ spec: 'tree-1.yaml', date: '2026-01-01' }] } } });
    const loaded = await loadSpec(path.join(root, 'tree.yaml'), 'tree.yaml', [root]);
    const diagnostics = new Diagnostics();
    const page = await buildApiChangelog(root, config, config.openapi[0], loaded, '2026-02-01', () => undefined, diagnostics, enrichmentGuard(diagnostics, loaded.locate));
    assert.deepEqual(diagnostics.problems, []);
    assert.ok(page);
    assert.match(bodyOf(page), /GET \/trees\/\{id\}<\/code>: the type of the response 200 body field <code>name<\/code> changed from <code>string<\/code> to <code>integer<\/code>/);
  });
});

describe('an example whose $ref leads back into itself', () => {
  // Dereferenced, the example is a cycle of objects: no JSON text can show it.
  const spec = `openapi: 3.0.3
info: { title: Loop API, version: '1' }
servers: [{ url: 'https://loops.example' }]
paths:
  /loops:
    post:
      operationId: addLoop
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Loop' }
      responses:
        '200':
          description: The loop.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Loop' }
components:
  schemas:
    Loop:
      type: object
      properties: { next: { type: object } }
      example: { next: { $ref: '#/components/schemas/Loop/example' } }
`;

  test('is left out of its page, with a warning for each place it would have been shown', async () => {
    const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.deepEqual(diagnostics.errors, []);
    assert.ok(pages.some((page) => page.route === '/docs/vpaas/api/add-loop'));
    assert.deepEqual(diagnostics.warnings.map((warning) => `${warning.file}:${warning.line !== undefined} ${warning.message.replace(/ \(.*\);/, ';')}`), [
      'api.yaml:true at /paths/~1loops/post/requestBody: the request body example could not be made; the page is built without it',
      'api.yaml:true at /paths/~1loops/post/responses/200: the examples of the 200 response could not be made; the page is built without it',
      'api.yaml:true at /paths/~1loops/post: the request samples could not be made; the page is built without it',
    ]);
  });
});
