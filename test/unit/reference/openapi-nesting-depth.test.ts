import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDocument } from 'yaml';
import { maxNestingDepth, tooDeepAt, tooDeepIn } from '../../../src/openapi/nesting-depth.ts';
import { apiReference, specFolder } from '../../helpers/openapi.ts';

// A schema nested thousands of levels deep (properties inside properties…) overflowed the YAML
// parser's recursion, and the build said "the spec is not valid YAML". It is refused as too deep,
// at the place it goes past the limit; a deep schema within the limit builds.

/** A response schema `levels` objects deep, as block YAML (indentation) or as JSON (brackets). */
function deepSpec(levels: number, form: 'yaml' | 'json'): string {
  if (form === 'json') {
    let schema = '{"type":"string"}';
    for (let level = levels - 1; level >= 0; level--) schema = `{"type":"object","properties":{"level${level}":${schema}}}`;
    return `{"openapi":"3.0.3","info":{"title":"Deep API","version":"1"},"paths":{"/deep":{"get":{"operationId":"getDeep","responses":{"200":{"description":"Deep.","content":{"application/json":{"schema":${schema}}}}}}}}}`;
  }
  const lines = ['openapi: 3.0.3', "info: { title: Deep API, version: '1' }", 'paths:', '  /deep:', '    get:', '      operationId: getDeep', '      responses:', "        '200':", '          description: Deep.', '          content:', '            application/json:', '              schema:'];
  let indent = 16;
  for (let level = 0; level < levels; level++) {
    lines.push(`${' '.repeat(indent)}type: object`, `${' '.repeat(indent)}properties:`, `${' '.repeat(indent + 2)}level${level}:`);
    indent += 4;
  }
  lines.push(`${' '.repeat(indent)}type: string`);
  return `${lines.join('\n')}\n`;
}

for (const form of ['yaml', 'json'] as const) {
  test(`a schema 3,000 levels deep (${form}) is refused as nested too deep, at the JSON pointer and line where it goes past the limit`, async () => {
    const file = `deep.${form}`;
    const { pages, diagnostics } = await apiReference(specFolder({ [file]: deepSpec(3000, form) }), { spec: file });
    assert.equal(pages.length, 0);
    assert.equal(diagnostics.errors.length, 1, diagnostics.errors.map((error) => error.message).join('\n'));
    const [error] = diagnostics.errors;
    assert.doesNotMatch(error.message, /not valid YAML|call stack/);
    assert.match(error.message, new RegExp(`^invalid OpenAPI at /paths/~1deep/get/responses/200/content/application~1json/schema/.*/properties/level\\d+: values nest deeper than ${maxNestingDepth} levels`));
    assert.equal(error.file, file);
    assert.ok(error.line !== undefined && error.column !== undefined, 'a line and column');
    // Block YAML: the line of the first value past the limit (each level takes three lines).
    if (form === 'yaml') assert.ok(error.line! > 500 && error.line! < 700, `line ${error.line}`);
  });
}

test('a deep schema within the limit builds', async () => {
  const { pages, diagnostics } = await apiReference(specFolder({ 'deep.json': deepSpec(190, 'json') }), { spec: 'deep.json' });
  assert.deepEqual(diagnostics.errors, []);
  assert.ok(pages.some((page) => page.route === '/docs/vpaas/api/get-deep'));
});

test('the depth is measured without recursion, whatever the nesting', () => {
  const deep = tooDeepAt(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
  assert.equal(deep?.pointer, `${'/0'.repeat(maxNestingDepth)}`);
  assert.equal(tooDeepAt('a: [1, 2, {b: c}]\n'), undefined);
  assert.deepEqual(tooDeepAt('a:\n  b:\n    c: 1\n', 2), { pointer: '/a/b', offset: 12 });
});

test('a document the parser composed is measured the same, on its nodes', () => {
  const text = 'a:\n  - b:\n      c: 1\n  - 2\n';
  const document = parseDocument(text);
  assert.deepEqual(tooDeepIn(document, 3), tooDeepAt(text, 3));
  assert.equal(tooDeepIn(document, 3)?.pointer, '/a/0/b');
  assert.equal(tooDeepIn(document, 4), undefined);
});
