// The search index is Pagefind's own output, made through its public API (src/search/build-index.ts).
// What the build relies on it for is held here, so a Pagefind upgrade that changes it fails a
// test instead of the site: the small word chunks it is asked for, every word and prefix found,
// and the same bytes for the same pages whether a build indexed them now or took them from the cache.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { test } from 'node:test';
import type { Page } from '../../src/page.ts';
import { type SearchCache, type SearchCacheEntry, SearchIndexBuilder } from '../../src/search/build-index.ts';
import { loadSiteSearch } from '../../src/mcp/site-search.ts';
import { folderSource } from '../../src/mcp/site-source.ts';

/** A seeded generator, so the pages are the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
/** A made-up word for a number: "page 37" gets its own word, found on no other page. */
const wordOf = (n: number, length = 5) => Array.from({ length }, (_, i) => letters[Math.floor(n / 26 ** i) % 26]).join('');

const pageCount = 240;
const fillerWords = Array.from({ length: 1500 }, (_, n) => `${wordOf(n * 7 + 3, 6)}`);
const uniqueWord = (n: number) => `quokka${wordOf(n, 4)}`;

function pages(edited?: number): { page: Page; html: string }[] {
  const next = random(7);
  return Array.from({ length: pageCount }, (_, n) => {
    const filler = Array.from({ length: 300 }, () => fillerWords[Math.floor(next() * fillerWords.length)]).join(' ');
    const extra = n === 11 ? ' conferencing' : '';
    const edit = n === edited ? ' zanzibarian' : '';
    const html = `<h2 id="about">About ${uniqueWord(n)}</h2><p>${filler}${extra}${edit}</p>`;
    const page = { kind: 'doc', route: `/docs/area/page-${n}`, title: `Page ${n}`, toc: [{ depth: 2, id: 'about', text: `About ${uniqueWord(n)}` }], area: 'area', breadcrumbs: [{ label: 'Area' }] } as unknown as Page;
    return { page, html };
  });
}

/** A search store in memory, as the build cache keeps one between builds. */
function memoryCache(): SearchCache {
  const entries = new Map<string, SearchCacheEntry>();
  return { generator: 'test', search: { get: (key) => entries.get(key), set: (key, value) => void entries.set(key, value) } };
}

async function indexOf(list: { page: Page; html: string }[], cache?: SearchCache): Promise<Map<string, Uint8Array>> {
  const builder = new SearchIndexBuilder(cache, { area: 'Area' });
  for (const { page, html } of list) builder.add(page, html);
  return (await builder.finish()).files;
}

function writeSite(files: Map<string, Uint8Array>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-search-index-'));
  for (const [file, contents] of files) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.writeFileSync(path.join(dist, file), contents);
  }
  return dist;
}

const sameFiles = (a: Map<string, Uint8Array>, b: Map<string, Uint8Array>) =>
  [...a.keys()].sort().join('\n') === [...b.keys()].sort().join('\n') && [...a].every(([file, contents]) => Buffer.compare(contents, b.get(file)!) === 0);

test('Pagefind writes the small word chunks it is asked for, and every page is found by its own word, and a word by its prefix', { timeout: 120_000 }, async () => {
  const files = await indexOf(pages());
  const chunks = [...files].filter(([file]) => /^pagefind\/index\/[^/]+\.pf_index$/.test(file));
  // 240 pages of 300 words: one or two chunks at Pagefind's default size, many at the size asked for.
  assert.ok(chunks.length >= 10, `${chunks.length} word chunks: Pagefind no longer honours PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE (see src/search/build-index.ts)`);
  const largest = Math.max(...chunks.map(([, contents]) => contents.length));
  assert.ok(largest <= 12 * 1024, `the largest word chunk is ${largest} bytes`);

  const search = await loadSiteSearch(folderSource(writeSite(files)));
  for (let n = 0; n < pageCount; n += 17) {
    const response = await search.search(uniqueWord(n));
    assert.equal(response.hits[0]?.url, `/docs/area/page-${n}`, `"${uniqueWord(n)}" finds page ${n} first`);
  }
  assert.deepEqual((await search.search('conferenc')).hits.map((hit) => hit.url), ['/docs/area/page-11'], 'a prefix finds the word it starts');
  assert.deepEqual(search.areas, ['Area']);
});

test('the same pages give the same index, indexed now or taken from the cache after an edit', { timeout: 120_000 }, async () => {
  const cache = memoryCache();
  const before = await indexOf(pages(), cache);
  const warm = await indexOf(pages(30), cache);
  const cold = await indexOf(pages(30));
  assert.ok(!sameFiles(before, cold), 'the edit changes the index');
  assert.ok(sameFiles(warm, cold), 'an index from cached documents is byte-identical to one made from scratch');
  const again = await indexOf(pages(30), cache);
  assert.ok(sameFiles(again, cold), 'an unchanged site reuses the whole index');
  const search = await loadSiteSearch(folderSource(writeSite(warm)));
  assert.equal((await search.search('zanzibarian')).hits[0]?.url, '/docs/area/page-30', 'the edited page is found by its new word');
});

test('an edit re-indexes only its shard: the other shards are not handed to Pagefind and keep their bytes, and the merged search finds pages of every shard', { timeout: 180_000 }, async () => {
  const shards = 3;
  const indexWith = async (list: { page: Page; html: string }[], cache?: SearchCache) => {
    const builder = new SearchIndexBuilder(cache, { area: 'Area' }, shards);
    for (const { page, html } of list) builder.add(page, html);
    return { files: (await builder.finish()).files, indexed: builder.pagesIndexed };
  };
  const shardOfFile = (file: string) => /^pagefind\/(shard\d+)\//.exec(file)?.[1] ?? (/^pagefind\/(pagefind-entry\.json|pagefind\.en_[^/]+\.pf_meta|(index|fragment|filter)\/)/.test(file) ? 'first' : undefined);
  const filesOf = (files: Map<string, Uint8Array>, shard: string) => new Map([...files].filter(([file]) => shardOfFile(file) === shard));

  const cache = memoryCache();
  const before = await indexWith(pages(), cache);
  assert.equal(before.indexed, pageCount, 'a cold build indexes every page');
  assert.deepEqual(JSON.parse(Buffer.from(before.files.get('pagefind/shards.json')!).toString('utf8')), ['/pagefind/shard1/', '/pagefind/shard2/'], 'the shards are listed for the searchers to merge');
  const names = ['first', 'shard1', 'shard2'];
  for (const name of names) assert.ok([...filesOf(before.files, name).keys()].some((file) => file.endsWith('pagefind-entry.json')), `shard ${name} has its own index`);

  const warm = await indexWith(pages(30), cache);
  const editedShard = names.find((name) => [...filesOf(before.files, name)].some(([file, contents]) => !sameFiles(new Map([[file, contents]]), new Map([[file, warm.files.get(file) ?? new Uint8Array()]]))))!;
  const unchanged = names.filter((name) => name !== editedShard);
  assert.equal(unchanged.length, 2, 'one shard holds the edited page');
  for (const name of unchanged) assert.ok(sameFiles(filesOf(before.files, name), filesOf(warm.files, name)), `shard ${name} keeps its files byte for byte`);
  assert.ok(warm.indexed > 0 && warm.indexed < pageCount / 2, `Pagefind was handed ${warm.indexed} of ${pageCount} pages: only the edited page's shard`);
  assert.ok(sameFiles(warm.files, (await indexWith(pages(30))).files), 'the warm index is byte-identical to one made from scratch');
  assert.equal((await indexWith(pages(30), cache)).indexed, 0, 'an unchanged site starts no Pagefind');

  // Pagefind's own engine, as `portal mcp` runs it (the dialog merges the same way: src/shared/search/index-shards.ts).
  const search = await loadSiteSearch(folderSource(writeSite(warm.files)));
  const found: string[] = [];
  for (let n = 0; n < pageCount; n += 7) {
    const response = await search.search(uniqueWord(n));
    assert.equal(response.hits[0]?.url, `/docs/area/page-${n}`, `"${uniqueWord(n)}" finds page ${n} first`);
    found.push(response.hits[0].url);
  }
  assert.equal((await search.search('zanzibarian')).hits[0]?.url, '/docs/area/page-30', 'the edited page is found by its new word');
  assert.deepEqual(search.areas, ['Area'], 'the area filter counts the pages of every shard');
  const inShards = new Set(found.map((url) => shardHolding(warm.files, url)));
  assert.equal(inShards.size, shards, 'the pages found come from every shard');
});

/** The folder of the shard whose fragment is a page's (a fragment holds its page's URL). */
function shardHolding(files: Map<string, Uint8Array>, url: string): string | undefined {
  for (const [file, contents] of files) {
    if (/fragment\/[^/]+\.pf_fragment$/.test(file) && zlib.gunzipSync(contents).toString('utf8').includes(`"url":"${url}`)) return file.split('/fragment/')[0];
  }
  return undefined;
}
