import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readSampleChecks, responseExampleLabel } from '../../../src/markdown/sample-checks.ts';
import { schemaValidator } from '../../../src/openapi/response-validator.ts';
import { sampleCheckLine } from '../../../src/shared/sample-check.ts';
import type { Page } from '../../../src/page.ts';
import { repoRoot } from '../../helpers/fixtures.ts';
import { apiReference, bodyOf, specFolder, textOf, twinOf } from '../../helpers/openapi.ts';

// The build validates each JSON response example against its response's schema: only one that
// passed carries the "checked" line (on the page and in the twin), and one that fails is shown
// without it while the build says where it is, what does not match and how to fix it.

const checks = readSampleChecks(repoRoot);
const line = (status: string) => sampleCheckLine(responseExampleLabel(checks, status)!);

const spec = `openapi: 3.0.3
info: { title: Garden API, version: '1' }
paths:
  /plants:
    get:
      operationId: listPlants
      responses:
        '200':
          description: The plants.
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Plant' }
              examples:
                good:
                  summary: Two plants
                  value: [{ id: 1, name: Fern, watered: null }, { id: 2, name: Moss, watered: '2024-05-01' }]
                broken:
                  summary: An id as text
                  value: [{ id: 'three', name: Ivy }]
  /plants/{id}:
    get:
      operationId: getPlant
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses:
        '200':
          description: The plant.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Plant' }
components:
  schemas:
    Plant:
      type: object
      required: [id, name]
      properties:
        id: { type: integer }
        name: { type: string }
        watered: { type: string, format: date, nullable: true }
`;

const operation = (pages: Page[], slug: string) => pages.find((page) => page.route === `/docs/vpaas/api/${slug}`)!;
const examplesOf = (page: Page) => (page.kind === 'api-operation' ? page.body.view.responses.flatMap((response) => response.examples) : []);

describe('response examples are validated by the build', () => {
  test('an example that violates its schema is shown without the checked line, and the build names the file, line, pointer and fix', async () => {
    const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' }, undefined, checks);
    assert.deepEqual(diagnostics.errors, []);
    assert.equal(diagnostics.warnings.length, 1, diagnostics.warnings.map((warning) => warning.message).join('\n'));
    const [warning] = diagnostics.warnings;
    assert.equal(warning.file, 'api.yaml');
    // The line of the example's value, under `broken:`.
    assert.equal(warning.line, spec.split('\n').findIndex((text) => text.includes("value: [{ id: 'three'")) + 1);
    assert.match(warning.message, /^at \/paths\/~1plants\/get\/responses\/200\/content\/application~1json\/examples\/broken\/value: the example of the 200 response does not validate against its schema \(Ajv, OpenAPI 3\.0\.3\): at \/0\/id it must be integer/);
    assert.match(warning.hint ?? '', /Correct the example, or the schema/);

    const list = operation(pages, 'list-plants');
    const [good, broken] = examplesOf(list);
    assert.equal(good.label, 'Two plants');
    // `nullable` (OpenAPI 3.0) and `format: date` are understood: the good example passes.
    assert.deepEqual(good.check, responseExampleLabel(checks, '200'));
    assert.equal(broken.label, 'An id as text');
    assert.equal(broken.check, undefined);
    const text = textOf(bodyOf(list));
    assert.equal(text.split(line('200')).length - 1, 1, 'one checked line on the page, for the good example');
    assert.ok(text.indexOf(line('200')) < text.indexOf('An id as text'), 'the line is under the good example');
    const twin = twinOf(list);
    assert.match(twin, /Two plants:\n\n```json\n[\s\S]*?\n```\n✓ Checked with Ajv 8\.20 · parsed as JSON and validated against the 200 response schema\n/);
    assert.match(twin, /An id as text:\n\n```json\n[^`]*\n```(\n\n|$)/);

    // An example built from the schema validates too, and says so.
    const [built] = examplesOf(operation(pages, 'get-plant'));
    assert.equal(built.label, 'Example (from the schema)');
    assert.deepEqual(built.check, responseExampleLabel(checks, '200'));
    assert.ok(textOf(bodyOf(operation(pages, 'get-plant'))).includes(line('200')));
  });

  test('an example the registry has no entry for is still validated, but labelled by nothing', async () => {
    const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.equal(diagnostics.warnings.length, 1);
    assert.deepEqual(examplesOf(operation(pages, 'list-plants')).map((example) => example.check), [undefined, undefined]);
  });

  test('the JSON Schema draft follows the OpenAPI version: 2020-12 for 3.1, draft-07 with nullable for 3.0', () => {
    const document = (openapi: string) => ({ openapi, components: { schemas: { Pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }] }, Maybe: { type: 'string', nullable: true } } } });
    assert.deepEqual(schemaValidator(document('3.1.0')).validate('/components/schemas/Pair', ['a', 'b']), { valid: false, mismatch: { instancePath: '/0', message: 'must be integer' } });
    // draft-07 has no prefixItems: the same body passes there.
    assert.deepEqual(schemaValidator(document('3.0.3')).validate('/components/schemas/Pair', ['a', 'b']), { valid: true });
    assert.deepEqual(schemaValidator(document('3.0.3')).validate('/components/schemas/Maybe', null), { valid: true });
    assert.deepEqual(schemaValidator(document('3.0.3')).validate('/components/schemas/Nothing', null), { valid: false, unusable: 'no schema at /components/schemas/Nothing' });
  });
});

// Example data is data: an example object with a `$id` member (as a storage API's labels have) is
// never read by Ajv as a schema id. Two such examples with the same `$id` once stopped the build
// with "reference ... resolves to more than one schema".
const labelled = (openapi: string) => `openapi: ${openapi}
info: { title: Shelf API, version: '1' }
paths:
  /shelves/{id}:
    get:
      operationId: getShelf
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: The shelf.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Shelf' }
              examples:
                first: { value: { name: Oak, labels: { colour: { $id: tag-7, id: tag-7, $anchor: tag, text: red } } } }
                second: { value: { name: Pine, labels: { colour: { $id: tag-7, id: tag-7, $anchor: tag, text: blue } } } }
components:
  schemas:
    Shelf:
      type: object
      required: [name]
      properties:
        name: { type: string }
        example: { type: integer, description: A property that happens to be named like the keyword. }
        labels:
          type: object
          additionalProperties:
            type: object
            properties: { text: { type: string } }
            example: { $id: tag-7, text: green }
          example: { colour: { $id: tag-7, text: yellow } }
`;

describe('example data is never read as a schema', () => {
  for (const openapi of ['3.0.3', '3.1.0']) {
    test(`OpenAPI ${openapi}: examples whose objects share a "$id" are validated, not taken for schema ids`, async () => {
      const { pages, diagnostics } = await apiReference(specFolder({ 'api.yaml': labelled(openapi) }), { spec: 'api.yaml' }, undefined, checks);
      assert.deepEqual(diagnostics.problems, []);
      assert.deepEqual(examplesOf(operation(pages, 'get-shelf')).map((example) => example.check), [responseExampleLabel(checks, '200'), responseExampleLabel(checks, '200')]);
    });
  }

  test('a property named like an example keyword is still a property', () => {
    const validator = schemaValidator({ openapi: '3.0.3', components: { schemas: { Shelf: { type: 'object', properties: { example: { type: 'integer' }, 'x-size': { type: 'integer' } }, example: { $id: 'a' }, 'x-note': { $id: 'a' } } } } });
    assert.deepEqual(validator.validate('/components/schemas/Shelf', { example: 'text' }), { valid: false, mismatch: { instancePath: '/example', message: 'must be integer' } });
    assert.deepEqual(validator.validate('/components/schemas/Shelf', { 'x-size': 'text' }), { valid: false, mismatch: { instancePath: '/x-size', message: 'must be integer' } });
    assert.deepEqual(validator.validate('/components/schemas/Shelf', { example: 3, 'x-size': 4 }), { valid: true });
  });
});
