import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageKinds, policyOf } from '../../../src/kinds/table.ts';
import type { PageKind } from '../../../src/page.ts';

const kinds = Object.keys(pageKinds) as PageKind[];

test('each kind of page names itself in the table', () => {
  for (const kind of kinds) assert.equal(pageKinds[kind].kind, kind);
});

test('the shell and search see the licence form as a custom page, and schema and tag pages as API overviews', () => {
  const shown = Object.fromEntries(kinds.map((kind) => [kind, pageKinds[kind].shownAs]));
  assert.deepEqual(shown, {
    doc: 'doc',
    custom: 'custom',
    'license-form': 'custom',
    category: 'category',
    'doc-tag': 'category',
    home: 'home',
    'not-found': 'not-found',
    'api-operation': 'api-operation',
    'api-overview': 'api-overview',
    'api-schema': 'api-overview',
    'api-tag': 'api-overview',
    package: 'reference',
    changelog: 'reference',
  });
});

test('only the 404 page is kept out of search, the sitemap, the llms files and social cards, and asks not to be indexed; docs tag pages only out of search, llms files and cards', () => {
  const hidden = kinds.filter((kind) => policyOf({ kind }).noindex);
  assert.deepEqual(hidden, ['not-found']);
  for (const kind of kinds) {
    const policy = policyOf({ kind });
    const shown = kind !== 'not-found';
    // Tag pages only point to docs whose tags are search keywords already.
    const listed = shown && kind !== 'doc-tag';
    assert.equal(policy.search !== false, listed, `${kind}: search`);
    assert.equal(policy.sitemap, shown, `${kind}: sitemap`);
    assert.equal(policy.llms !== false, listed, `${kind}: llms`);
    assert.equal(policy.socialCard !== false, listed, `${kind}: social card`);
  }
});

test('only docs are in feeds and editable; only the home page is a website with the tagline on its card', () => {
  assert.deepEqual(kinds.filter((kind) => policyOf({ kind }).feed), ['doc']);
  assert.deepEqual(kinds.filter((kind) => policyOf({ kind }).editable), ['doc']);
  assert.deepEqual(kinds.filter((kind) => policyOf({ kind }).openGraphType === 'website'), ['home']);
  assert.deepEqual(kinds.filter((kind) => policyOf({ kind }).socialCard === 'tagline'), ['home']);
});

test('llms.txt lists operations apart, and npm reference and changelogs in the reference', () => {
  const by = (section: string) => kinds.filter((kind) => policyOf({ kind }).llms === section);
  assert.deepEqual(by('operation'), ['api-operation']);
  assert.deepEqual(by('reference'), ['package', 'changelog']);
});
