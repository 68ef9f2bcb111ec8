import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkFor, contentBlocks, printCounts } from '../helpers/verified-blocks.ts';
import { checkJsonBlock } from '../verifiers/json.ts';

test('every JSON block in the content is strict JSON', () => {
  const found = contentBlocks(['json']);
  assert.ok(found.blocks.length > 10, `expected the pages' JSON blocks, found ${found.blocks.length}`);
  found.blocks.forEach(checkFor);
  const problems = found.blocks.flatMap(checkJsonBlock);
  printCounts('JSON', found);
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('the JSON check names the page line and column of comments and trailing commas', () => {
  const block = { file: path.join(repoRoot, 'content', 'docs', 'fixture.md'), line: 20, language: 'json', meta: '', code: '{\n  "name": "demo",\n  // a comment\n  "port": 3000\n}\n' };
  assert.match(checkJsonBlock(block).join('\n'), /^content\/docs\/fixture\.md:22:3: invalid JSON/);
  assert.match(checkJsonBlock({ ...block, code: '{\n  "a": 1,\n}\n' }).join('\n'), /fixture\.md:22:1: invalid JSON/);
  assert.deepEqual(checkJsonBlock({ ...block, code: '{ "a": [1, 2] }\n' }), []);
});
