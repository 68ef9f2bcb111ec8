import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { toHtml } from 'hast-util-to-html';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readSampleChecks, sampleCheckFor, type SampleChecks } from '../../../src/markdown/sample-checks.ts';
import { Diagnostics } from '../../../src/errors.ts';
import { createMarkdownProcessor, renderMarkdown } from '../../../src/markdown/pipeline.ts';
import { CodeBlock } from '../../../templates/content/CodeBlock.tsx';
import type { Page } from '../../../src/page.ts';
import { indexDocument } from '../../../src/search/index-document.ts';
import { repoRoot } from '../../helpers/fixtures.ts';

const checks: SampleChecks = {
  contentRoot: '/site/content',
  checks: [
    { languages: ['ts', 'tsx'], checkedWith: 'TypeScript 5.9', pins: { typescript: '5.9' } },
    { languages: ['ts'], under: 'docs/vpaas', checkedWith: 'TypeScript 5.9 · @pexip/vpaas-sdk 18.0.5', pins: {} },
    { languages: ['swift'], under: 'docs/mobile/ios', checkedWith: 'Swift SDK 0.10.1', pins: {} },
  ],
};

describe('which check applies to a block', () => {
  test('the most specific folder wins; an entry without `under` applies everywhere', () => {
    assert.equal(sampleCheckFor(checks, 'ts', '/site/content/docs/vpaas/tutorial/step.md')?.checkedWith, 'TypeScript 5.9 · @pexip/vpaas-sdk 18.0.5');
    assert.equal(sampleCheckFor(checks, 'ts', '/site/content/docs/web/a.md')?.checkedWith, 'TypeScript 5.9');
    assert.equal(sampleCheckFor(checks, 'tsx', '/site/content/docs/vpaas/b.md')?.checkedWith, 'TypeScript 5.9');
  });

  test('`under` may name one page; a sibling with a longer name does not match', () => {
    assert.equal(sampleCheckFor(checks, 'swift', '/site/content/docs/mobile/ios/join.md')?.checkedWith, 'Swift SDK 0.10.1');
    assert.equal(sampleCheckFor({ ...checks, checks: [{ languages: ['swift'], under: 'docs/mobile/ios', checkedWith: 'x', pins: {} }] }, 'swift', '/site/content/docs/mobile/ios.md')?.checkedWith, 'x');
    assert.equal(sampleCheckFor(checks, 'swift', '/site/content/docs/mobile/iosx/a.md'), undefined);
  });

  test('a language nobody checks gets nothing', () => {
    assert.equal(sampleCheckFor(checks, 'text', '/site/content/docs/a.md'), undefined);
  });
});

describe('content/sample-checks.json', () => {
  test('a malformed file is an error naming the file and the field', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-checks-'));
    fs.mkdirSync(path.join(root, 'content'));
    fs.writeFileSync(path.join(root, 'content', 'sample-checks.json'), JSON.stringify({ checks: [{ languages: [], checkedWith: 'x', pins: {} }] }));
    const diagnostics = new Diagnostics();
    assert.deepEqual(readSampleChecks(root, diagnostics).checks, []);
    assert.equal(diagnostics.problems[0].file, path.join('content', 'sample-checks.json'));
    assert.match(diagnostics.problems[0].message, /checks\.0\.languages/);
    fs.writeFileSync(path.join(root, 'content', 'sample-checks.json'), '{ "checks": [], }');
    assert.throws(() => readSampleChecks(root), /sample-checks\.json: not valid JSON/);
    fs.rmSync(root, { recursive: true });
  });

  test('a sample-checks.json symlinked out of the project is refused, not read', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-checks-'));
    fs.mkdirSync(path.join(root, 'content'));
    fs.symlinkSync('/proc/self/environ', path.join(root, 'content', 'sample-checks.json'));
    const diagnostics = new Diagnostics();
    assert.deepEqual(readSampleChecks(root, diagnostics).checks, []);
    assert.equal(diagnostics.errors.length, 1);
    assert.equal(diagnostics.errors[0].file, path.join('content', 'sample-checks.json'));
    assert.match(diagnostics.errors[0].message, /^this file leads outside the project \(to \/proc\/\d+\/environ\)$/);
    fs.rmSync(root, { recursive: true });
  });

  test('the portal\'s own file is valid and labels the iOS page\'s Swift', () => {
    const own = readSampleChecks(repoRoot);
    assert.ok(own.checks.length >= 7);
    assert.match(sampleCheckFor(own, 'swift', path.join(repoRoot, 'content', 'docs', 'infinity', 'mobile', 'ios.md'))?.checkedWith ?? '', /Swift SDK \d+\.\d+\.\d+/);
  });
});

describe('the label on a rendered block', () => {
  const processor = createMarkdownProcessor({
    resolveMarkdownLink: () => undefined,
    resolveAsset: () => undefined,
    loadSvg: () => undefined,
    checkedWith: (language, file) => sampleCheckFor({ ...checks, contentRoot: '/site/content' }, language, file.path)?.checkedWith,
  });
  const html = (markdown: string) => toHtml(renderMarkdown(processor, markdown, '/site/content/docs/vpaas/page.md').hast);

  test('a verified block carries what it was checked with; fragments and unchecked languages do not', () => {
    assert.match(html('```ts\nconst a = 1;\n```'), /data-checked-with="TypeScript 5.9 · @pexip\/vpaas-sdk 18.0.5"/);
    assert.doesNotMatch(html('```ts fragment="continues the previous step"\nconst a = 1;\n```'), /data-checked-with/);
    assert.doesNotMatch(html('```ts fragment\nconst a = 1;\n```'), /data-checked-with/);
    assert.doesNotMatch(html('```text\nplain\n```'), /data-checked-with/);
    assert.doesNotMatch(html('```\nplain\n```'), /data-checked-with/);
  });

  test('the template shows the label as text below the code, and nothing without one', () => {
    const labelled = renderToStaticMarkup(createElement(CodeBlock, { 'data-language': 'ts', 'data-checked-with': 'TypeScript 5.9' }, 'x'));
    assert.match(labelled, /<p class="code-block-check"><span class="code-block-check-mark" aria-hidden="true">✓<\/span> Checked with TypeScript 5.9<\/p>/);
    assert.doesNotMatch(renderToStaticMarkup(createElement(CodeBlock, { 'data-language': 'ts' }, 'x')), /code-block-check/);
  });

  test('search does not index the label: it is on every block and says nothing about the page', () => {
    const article = renderToStaticMarkup(createElement(CodeBlock, { 'data-language': 'ts', 'data-checked-with': 'TypeScript 5.9' }, 'joinConference()'));
    const indexed = indexDocument({ kind: 'doc', title: 'Join', route: '/docs/join' } as Page, article);
    assert.match(indexed, /joinConference/);
    assert.doesNotMatch(indexed, /Checked with/);
  });
});
