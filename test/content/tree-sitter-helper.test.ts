import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseErrors, parseTree } from '../helpers/tree-sitter.ts';

// The parser the Swift and C# verifiers rely on: clean code has no errors, broken code is placed.

test('valid Swift and C# parse without errors', async () => {
  assert.deepEqual(await parseErrors('swift', 'import Foundation\nlet value = try await client.fetch(id: 1)\nif let value { print(value) }\n'), []);
  assert.deepEqual(await parseErrors('c_sharp', 'using System;\nclass A { void M() { var x = new Uri("https://example.com"); } }\n'), []);
  assert.deepEqual(await parseErrors('csharp', 'var x = 1;\n'), []);
});

test('broken Swift and C# report the line and column of the error', async () => {
  const swift = await parseErrors('swift', 'let a = 1\nfunc f( {\n');
  assert.ok(swift.length > 0);
  assert.equal(swift[0].line, 2);
  assert.match(swift[0].message, /syntax error/);
  const csharp = await parseErrors('c_sharp', 'class A {\n  void M() { var x = ; }\n}\n');
  assert.ok(csharp.length > 0);
  assert.equal(csharp[0].line, 2);
});

test('the tree names calls and members for symbol checks', async () => {
  const tree = await parseTree('swift', 'let c = builder.conference(node: n, alias: "a")\n');
  assert.match(tree.rootNode.toString(), /call_expression/);
  tree.delete();
});

test('an unknown grammar is refused with the known ones listed', async () => {
  await assert.rejects(parseErrors('cobol', 'x'), /No tree-sitter grammar for "cobol".*\n.*swift/);
});
