import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkFor, contentBlocks, pinOf, printCounts } from '../helpers/verified-blocks.ts';
import { checkPythonBlocks } from '../verifiers/python.ts';

const version = pinOf('python', 'python');

test('every Python block in the content byte-compiles with the pinned Python', () => {
  const found = contentBlocks(['python', 'py']);
  found.blocks.forEach(checkFor);
  const problems = checkPythonBlocks(found.blocks, version);
  printCounts(`Python ${version}`, found);
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('the Python check reports a SyntaxError at its page line, and newer syntax fails on the pinned Python', () => {
  const block = { file: path.join(repoRoot, 'content', 'docs', 'fixture.md'), line: 12, language: 'python', meta: '', code: 'import json\n\ndef total(items)\n    return sum(items)\n' };
  const good = { ...block, code: 'def total(items: list[int]) -> int:\n    return sum(items)\n' };
  // PEP 695 generics arrived in Python 3.12: a reader on 3.11 gets a SyntaxError.
  const newer = { ...block, code: 'def first[T](items: list[T]) -> T:\n    return items[0]\n' };
  const problems = checkPythonBlocks([block, good, newer], version);
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems[0], /^content\/docs\/fixture\.md:14:\d+: Python 3\.11 SyntaxError/);
  assert.match(problems[1], /^content\/docs\/fixture\.md:12:\d+: Python 3\.11 SyntaxError/);
});
