import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readSampleChecks } from '../../src/markdown/sample-checks.ts';
import { type OperationSamples, portalOperationSamples } from '../helpers/api-samples.ts';
import { checkLabels } from '../helpers/check-labels.ts';
import { repoRoot } from '../helpers/fixtures.ts';
import { type PackageExample, packageExamples } from '../helpers/package-examples.ts';
import { realSite } from '../helpers/real-site.ts';

// Every label on every page of the real portal is the one content/sample-checks.json gives its
// block (so it names a check a verifier of this suite runs: check-labels.test.ts in test/unit
// holds each entry to its verifier), and each page's twin carries the same lines, each right
// after its block's closing fence.

const checks = readSampleChecks(repoRoot);
let dist: string;
let operations: OperationSamples[];
let examples: PackageExample[];
const planted = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-labels-'));

before(async () => {
  [dist, operations, examples] = await Promise.all([realSite(), portalOperationSamples(), packageExamples()]);
});
after(() => fs.rmSync(planted, { recursive: true, force: true }));

describe('the labels of the real portal', () => {
  test('every label is the registry\'s for its block, and every twin says the same after the same blocks', () => {
    const { problems, counts } = checkLabels(dist, checks, operations, examples);
    assert.deepEqual(problems, [], problems.join('\n'));
    console.log([...counts].sort((a, b) => b[1] - a[1]).map(([line, count]) => `${count}\t${line}`).join('\n'));
    // Each kind of block is there: guide blocks, API tabs and response examples, package examples checked and not.
    for (const line of ['✓ Checked with Ajv 8.20 · parsed as JSON and validated against the 200 response schema', '✓ Checked with Kotlin 2.2.21 · Pexip Android SDK 0.17.5 API', '✓ Checked with a run against a stand-in of the spec (Python 3.11 and requests, every documented status)', "Not checked: from the package's documentation"]) {
      assert.ok((counts.get(line) ?? 0) > 0, `no block says "${line}"`);
    }
    assert.ok([...counts.keys()].some((line) => /^✓ Checked with TypeScript 5\.9 · @pexip\/\S+ [\d.]+, with the package's own imports added$/.test(line)), 'no package example is labelled as compiled');
  });

  test('a label the registry does not give, or a twin that drops one, is reported', () => {
    // A copy of one API operation page and its twin, with the Python tab claiming the old label.
    const route = fs.readdirSync(path.join(dist, 'docs', 'vpaas', 'api'), { recursive: true }).map(String).find((file) => file.endsWith('index.html') && fs.readFileSync(path.join(dist, 'docs', 'vpaas', 'api', file), 'utf8').includes('run against a stand-in of the spec (Python'))!;
    const folder = path.join(planted, 'op');
    fs.mkdirSync(folder, { recursive: true });
    const html = fs.readFileSync(path.join(dist, 'docs', 'vpaas', 'api', route), 'utf8');
    fs.writeFileSync(path.join(folder, 'index.html'), html.replace('a run against a stand-in of the spec (Python 3.11 and requests, every documented status)', 'Python 3.11 (byte-compiled)'));
    const twin = fs.readFileSync(path.join(dist, 'docs', 'vpaas', 'api', `${path.dirname(route)}.md`), 'utf8');
    fs.writeFileSync(path.join(planted, 'op.md'), twin.replace(/\n✓ Checked with ShellCheck[^\n]*/, ''));
    const { problems } = checkLabels(planted, checks, operations, examples);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0], /^op\/index\.html: a python block is labelled "✓ Checked with Python 3\.11 \(byte-compiled\)", but the registry gives it "✓ Checked with a run against a stand-in of the spec \(Python 3\.11 and requests, every documented status\)"$/);
    assert.match(problems[1], /^op\.md: the twin's check lines differ from its page's labels/);
  });
});
