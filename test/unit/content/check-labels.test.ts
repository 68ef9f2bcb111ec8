import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { validateConfig } from '../../../src/config/load.ts';
import { AssetRegistry } from '../../../src/content/assets.ts';
import { createContentProcessor, createDocRendering, referenceMarkdown } from '../../../src/content/doc-pages.ts';
import { apiSampleLabel, exampleDigest, packageExampleLabel, readSampleChecks, sampleCheckFor, type SampleChecks } from '../../../src/markdown/sample-checks.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { renderArticle } from '../../../src/kinds/article.tsx';
import { renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { guideTwin } from '../../../src/markdown-twins/guide.ts';
import { htmlToMarkdown } from '../../../src/markdown-twins/html-to-markdown.ts';
import { operationTwin } from '../../../src/markdown-twins/openapi.ts';
import { buildApiReference } from '../../../src/openapi/index.ts';
import { CodeBlock } from '../../../templates/content/CodeBlock.tsx';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';
import { fixturesRoot, repoRoot } from '../../helpers/fixtures.ts';

// Every label names the check that ran on its block, from the one registry
// (content/sample-checks.json), and the page and its Markdown twin say it in the same words.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
const contentRoot = path.join(root, 'content');
after(() => fs.rmSync(root, { recursive: true, force: true }));
const checks: SampleChecks = {
  contentRoot,
  checks: [
    { languages: ['ts'], checkedWith: 'TypeScript 5.9', pins: {} },
    { languages: ['python'], checkedWith: 'Python 3.11 (byte-compiled)', pins: {} },
    { languages: ['kotlin'], under: 'docs/android', checkedWith: 'Kotlin 2.2.21 · Pexip Android SDK 0.17.5 API', pins: {} },
  ],
  apiSamples: [
    { tabs: ['python'], checkedWith: 'Python 3.11 and requests, run against a stand-in for the API', pins: {}, verifier: 'test/content/api-samples.test.ts' },
    { tabs: ['curl'], checkedWith: 'ShellCheck 0.9.0 (as bash)', pins: {}, verifier: 'test/content/api-samples.test.ts' },
  ],
  packageExamples: {
    checkedWith: 'TypeScript 5.9',
    pins: {},
    verifier: 'test/content/package-examples.test.ts',
    compiled: [{ package: '@pexip/utils', example: exampleDigest('```ts\nround(1);\n```'), symbol: 'round' }],
    fragments: [],
  },
};
const processor = createContentProcessor([], new AssetRegistry(), { root, sampleChecks: checks });
const page = (markdown: string, file: string) => renderArticle(renderMarkdown(processor, markdown, path.join(contentRoot, file)).hast);
const twin = (markdown: string, file: string) =>
  guideTwin({ route: '/docs/page', title: 'Page', body: markdown, absoluteFile: path.join(contentRoot, file) }, createDocRendering([], new AssetRegistry(), { root, sampleChecks: checks }).twin);
/** The label line of the first block of some HTML, as a reader sees it. */
const shownLabel = (html: string) => /<p class="code-block-check">([\s\S]*?)<\/p>/.exec(html)?.[1].replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('which blocks a label is given to', () => {
  test('only the Markdown pages of content/ get the guides\' labels: not spec files, not package comments', () => {
    assert.equal(sampleCheckFor(checks, 'python', path.join(contentRoot, 'docs', 'a.md'))?.checkedWith, 'Python 3.11 (byte-compiled)');
    assert.equal(sampleCheckFor(checks, 'python', path.join(contentRoot, 'specs', 'api.openapi.yaml')), undefined);
    assert.equal(sampleCheckFor(checks, 'python', path.join(root, 'README.md')), undefined);
    // A package's @example was rendered as the page "reference.md", which took the TypeScript label.
    const diagnostics = new Diagnostics();
    assert.doesNotMatch(referenceMarkdown(processor, renderArticle, '```ts\nconst a = 1;\n```', diagnostics), /code-block-check/);
  });

  test('a package @example says whether the suite compiled it against its package', () => {
    const pkg = { name: '@pexip/utils', version: '17.0.0' };
    assert.deepEqual(packageExampleLabel(checks, pkg, '```ts\nround(1);\n```'), { checked: true, checkedWith: "TypeScript 5.9 · @pexip/utils 17.0.0, with the package's own imports added" });
    assert.deepEqual(packageExampleLabel(checks, pkg, '```ts\nround(2);\n```'), { checked: false, reason: "from the package's documentation" });
    assert.deepEqual(packageExampleLabel(checks, { ...pkg, name: '@pexip/signal' }, '```ts\nround(1);\n```'), { checked: false, reason: "from the package's documentation" });
    const html = referenceMarkdown(processor, renderArticle, '```ts\nround(2);\n```', new Diagnostics(), packageExampleLabel(checks, pkg, '```ts\nround(2);\n```'));
    assert.equal(shownLabel(html), "Not checked: from the package's documentation");
    // Only the label: no check mark on a block nobody checked.
    assert.doesNotMatch(html, /code-block-check-mark/);
  });

  test('an API tab is labelled by the check its tab runs, not by the guides\' map of its language', () => {
    assert.deepEqual(apiSampleLabel(checks, 'python', { fromSpec: false, code: 'print(1)' }), { checked: true, checkedWith: 'Python 3.11 and requests, run against a stand-in for the API' });
    assert.equal(apiSampleLabel(checks, 'go', { fromSpec: false, code: 'package main' }), undefined);
    assert.deepEqual(apiSampleLabel(checks, 'python', { fromSpec: true, code: 'print(1)' }), { checked: false, reason: 'from the API description, written by its authors' });
  });

  test('a generated sample the run record lists is labelled with what ran; a changed sample falls back to its tab\'s check', () => {
    const run = { checkedWith: 'a run against a stand-in of the spec (Python 3.11)', verifier: 'test/content/api-sample-runs.test.ts', samples: [exampleDigest('print(1)')] };
    const recorded: SampleChecks = { ...checks, apiSamples: [{ tabs: ['python'], checkedWith: 'Python 3.11 (byte-compiled)', pins: {}, verifier: 'test/content/api-samples.test.ts', run }] };
    assert.deepEqual(apiSampleLabel(recorded, 'python', { fromSpec: false, code: 'print(1)\n' }), { checked: true, checkedWith: 'a run against a stand-in of the spec (Python 3.11)' });
    assert.deepEqual(apiSampleLabel(recorded, 'python', { fromSpec: false, code: 'print(2)' }), { checked: true, checkedWith: 'Python 3.11 (byte-compiled)' });
    // The spec's own samples are never run, even with the same code.
    assert.deepEqual(apiSampleLabel(recorded, 'python', { fromSpec: true, code: 'print(1)' }), { checked: false, reason: 'from the API description, written by its authors' });
  });

  test('the portal\'s own registry names, for every check, the test file that runs it and reads the registry', () => {
    const own = readSampleChecks(repoRoot);
    for (const check of [...own.checks, ...(own.apiSamples ?? []), ...(own.apiSamples ?? []).flatMap((entry) => (entry.run ? [entry.run] : [])), own.packageExamples!]) {
      assert.ok(check.verifier && fs.existsSync(path.join(repoRoot, check.verifier)), `${check.checkedWith}: its verifier ${check.verifier} is not a file of the suite`);
      assert.match(fs.readFileSync(path.join(repoRoot, check.verifier), 'utf8'), /sample-checks\.ts|verified-blocks\.ts|sample-check-pins\.ts/, `${check.verifier} does not read content/sample-checks.json`);
    }
    // Response examples are validated by the build itself: the verifier is its module, and a test re-checks it.
    const response = own.responseExamples!;
    assert.match(response.verifier, /^src\//);
    for (const file of [response.verifier, response.test]) assert.match(fs.readFileSync(path.join(repoRoot, file), 'utf8'), /sample-checks\.ts/, `${file} does not read content/sample-checks.json`);
    assert.match(fs.readFileSync(path.join(repoRoot, response.verifier), 'utf8'), /from '\.\/response-validator\.ts'/, `${response.verifier} does not run the Ajv validator`);
    // Its pins are the Ajv and ajv-formats the build runs.
    for (const [name, pin] of Object.entries(response.pins)) {
      const installed = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
      assert.ok(installed === pin || installed.startsWith(`${pin}.`), `content/sample-checks.json pins ${name} ${pin}, but ${installed} is installed`);
    }
    assert.match(response.checkedWith, new RegExp(`^Ajv ${response.pins.ajv.replace('.', '\\.')} `));
  });
});

describe('the page and its twin say the same thing', () => {
  test('a checked guide block: the label below it on the page, the same text on the line after its fence in the twin', () => {
    const markdown = 'Connect:\n\n```kotlin title="Join.kt"\nval call = join()\n```\n\nThen talk.';
    const label = shownLabel(page(markdown, 'docs/android/join.md'));
    assert.equal(label, '✓ Checked with Kotlin 2.2.21 · Pexip Android SDK 0.17.5 API');
    assert.match(twin(markdown, 'docs/android/join.md'), /```kotlin title="Join.kt"\nval call = join\(\)\n```\n✓ Checked with Kotlin 2\.2\.21 · Pexip Android SDK 0\.17\.5 API\n\nThen talk\./);
  });

  test('fragments, unchecked languages and blocks outside a check\'s folder have no line in the twin, as on the page', () => {
    for (const [markdown, file] of [
      ['```kotlin fragment="continues the last step"\nval x = 1\n```', 'docs/android/join.md'],
      ['```kotlin\nval x = 1\n```', 'docs/web/join.md'],
      ['```text\nplain\n```', 'docs/android/join.md'],
    ]) {
      assert.equal(shownLabel(page(markdown, file)), undefined, markdown);
      assert.doesNotMatch(twin(markdown, file), /Checked with|Not checked/, markdown);
    }
  });

  test('a block inside a list keeps its line right after the fence, indented with it', () => {
    assert.match(twin('1. Run it:\n\n   ```python\n   print(1)\n   ```\n', 'docs/a.md'), /\n {3}```\n {3}✓ Checked with Python 3\.11 \(byte-compiled\)/);
  });

  test('Markdown made from a page\'s HTML (reference pages) turns the label into the line after the fence', () => {
    const html = referenceMarkdown(processor, renderArticle, '```ts\nround(2);\n```', new Diagnostics(), { checked: false, reason: "from the package's documentation" });
    assert.equal(htmlToMarkdown(html, 'https://example.test', '/docs/x'), "```ts\nround(2);\n```\nNot checked: from the package's documentation");
    const checked = renderToStaticMarkup(createElement(CodeBlock, { 'data-language': 'ts', 'data-checked-with': 'TypeScript 5.9' }, createElement('code', null, 'x()')));
    assert.equal(htmlToMarkdown(checked, 'https://example.test', '/docs/x'), '```\nx()\n```\n✓ Checked with TypeScript 5.9');
  });

  test('an API operation: each tab shows its own check, and the twin writes it after the sample', async () => {
    const config = validateConfig({ ...fixtureConfig, openapi: [{ area: 'vpaas', folder: 'vpaas/api', sidebar: { label: 'API' }, spec: 'shop.yaml' }] });
    const apiProcessor = createContentProcessor([], new AssetRegistry(), { root: os.tmpdir(), sampleChecks: { ...checks, contentRoot: path.join(fixturesRoot, 'openapi', 'content') } });
    const { pages } = await buildApiReference(path.join(fixturesRoot, 'openapi'), config, apiProcessor, renderArticle, new Diagnostics(), checks);
    const page = pages.find((candidate) => candidate.route === '/docs/vpaas/api/get-order');
    assert.ok(page?.kind === 'api-operation');
    const body = page.body;
    const python = body.view.samples.find((sample) => sample.value === 'python')!;
    assert.equal(shownLabel(python.html), '✓ Checked with Python 3.11 and requests, run against a stand-in for the API');
    // A tab without a check of its own gets no label, whatever the guides say about its language.
    assert.equal(shownLabel(body.view.samples.find((sample) => sample.value === 'go')!.html), undefined);
    const markdown = operationTwin(body.view, { route: '/docs/vpaas/api/get-order', siteUrl: 'https://example.test' });
    assert.match(markdown, /### Python\n\n```python\n[\s\S]*?\n```\n✓ Checked with Python 3\.11 and requests, run against a stand-in for the API\n/);
    assert.match(markdown, /### curl\n\n```bash\n[\s\S]*?\n```\n✓ Checked with ShellCheck 0\.9\.0 \(as bash\)\n/);
    assert.match(markdown, /### Go\n\n```go\n[\s\S]*?\n```\n\n###/);
  });
});

describe('content/sample-checks.json problems', () => {
  test('a broken API-sample entry is named with its path and how to write one', () => {
    fs.mkdirSync(contentRoot, { recursive: true });
    fs.writeFileSync(path.join(contentRoot, 'sample-checks.json'), JSON.stringify({ checks: [], apiSamples: [{ tabs: [], checkedWith: 'x', pins: {} }] }));
    const diagnostics = new Diagnostics();
    assert.deepEqual(readSampleChecks(root, diagnostics).apiSamples, undefined);
    assert.deepEqual(diagnostics.errors.map((problem) => problem.message).sort(), ['apiSamples.0.tabs: Too small: expected array to have >=1 items', 'apiSamples.0.verifier: Invalid input: expected string, received undefined']);
    assert.match(diagnostics.errors[0].hint ?? '', /"tabs" \(request-sample tab values/);
    fs.rmSync(path.join(contentRoot, 'sample-checks.json'));
  });
});
