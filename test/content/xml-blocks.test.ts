import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkFor, contentBlocks, pinOf, printCounts } from '../helpers/verified-blocks.ts';
import { checkXmlBlock } from '../verifiers/xml.ts';

const version = pinOf('xml', 'xml') as '1.0' | '1.1';

test('every XML block in the content is well-formed XML', () => {
  const found = contentBlocks(['xml']);
  assert.ok(found.blocks.length > 10, `expected the Android pages' XML blocks, found ${found.blocks.length}`);
  found.blocks.forEach(checkFor);
  const problems = found.blocks.flatMap((block) => checkXmlBlock(block, version));
  printCounts(`XML ${version}`, found);
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('the XML check places unclosed tags and undeclared prefixes; Android prefixes need no declaration', () => {
  const block = { file: path.join(repoRoot, 'content', 'docs', 'fixture.md'), line: 30, language: 'xml', meta: '', code: '<LinearLayout\n    android:layout_width="match_parent">\n    <TextView android:text="Hi">\n</LinearLayout>\n' };
  assert.match(checkXmlBlock(block, version).join('\n'), /^content\/docs\/fixture\.md:33:\d+: not well-formed XML: unexpected close tag/);
  assert.match(checkXmlBlock({ ...block, code: '<a foo:bar="1"/>\n' }, version).join('\n'), /fixture\.md:30:\d+: not well-formed XML: .*prefix/);
  assert.match(checkXmlBlock({ ...block, code: '<?xml version="1.0"?>\n<a android:x="1"/>\n' }, version).join('\n'), /fixture\.md:31:\d+: not well-formed XML: .*prefix/);
  assert.deepEqual(checkXmlBlock({ ...block, code: '<string name="a">A</string>\n<string name="b">B</string>\n' }, version), []);
  assert.deepEqual(checkXmlBlock({ ...block, code: '<View android:id="@+id/v" app:x="1" tools:y="2" />\n' }, version), []);
});
