import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';
import { checkFor, contentBlocks, pinOf, printCounts } from '../helpers/verified-blocks.ts';
import { checkYamlBlock } from '../verifiers/yaml.ts';

const version = pinOf('yaml', 'yaml') as '1.1' | '1.2';

test('every YAML block in the content parses as the pinned YAML version', () => {
  const found = contentBlocks(['yaml', 'yml']);
  found.blocks.forEach(checkFor);
  const problems = found.blocks.flatMap((block) => checkYamlBlock(block, version));
  printCounts(`YAML ${version}`, found);
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('the YAML check names the page line of bad indentation and duplicate keys', () => {
  const block = { file: path.join(repoRoot, 'content', 'docs', 'fixture.md'), line: 5, language: 'yaml', meta: '', code: 'server:\n  port: 3000\n   host: example.com\n' };
  assert.match(checkYamlBlock(block, version).join('\n'), /^content\/docs\/fixture\.md:6:9: invalid YAML 1\.2: Nested mappings are not allowed in compact mappings\n/);
  assert.match(checkYamlBlock({ ...block, code: 'a: 1\na: 2\n' }, version).join('\n'), /fixture\.md:6:1: invalid YAML .*unique/i);
  assert.deepEqual(checkYamlBlock({ ...block, code: 'a:\n  - 1\n  - 2\n' }, version), []);
});
