import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import zlib from 'node:zlib';
import * as pagefind from 'pagefind';
import { pack, unpack } from '../../../src/search/pagefind-files.ts';
import { stabilizeIndex } from '../../../src/search/stable-index.ts';

after(() => pagefind.close());

/** A small real index from Pagefind itself: three pages, a filter with three values. */
async function realIndex(order: number[]): Promise<Map<string, Uint8Array>> {
  const { index } = await pagefind.createIndex({ forceLanguage: 'en' });
  const pages = [
    ['/a', 'Infinity', 'Join a conference with a PIN from the web app.'],
    ['/b', 'VPaaS', 'Create a meeting and issue participant tokens.'],
    ['/c', 'One-Touch Join', 'List the meetings of a room with the meetings API.'],
  ];
  for (const i of order) {
    const [url, area, text] = pages[i];
    await index!.addHTMLFile({ url, content: `<html lang="en"><body><main data-pagefind-filter="area:${area}"><h1>${text}</h1><p>${text}</p></main></body></html>` });
  }
  const { files } = await index!.getFiles();
  await index!.deleteIndex();
  return new Map(files.map((file) => [file.path, file.content]));
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

test('the same pages give the same index files, however Pagefind ordered its filters', async () => {
  const first = await stabilizeIndex(await realIndex([0, 1, 2]));
  const second = await stabilizeIndex(await realIndex([0, 1, 2]));
  assert.deepEqual([...first.keys()].sort(), [...second.keys()].sort());
  for (const [path, bytes] of first) assert.deepEqual(second.get(path), bytes, path);
  // The filter's values come out sorted.
  const filter = [...first].find(([path]) => path.endsWith('.pf_filter'))!;
  const [, values] = (await unpack(filter[1], filter[0])) as [string, [string, number[]][]];
  assert.deepEqual(values.map(([value]) => value), ['Infinity', 'One-Touch Join', 'VPaaS']);
});
