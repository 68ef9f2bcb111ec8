import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { BuildCache } from '../../../src/build/build-cache.ts';
import { operationsFile } from '../../../src/build/site-files.ts';
import type { Page } from '../../../src/page.ts';

// mcp/operations.json is made again only when what it is made from changed: each test plants a
// change its key could miss and expects the file made anew, as a build without a cache makes it.

const siteUrl = 'https://docs.example.test';

/** An operation page with just what operations.json reads. */
function operationPage(route: string, summary: string, descriptionHtml = '<p>Lists the <em>rooms</em>.</p>'): Page {
  const view = {
    method: 'get',
    path: `/rooms${route.length}`,
    summary,
    operationId: `op${route.length}`,
    deprecated: false,
    webhook: false,
    descriptionHtml,
    servers: ['https://api.example.test'],
    security: [],
    parameters: [{ name: 'limit', in: 'query', required: false, type: 'integer', descriptionHtml: '<p>At most this many.</p>', constraints: [], deprecated: false }],
    responses: [{ status: '200', descriptionHtml: '<p>The rooms.</p>', rows: [] }],
    samples: [{ label: 'curl', language: 'sh', code: 'curl https://api.example.test/rooms' }],
  };
  return { kind: 'api-operation', route, title: summary, toc: [], links: [], source: { file: 'specs/rooms.yaml' }, body: { view, at: { pointer: '/paths/~1rooms/get', file: 'specs/rooms.yaml' } } } as unknown as Page;
}

const doc = { kind: 'doc', route: '/docs/guide', title: 'Guide', toc: [], links: [], source: { file: 'content/docs/guide.md' }, body: { html: '<p>Guide</p>' } } as unknown as Page;

function freshCache(): { folder: string; cache: () => BuildCache } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-derived-'));
  return { folder, cache: () => new BuildCache(folder) };
}

/** Builds operations.json with the cache, saves it as a build does, and says whether it was made or reused. */
function build(cache: BuildCache, pages: Page[], url = siteUrl): { text: string; reused: boolean } {
  const before = cache.derived.hits;
  const text = operationsFile(pages, url, cache);
  cache.save();
  return { text, reused: cache.derived.hits > before };
}

describe('mcp/operations.json between builds', () => {
  test('is reused when no operation page and not the site URL changed, and equals the uncached file', () => {
    const { cache } = freshCache();
    const pages = [operationPage('/docs/api/list-rooms', 'List rooms'), doc];
    assert.equal(build(cache(), pages).reused, false, 'the first build makes it');
    const again = build(cache(), [operationPage('/docs/api/list-rooms', 'List rooms'), { ...doc, title: 'Guide, edited' } as Page]);
    assert.equal(again.reused, true, 'a page that is not an operation does not make it again');
    assert.equal(again.text, operationsFile(pages, siteUrl));
  });

  const edits: [string, (pages: Page[]) => Page[], string?][] = [
    ['an operation summary', () => [operationPage('/docs/api/list-rooms', 'List all rooms'), doc]],
    ['a description deep in the view', () => [operationPage('/docs/api/list-rooms', 'List rooms', '<p>Lists every <em>room</em>.</p>'), doc]],
    ['an operation route', () => [operationPage('/docs/api/list-the-rooms', 'List rooms'), doc]],
    ['an operation added', (pages) => [...pages, operationPage('/docs/api/get-room', 'Get a room')]],
    ['an operation removed', () => [doc]],
    ['the site URL', (pages) => pages, 'https://other.example.test'],
  ];
  for (const [name, edit, url] of edits) {
    test(`is made again after an edit to ${name}`, () => {
      const { cache } = freshCache();
      const pages = [operationPage('/docs/api/list-rooms', 'List rooms'), doc];
      build(cache(), pages);
      const edited = edit(pages);
      const after = build(cache(), edited, url);
      assert.equal(after.reused, false);
      assert.equal(after.text, operationsFile(edited, url ?? siteUrl), 'the file is what an uncached build writes');
    });
  }

  test('a damaged store is a miss, and the file is made again', () => {
    const { folder, cache } = freshCache();
    const pages = [operationPage('/docs/api/list-rooms', 'List rooms')];
    build(cache(), pages);
    const store = path.join(folder, 'derived.v8');
    const bytes = fs.readFileSync(store);
    // One byte of the stored text flipped: its seal no longer holds.
    bytes[bytes.length - 3] ^= 0xff;
    fs.writeFileSync(store, bytes);
    const after = build(cache(), pages);
    assert.equal(after.reused, false);
    assert.equal(after.text, operationsFile(pages, siteUrl));
  });
});
