import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/fixtures.ts';

// The suites get the real site and the third-party inputs through one helper each, which never
// tests a stale build and never skips in silence. A suite reaching for the checkout's dist/ or
// for ../shared/thirdparty by itself would bring both problems back.

const testRoot = path.join(repoRoot, 'test');
const sources = fs
  .readdirSync(testRoot, { recursive: true })
  .map(String)
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(`fixtures${path.sep}`))
  .map((file) => ({ file: path.join('test', file), text: fs.readFileSync(path.join(testRoot, file), 'utf8') }));

const thisFile = path.join('test', 'unit', 'test-suite-inputs.test.ts');

/** Every line of the test sources matching `pattern`, as "file:line: text", except in the helper that owns it (and here). */
function offending(pattern: RegExp, helper: string): string[] {
  return sources
    .filter((source) => source.file !== helper && source.file !== thisFile)
    .flatMap((source) => source.text.split('\n').flatMap((line, index) => (pattern.test(line) ? [`${source.file}:${index + 1}: ${line.trim()}`] : [])));
}

test('no suite reads or builds the checkout\'s own dist/: the real site comes from realSite()', () => {
  // path.join(repoRoot, 'dist'), path.join(repo, 'dist'), or `portal build` with no --out.
  const dist = /\b(?:repoRoot|repo),\s*'dist'|\['bin\/portal\.mjs',\s*'build'\]/;
  assert.deepEqual(offending(dist, path.join('test', 'helpers', 'real-site.ts')), [], 'use realSite() from test/helpers/real-site.ts');
});

test('no suite finds ../shared/thirdparty by itself: requireThirdParty() fails in CI and skips with a reason elsewhere', () => {
  const thirdParty = /['"`][^'"`\n]*shared\/thirdparty|'shared',\s*'thirdparty'/;
  assert.deepEqual(offending(thirdParty, path.join('test', 'helpers', 'thirdparty.ts')), [], 'use requireThirdParty() from test/helpers/thirdparty.ts');
});

test('the unit tier runs no compiler, TypeDoc or real site: those tests belong to test/integration or test/content', () => {
  // The TypeScript compiler, a TypeDoc run, the real portal's config (its real specs and packages)
  // or the built real site each cost seconds to minutes; npm run test:quick must stay under a minute.
  const slow = /from 'typescript'|\bbuildPackageReference\b|\bdeclarationProgram\b|'(?:\.\.\/)+portal\.config\.ts'|\brealSite\(/;
  const unitFiles = (line: string) => line.startsWith(`${path.join('test', 'unit')}${path.sep}`);
  assert.deepEqual(offending(slow, '').filter(unitFiles), [], 'move the test to test/integration (or test/content for checks of the real content)');
});
