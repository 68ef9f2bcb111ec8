import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkFor, contentBlocks, printCounts } from '../helpers/verified-blocks.ts';
import { checkCssBlock } from '../verifiers/css.ts';

test('every CSS block in the content parses without errors or warnings', async () => {
  const found = contentBlocks(['css']);
  found.blocks.forEach(checkFor);
  const problems = (await Promise.all(found.blocks.map(checkCssBlock))).flat();
  printCounts('CSS', found);
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('the CSS check reports syntax errors at their page line', async () => {
  const block = { file: path.join(repoRoot, 'content', 'docs', 'fixture.md'), line: 40, language: 'css', meta: '', code: '.card {\n  color: red;\n  padding: 4px\n  margin: 0;\n}\n.x { color: blue;\n' };
  const problems = (await checkCssBlock(block)).join('\n');
  assert.match(problems, /content\/docs\/fixture\.md:\d+:\d+: CSS: /);
  assert.deepEqual(await checkCssBlock({ ...block, code: '.card { color: var(--text, #333); }\n' }), []);
});
