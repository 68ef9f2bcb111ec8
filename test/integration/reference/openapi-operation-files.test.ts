import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiReference, bodyOf, specFolder, textOf } from '../../helpers/openapi.ts';

// Large descriptions keep each operation in a file of its own, named per method from the path
// item, with $refs inside relative to that file. An operation whose schemas were recursive
// somewhere below was checked as a bare $ref ("must have required property 'responses'").
const greenhouse = fileURLToPath(new URL('../../fixtures/openapi/greenhouse', import.meta.url));

describe('operations in files of their own', () => {
  test('the greenhouse description validates, and every operation page shows its responses and their headers', async () => {
    const { pages, diagnostics } = await apiReference(greenhouse, { spec: 'spec/openapi.yaml' });
    // The sampler cannot build a valid example of the recursive Plant (each companion is a Plant
    // that requires its own fields): that one example is shown unchecked, with a warning saying so.
    assert.deepEqual(diagnostics.problems.filter((problem) => !/example built from the schema .* does not validate/.test(problem.message)), []);
    const page = (slug: string) => textOf(bodyOf(pages.find((candidate) => candidate.route === `/docs/vpaas/api/${slug}`)));
    const expected: Record<string, RegExp[]> = {
      'list-beds': [/Every bed in the greenhouse/, /How many more requests the key may make/, /The key is missing or has been revoked/, /The scheme the greenhouse expects a key in/],
      'create-bed': [/The bed is dug and ready for planting/, /The address of what was just made/, /Length of the bed in metres/],
      'list-plants': [/Every plant in the bed, oldest first/, /The Latin name on the seed packet/, /No bed or sensor has that number/, /The number painted on the end of the bed/],
      'plant-seedling': [/The seedling is in the ground/, /Another plant already grows at that spot/, /Plants that grow well beside this one/],
      'list-readings': [/Soil moisture readings, one an hour/, /The serial number on the back of the sensor/, /What went wrong, in a sentence/],
    };
    for (const [slug, texts] of Object.entries(expected)) {
      const text = page(slug);
      for (const wanted of texts) assert.match(text, wanted, `${slug}: ${wanted}`);
    }
  });

  test('an operation file named from two path items, with a recursive schema, validates too', async () => {
    const root = specFolder({});
    fs.cpSync(greenhouse, root, { recursive: true });
    const main = path.join(root, 'spec/openapi.yaml');
    fs.appendFileSync(main, "  /plots/{bedId}/plants:\n    parameters:\n      - $ref: 'shared/parameters.yml#/BedId'\n    get: { $ref: 'resources/beds/plants/list.yml' }\n");
    const { diagnostics } = await apiReference(root, { spec: 'spec/openapi.yaml' });
    // The second path lists the same operationId: that is the one problem, not missing responses.
    assert.equal(diagnostics.errors.length, 1, JSON.stringify(diagnostics.errors));
    assert.match(diagnostics.errors[0].message, /listPlants/);
  });
});

describe('a large description with many problems', () => {
  test('each problem is reported where it is written, past the 20 the validator details', async () => {
    const operations = Array.from({ length: 26 }, (_, index) =>
      index === 25
        ? `  /crates/${index}:\n    get:\n      operationId: crate${index}\n      parameters:\n        - { name: id, in: body, schema: { type: string } }\n      responses:\n        '200': { description: A crate. }\n`
        : `  /crates/${index}:\n    get:\n      operationId: crate${index}\n      summary: Crate number ${index}, with its responses forgotten\n`,
    ).join('');
    // Over 5 MB of JSON: the size at which the validator stops wording problems after the 20th.
    const spec = `openapi: 3.0.3\ninfo:\n  title: Crates\n  version: '1'\n  description: ${'Crates stack. '.repeat(380_000)}\npaths:\n${operations}`;
    const root = specFolder({ 'crates.yaml': spec });
    const { diagnostics } = await apiReference(root, { spec: 'crates.yaml' });
    const lines = spec.split('\n');
    const lineOf = (text: string) => lines.findIndex((line) => line.includes(text)) + 1;
    assert.equal(diagnostics.errors.length, 26, diagnostics.errors.map((error) => error.message).join('\n'));
    assert.ok(diagnostics.errors.every((error) => !/did not detail/.test(error.message)));
    for (let index = 0; index < 25; index++) {
      const problem = diagnostics.errors.find((error) => error.message.includes(`/paths/~1crates~1${index}/get:`));
      assert.ok(problem, `the operation /crates/${index} is reported`);
      assert.equal(problem.file, 'crates.yaml');
      assert.equal(problem.line, lineOf(`  /crates/${index}:`) + 1, `the line of /crates/${index} get`);
      assert.match(problem.message, /must have required property 'responses'/);
    }
    const parameter = diagnostics.errors.find((error) => error.message.includes('/parameters/0'));
    assert.ok(parameter, 'the parameter in the body is reported');
    assert.equal(parameter.line, lineOf('in: body'));
  });

  test('the same in OpenAPI 3.1, whose schema the rest are checked against is its own', async () => {
    const operations = Array.from({ length: 24 }, (_, index) => `  /bins/${index}:\n    get:\n      operationId: bin${index}\n      parameters:\n        - { name: id, in: cookie-jar, schema: { type: string } }\n`).join('');
    const spec = `openapi: 3.1.0\ninfo:\n  title: Bins\n  version: '1'\n  description: ${'Bins fill. '.repeat(480_000)}\npaths:\n${operations}`;
    const { diagnostics } = await apiReference(specFolder({ 'bins.yaml': spec }), { spec: 'bins.yaml' });
    const lines = spec.split('\n');
    assert.equal(diagnostics.errors.length, 24, diagnostics.errors.map((error) => error.message).join('\n'));
    for (let index = 0; index < 24; index++) {
      const problem = diagnostics.errors.find((error) => error.message.includes(`/paths/~1bins~1${index}/get/parameters/0`));
      assert.ok(problem, `the parameter of /bins/${index} is reported`);
      assert.equal(problem.line, lines.findIndex((line) => line.includes(`/bins/${index}:`)) + 5);
    }
  });
});
