// Excerpts come from the page's text: the words an index document carries for search alone
// (keywords, a symbol's split name, the area's name) are found but never shown. Indexed by
// Pagefind itself, as the build indexes pages, so the word positions are Pagefind's.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, test } from 'node:test';
import * as pagefind from 'pagefind';
import type { Page } from '../../src/page.ts';
import { indexDocument } from '../../src/search/index-document.ts';
import { excerptOutsideIndexOnly, indexOnlyMeta } from '../../src/shared/search/excerpt.ts';

after(() => pagefind.close());

/** The fragment Pagefind writes for one document: its text, and its meta. */
async function fragmentOf(document: string): Promise<{ content: string; meta: Record<string, string> }> {
  const { index } = await pagefind.createIndex({ forceLanguage: 'en' });
  await index!.addHTMLFile({ url: '/docs/page/', content: document });
  const { files } = await index!.getFiles();
  const fragment = files.find((file) => file.path.startsWith('fragment/'))!;
  const json = zlib.gunzipSync(fragment.content).subarray('pagefind_dcd'.length).toString('utf8');
  await index!.deleteIndex();
  return JSON.parse(json);
}

test('the index-only range names exactly the keywords, split name and area words, and the excerpt leaves them out', async () => {
  const page = { kind: 'doc', title: 'Mute audio and video', description: 'Add mute buttons to the toolbar.', keywords: ['mute microphone', 'muteVideo', 'unmute'], route: '/docs/page' } as Page;
  const document = indexDocument(page, '<h2 id="how">How muting works</h2><p>The app stops the microphone track when the reader mutes it, and starts it again to unmute.</p>', 'Infinity');
  const { content, meta } = await fragmentOf(document);
  const [first, count] = meta[indexOnlyMeta].split(' ').map(Number);
  const words = content.split(/\s+/);
  assert.equal(words.slice(first, first + count).join(' ').replace(/[.,]/g, ''), 'mute microphone muteVideo mute Video unmute Infinity');
  const microphone = words.map((word, index) => (/microphone|mute/i.test(word) ? index : -1)).filter((index) => index >= 0);
  const excerpt = excerptOutsideIndexOnly(content, microphone, meta[indexOnlyMeta], 24)!;
  assert.doesNotMatch(excerpt, /muteVideo|Infinity/, excerpt);
  assert.match(excerpt, /<mark>microphone<\/mark>/, excerpt);
});

test('a page found by its keywords alone shows the start of its own text', () => {
  const content = 'Title. Its description. alpha beta gamma Area. The text of the page itself.';
  const keywordsAt = content.split(/\s+/).indexOf('alpha');
  assert.equal(excerptOutsideIndexOnly(content, [keywordsAt], `${keywordsAt} 4`, 6), 'Title. Its description. The text of');
  assert.equal(excerptOutsideIndexOnly(content, [], undefined, 6), undefined, 'without a range Pagefind\'s excerpt stands');
});
