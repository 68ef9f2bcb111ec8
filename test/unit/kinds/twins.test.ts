import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { bodyOf, twinOf, twinReadsOf } from '../../../src/kinds/table.ts';
import type { TwinContext } from '../../../src/kinds/kind.ts';
import type { Page } from '../../../src/page.ts';
import { imagesBesideThePage } from '../../helpers/twin-images.ts';

const siteUrl = 'https://example.test';

function project(): { root: string; context: TwinContext } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kinds-twins-'));
  fs.mkdirSync(path.join(root, 'content/pages'), { recursive: true });
  fs.writeFileSync(path.join(root, 'content/pages/hello.md'), '---\ntitle: Hello\n---\n\nThe written words of the hello page.\n');
  return { root, context: { root, home: [], siteUrl, markdownLink: () => undefined, assetOf: () => undefined, images: imagesBesideThePage } };
}

const custom = (html: string): Page => ({ route: '/hello', kind: 'custom', title: 'Hello', toc: [], body: { html }, source: { file: 'content/pages/hello.md', line: 1 }, links: [] });

test("a custom page's twin is its Markdown source, read through the publish rule", () => {
  const { context } = project();
  const twin = twinOf(custom('<p>The rendered words.</p>'), context);
  assert.match(twin, /^# Hello\n/);
  assert.match(twin, /The written words of the hello page\./);
  assert.doesNotMatch(twin, /rendered words/);
});

test("a custom page whose file now leads outside the project gets the twin of its HTML, not the file's text", () => {
  const { root, context } = project();
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'kinds-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.md'), 'SECRET=outside the project\n');
  fs.rmSync(path.join(root, 'content/pages/hello.md'));
  fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'content/pages/hello.md'));
  const twin = twinOf(custom('<p>The rendered words.</p>'), context);
  assert.doesNotMatch(twin, /SECRET/);
  assert.match(twin, /The rendered words\./);
});

test('the licence form says where requests go in its page and in its twin', () => {
  const { context } = project();
  const page: Page = { ...custom('<p>Ask for a licence.</p>'), kind: 'license-form', body: { html: '<p>Ask for a licence.</p>', action: 'mailto:licences@example.test', confirmed: false } };
  assert.match(bodyOf(page, { site: {} as never, siteUrl, home: [] }), /Ask for a licence\.[\s\S]*<form/);
  assert.match(twinOf(page, context), /The written words of the hello page\.[\s\S]*licences@example\.test/);
});

test('a category page lists its entries by their twins, in page and twin alike', () => {
  const { context } = project();
  const page: Page = { route: '/docs/category/start', kind: 'category', title: 'Start', toc: [], body: { entries: [{ title: 'First steps', href: '/docs/start/first', description: 'Where to begin.' }] }, source: { file: 'content/docs/start' }, links: [] };
  assert.match(bodyOf(page, { site: {} as never, siteUrl, home: [] }), /href="\/docs\/start\/first"/);
  assert.match(twinOf(page, context), /- \[First steps\]\(https:\/\/example\.test\/docs\/start\/first\.md\): Where to begin\./);
});

test("the build cache's key of a custom page and of the licence form follows the file their twins read", () => {
  const { root, context } = project();
  const licence: Page = { ...custom('<p>Ask.</p>'), kind: 'license-form', body: { html: '<p>Ask.</p>', action: 'mailto:licences@example.test', confirmed: false } };
  const before = [twinReadsOf(custom('<p>Hi.</p>'), context), twinReadsOf(licence, context)];
  assert.ok(before.every(Boolean), 'both read their file');
  fs.writeFileSync(path.join(root, 'content/pages/hello.md'), '---\ntitle: Hello\n---\n\nOther words, of another length.\n');
  const after = [twinReadsOf(custom('<p>Hi.</p>'), context), twinReadsOf(licence, context)];
  assert.notEqual(after[0], before[0]);
  assert.notEqual(after[1], before[1]);
  // A doc's twin comes with the page: it reads nothing else.
  assert.equal(twinReadsOf({ ...custom('<p>Hi.</p>'), kind: 'doc' } as Page, context), '');
});

test("an API tag's page is drawn by its kind from its list of operations, and its twin says the same", () => {
  const { context } = project();
  const page: Page = {
    route: '/docs/shop/tag-orders',
    kind: 'api-tag',
    title: 'Orders',
    toc: [],
    body: { operations: [{ method: 'GET', path: '/orders', summary: 'List the orders', href: '/docs/shop/list-orders' }], overview: { title: 'Shop API', href: '/docs/shop' } },
    source: { file: 'shop.yaml' },
    links: [],
  };
  assert.match(bodyOf(page, { site: {} as never, siteUrl, home: [] }), /href="\/docs\/shop\/list-orders"[\s\S]*List the orders/);
  assert.match(twinOf(page, context), /List the orders/);
});
