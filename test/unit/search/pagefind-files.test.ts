import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import zlib from 'node:zlib';
import * as pagefind from 'pagefind';
import { pack, unpack } from '../../../src/search/pagefind-files.ts';
import { type PageContribution, takeApart, writeIndex } from '../../../src/search/contributions.ts';

after(() => pagefind.close());

const pages = [
  ['/a', 'Infinity', 'Join a conference with a PIN from the web app.'],
  ['/b', 'VPaaS', 'Create a meeting and issue participant tokens.'],
  ['/c', 'One-Touch Join', 'List the meetings of a room with the meetings API.'],
];

/** A small real index from Pagefind itself: the pages at `order`, a filter, and metadata on some pages only. */
async function realIndex(order: number[]): Promise<Map<string, Uint8Array>> {
  const { index } = await pagefind.createIndex({ forceLanguage: 'en' });
  for (const i of order) {
    const [url, area, text] = pages[i];
    // Only /b carries a "kind": the metadata fields Pagefind numbers then differ between runs.
    const kind = url === '/b' ? '<span data-pagefind-meta="kind:guide"></span>' : '';
    await index!.addHTMLFile({ url, content: `<html lang="en"><body><main data-pagefind-filter="area:${area}">${kind}<h1 data-pagefind-meta="title">${text}</h1><p>${text}</p></main></body></html>` });
  }
  const { files } = await index!.getFiles();
  await index!.deleteIndex();
  return new Map(files.map((file) => [file.path, file.content]));
}

/** Each page's part, by URL, taken from an index of the pages at `order`. */
async function partsOf(order: number[]): Promise<{ parts: Map<string, PageContribution>; engine: Awaited<ReturnType<typeof takeApart>>['engine'] }> {
  const { pages: parts, engine } = await takeApart(await realIndex(order));
  return { parts: new Map(parts.map((part) => [part.url, part])), engine };
}

test("Pagefind's data files decode and encode back to the same bytes", async () => {
  const files = await realIndex([0, 1, 2]);
  const data = [...files].filter(([path]) => /\.pf_(meta|index|filter)$/.test(path));
  assert.ok(data.some(([path]) => path.endsWith('.pf_filter')) && data.some(([path]) => path.endsWith('.pf_index')));
  for (const [path, bytes] of data) {
    const again = await pack(await unpack(bytes, path));
    assert.deepEqual(zlib.gunzipSync(again), zlib.gunzipSync(bytes), path);
  }
});

test('an index written from page parts is the same whichever pages Pagefind indexed together, and in whatever order', async () => {
  const together = await partsOf([2, 0, 1]);
  const alone = [await partsOf([0]), await partsOf([1]), await partsOf([2])];
  const urls = ['/a', '/b', '/c'];
  const first = await writeIndex(urls.map((url) => together.parts.get(url)!), together.engine);
  const second = await writeIndex(urls.map((url, index) => alone[index].parts.get(url)!), alone[0].engine);
  assert.deepEqual([...first.keys()].sort(), [...second.keys()].sort());
  for (const [path, bytes] of first) assert.deepEqual(second.get(path), bytes, path);
  // Filter values come out sorted, pages numbered in the order given.
  const filter = [...first].find(([path]) => path.endsWith('.pf_filter'))!;
  const [, values] = (await unpack(filter[1], filter[0])) as [string, [string, number[]][]];
  assert.deepEqual(values, [['Infinity', [0]], ['One-Touch Join', [2]], ['VPaaS', [1]]]);
});

test('a page part keeps its words, locations and metadata fields through a round trip', async () => {
  const { parts, engine } = await partsOf([0, 1, 2]);
  const again = await takeApart(await writeIndex([...parts.values()], engine));
  for (const part of again.pages) {
    const original = parts.get(part.url)!;
    assert.deepEqual(part.words, original.words, part.url);
    assert.deepEqual(part.filters, original.filters, part.url);
    assert.equal(part.wordCount, original.wordCount);
  }
  const b = again.pages.find((part) => part.url === '/b')!;
  assert.ok(b.words.some(([, posting]) => JSON.stringify(posting).includes('field:kind')), 'a metadata location names its field');
});
