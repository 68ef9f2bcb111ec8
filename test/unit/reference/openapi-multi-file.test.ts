import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { apiReference, bodyOf, specFolder, textOf } from '../../helpers/openapi.ts';

// Descriptions split over files (like the Train Travel API) used to stop with "internal error":
// relative $refs were resolved against the working folder. They resolve against the file that
// holds them, and a problem is reported in the file and on the line that holds it.
const main = `openapi: 3.0.3
info:
  title: Kennel API
  version: '1'
  description: { $ref: ./docs/intro.md }
paths:
  /dogs/{id}:
    get:
      operationId: getDog
      parameters:
        - $ref: ./parameters.json#/DogId
      responses:
        '200': { $ref: '#/components/responses/Dog' }
components:
  responses:
    Dog:
      description: The dog.
      content:
        application/json:
          schema: { $ref: ./schemas/dog.yaml }
`;
const files = {
  'docs/intro.md': 'Kennels keep **dogs**, written in a Markdown file of its own.\n',
  'parameters.json': JSON.stringify({ DogId: { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The kennel number of the dog.' } }),
  'schemas/dog.yaml': 'type: object\nproperties:\n  name: { type: string, description: Called by this. }\n  owner: { $ref: ./owner.yaml }\n',
  'schemas/owner.yaml': 'type: object\nproperties:\n  phone: { type: string }\n',
};

function folder(overrides: Record<string, string> = {}): string {
  const root = specFolder({});
  for (const [name, text] of Object.entries({ 'api.yaml': main, ...files, ...overrides })) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('a description split over several files', () => {
  test('$refs resolve relative to the file they are in: YAML, JSON and a Markdown description', async () => {
    const { pages, diagnostics } = await apiReference(folder(), { spec: 'api.yaml' });
    assert.deepEqual(diagnostics.problems, []);
    const overview = textOf(bodyOf(pages.find((page) => page.kind === 'api-overview')));
    assert.match(overview, /Kennels keep dogs, written in a Markdown file/);
    const operation = textOf(bodyOf(pages.find((page) => page.route === '/docs/vpaas/api/get-dog')));
    assert.match(operation, /The kennel number of the dog/);
    assert.match(operation, /Called by this/);
    assert.match(operation, /phone/, 'a $ref in a referenced file resolves relative to that file');
  });

  test('a problem inside a referenced file is reported in that file, on its line', async () => {
    const { diagnostics } = await apiReference(folder({ 'schemas/owner.yaml': 'type: object\nrequired: yes\nproperties:\n  phone: { type: string }\n' }), { spec: 'api.yaml' });
    assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
    assert.equal(diagnostics.errors[0].file, 'schemas/owner.yaml');
    assert.equal(diagnostics.errors[0].line, 2);
    assert.match(diagnostics.errors[0].message, /\/required: must be array/);
  });

  test('a $ref to a missing file names the $ref, where it is written', async () => {
    const { diagnostics } = await apiReference(folder({ 'schemas/dog.yaml': 'type: object\nproperties:\n  owner: { $ref: ./ownr.yaml }\n' }), { spec: 'api.yaml' });
    assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
    assert.equal(diagnostics.errors[0].file, 'schemas/dog.yaml');
    assert.equal(diagnostics.errors[0].line, 3);
    assert.match(diagnostics.errors[0].message, /cannot read "\.\/ownr\.yaml" \(ENOENT\)/);
    assert.match(diagnostics.errors[0].hint ?? '', /relative to the file it is written in/);
  });

  test('one problem reached through two $refs is reported once', async () => {
    const spec = main.replace("'200': { $ref: '#/components/responses/Dog' }", "'200': { $ref: '#/components/responses/Dog' }\n        '404': { $ref: '#/components/responses/Dog' }").replace('      description: The dog.\n', '');
    const { diagnostics } = await apiReference(folder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
    assert.equal(diagnostics.errors[0].line, 17);
    assert.match(diagnostics.errors[0].message, /must have required property 'description'/);
  });

  test('two files whose schemas are only $refs to each other are an error where the first is written, naming the loop', async () => {
    const { diagnostics, pages } = await apiReference(folder({ 'schemas/dog.yaml': "$ref: './owner.yaml'\n", 'schemas/owner.yaml': "$ref: './dog.yaml'\n" }), { spec: 'api.yaml' });
    assert.equal(pages.length, 0);
    assert.deepEqual(
      diagnostics.errors.map((problem) => [problem.file, problem.line, problem.message]),
      [['schemas/dog.yaml', 1, 'invalid OpenAPI: its $ref leads back to itself through nothing but $refs (schemas/dog.yaml -> schemas/owner.yaml -> schemas/dog.yaml), so it names no schema']],
    );
  });
});

describe('Swagger 2.0 and versions we do not read', () => {
  const swagger = `swagger: '2.0'
info: { title: Old Pets, version: '1.0' }
host: pets.example.test
basePath: /v1
schemes: [https]
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, type: string }
      responses:
        200: { description: A pet, schema: { $ref: '#/definitions/Pet' } }
definitions:
  Pet: { type: object, properties: { name: { type: string, description: The pet's name. } } }
`;

  test('a Swagger 2.0 file is converted for the build, with a note saying so', async () => {
    const { pages, diagnostics } = await apiReference(specFolder({ 'swagger.yaml': swagger }), { spec: 'swagger.yaml' });
    assert.deepEqual(diagnostics.errors, []);
    assert.equal(diagnostics.warnings.length, 1);
    assert.match(diagnostics.warnings[0].message, /Swagger 2\.0 converted to OpenAPI 3\.0\.\d+ for this build/);
    const operation = bodyOf(pages.find((page) => page.route === '/docs/vpaas/api/get-pet'));
    assert.match(textOf(operation), /The pet's name\./);
    assert.match(textOf(operation), /https:\/\/pets\.example\.test\/v1/);
  });

  test('OpenAPI 3.2 is refused with its line and what is read', async () => {
    const { diagnostics } = await apiReference(specFolder({ 'api.yaml': 'openapi: 3.2.0\ninfo: { title: New, version: "1" }\npaths: {}\n' }), { spec: 'api.yaml' });
    assert.equal(diagnostics.errors.length, 1);
    assert.match(diagnostics.errors[0].message, /OpenAPI 3\.2\.0 is not supported \(3\.0\.x and 3\.1\.x are\)/);
    assert.equal(diagnostics.errors[0].line, 1);
  });

  // What @directus/specs and @blockfrost/openapi taught: a request body whose schema is null,
  // and a 3.0 schema typed "null" (a 3.1 spelling), are refused where they are written.
  test('a null schema and a 3.0 "type: null" are refused at their line and pointer, each once', async () => {
    const spec = `openapi: 3.0.3
info: { title: Slips, version: '1' }
paths:
  /items:
    post:
      requestBody:
        content:
          application/json:
            schema: null
      responses: { '201': { description: Created } }
  /notes:
    get:
      responses:
        '200':
          description: A note.
          content:
            application/json:
              schema:
                anyOf:
                  - type: string
                  - type: 'null'
`;
    const { diagnostics } = await apiReference(specFolder({ 'api.yaml': spec }), { spec: 'api.yaml' });
    assert.deepEqual(
      diagnostics.errors.map((error) => [error.line, error.message.replace(/: .*$/, '')]),
      [
        [9, 'invalid OpenAPI at /paths/~1items/post/requestBody/content/application~1json/schema'],
        [21, 'invalid OpenAPI at /paths/~1notes/get/responses/200/content/application~1json/schema/anyOf/1/type'],
      ],
    );
  });
});
