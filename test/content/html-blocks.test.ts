import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkFor, contentBlocks, printCounts } from '../helpers/verified-blocks.ts';
import { checkHtmlBlock } from '../verifiers/html.ts';

test('every HTML block in the content parses without HTML parse errors', () => {
  const found = contentBlocks(['html']);
  found.blocks.forEach(checkFor);
  const problems = found.blocks.flatMap(checkHtmlBlock);
  printCounts('HTML', found);
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('the HTML check reports parse errors at their page line', () => {
  const block = { file: path.join(repoRoot, 'content', 'docs', 'fixture.md'), line: 3, language: 'html', meta: '', code: '<div>\n  <p class="a" class="b">Hi</p>\n  <!-- never closed\n</div>\n' };
  const problems = checkHtmlBlock(block).join('\n');
  assert.match(problems, /content\/docs\/fixture\.md:4:\d+: HTML parse error \(duplicate-attribute\)/);
  assert.match(problems, /HTML parse error \(eof-in-comment\)/);
  assert.deepEqual(checkHtmlBlock({ ...block, code: '<script src="app.js" defer></script>\n<div id="root"></div>\n' }), []);
});
