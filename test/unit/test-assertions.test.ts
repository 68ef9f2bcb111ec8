import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { assertionFreeTests } from '../helpers/assertion-free-tests.ts';
import { repoRoot } from '../helpers/fixtures.ts';

// Every test can fail: its body reaches an assertion (the rule is in test/helpers/assertion-free-tests.ts).

const testFiles = fs
  .readdirSync(path.join(repoRoot, 'test'), { recursive: true })
  .map(String)
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith(`fixtures${path.sep}`))
  .map((file) => path.join('test', file));

test('no test of any suite is without an assertion', () => {
  assert.ok(testFiles.length > 100, `only ${testFiles.length} test files found`);
  assert.deepEqual(testFiles.flatMap((file) => assertionFreeTests(path.join(repoRoot, file), file)), []);
});

test('the rule finds a test that only logs, and accepts one that asserts through a helper or throws', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-assertions-'));
  after(() => fs.rmSync(folder, { recursive: true, force: true }));
  const file = path.join(folder, 'planted.test.ts');
  fs.writeFileSync(
    file,
    [
      "import assert from 'node:assert/strict';",
      "import { test } from 'node:test';",
      'const same = (a: number, b: number) => assert.equal(a, b);',
      "test('logs only', () => console.log('counts'));",
      "test('through a helper', () => same(1, 1));",
      "test('throws', () => { if (Math.random() > 2) throw new Error('never'); });",
      "test('directly', async (t) => { t.assert.ok(true); });",
    ].join('\n'),
  );
  assert.deepEqual(assertionFreeTests(file, 'planted.test.ts'), ['planted.test.ts:4  logs only']);
});
