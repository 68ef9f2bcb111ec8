import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type PagefindResultData, type PagefindSearch, pageSize, searchPages, searchTerms } from '../../../src/client/search/results.ts';
import type { Vocabulary } from '../../../src/client/search/typo.ts';

interface FakePage {
  url: string;
  title: string;
  kind?: string;
}

/** Pagefind with fixed answers per term, counting the fragments the engine loads. */
function fakePagefind(answers: Record<string, FakePage[]>): PagefindSearch & { loaded: string[] } {
  const loaded: string[] = [];
  return {
    loaded,
    search: async (term) => ({
      results: (answers[term] ?? []).map((page) => ({
        id: page.url,
        data: async (): Promise<PagefindResultData> => {
          loaded.push(page.url);
          return { url: `${page.url}/`, excerpt: page.title, meta: { title: page.title, ...(page.kind ? { kind: page.kind } : {}) }, sub_results: [{ title: 'Part', url: `${page.url}/#part`, excerpt: '' }] };
        },
      })),
    }),
  };
}

const vocabulary = (words: string[]): Vocabulary => ({ shard: async (key) => words.filter((word) => word[0] === key), all: async () => words });
const pages = (count: number, prefix = 'page'): FakePage[] => Array.from({ length: count }, (_, i) => ({ url: `/docs/${prefix}-${i}`, title: `Page ${prefix} ${i}` }));

test('only the first hits load their details; more() loads the next ones, once however often it is asked', async () => {
  const pagefind = fakePagefind({ guide: pages(12) });
  const first = await searchPages(pagefind, vocabulary(['guide']), 'guide');
  assert.equal(first.found, 12);
  assert.deepEqual(
    first.hits.map((hit) => hit.url),
    pages(pageSize).map((page) => page.url),
  );
  assert.equal(pagefind.loaded.length, pageSize, 'fragments of the hits shown, no more');
  assert.equal(first.hits[0].sections[0].url, '/docs/page-0#part');

  const [second, again] = await Promise.all([first.more!(), first.more!()]);
  assert.equal(second, again);
  assert.deepEqual(
    second.hits.map((hit) => hit.url),
    pages(2 * pageSize).map((page) => page.url),
  );
  assert.equal(pagefind.loaded.length, 2 * pageSize);
  const third = await second.more!();
  assert.equal(third.hits.length, 12);
  assert.equal(third.more, undefined, 'nothing more to load');
});

test('an npm reference page published in two areas is listed once, and the list is still filled', async () => {
  const copies = [
    { url: '/docs/infinity/npm/Signal', title: 'Signal', kind: 'reference' },
    { url: '/docs/vpaas/npm/Signal', title: 'Signal', kind: 'reference' },
  ];
  const response = await searchPages(fakePagefind({ signal: [...copies, ...pages(6)] }), vocabulary([]), 'signal');
  assert.deepEqual(
    response.hits.map((hit) => hit.url),
    ['/docs/infinity/npm/Signal', ...pages(pageSize - 1).map((page) => page.url)],
  );
});

test('a page titled as the query (or as the words of an identifier) leads the first hits', async () => {
  const meetings = { url: '/docs/api/get-meetings', title: 'Get meetings' };
  const byWords = await searchPages(fakePagefind({ getMeetings: [...pages(3), meetings] }), vocabulary([]), 'getMeetings');
  assert.equal(byWords.hits[0].url, meetings.url);
  const asTyped = await searchPages(fakePagefind({ 'second guide': [...pages(2), { url: '/docs/second', title: 'Second guide' }] }), vocabulary([]), 'the second guide');
  assert.equal(asTyped.hits[0].url, '/docs/second');
});

test('a corrected typo searches the correction too, whose results lead, each page once', async () => {
  const second = { url: '/docs/second-guide', title: 'Second guide' };
  const pagefind = fakePagefind({ sceond: [{ url: '/docs/other', title: 'Other' }, second], second: [second] });
  const response = await searchPages(pagefind, vocabulary(['second']), 'sceond');
  assert.equal(response.corrected, 'second');
  assert.deepEqual(
    response.hits.map((hit) => hit.url),
    ['/docs/second-guide', '/docs/other'],
  );
  assert.equal(response.found, 2);
  const nothing = await searchPages(fakePagefind({}), vocabulary(['second']), 'sceond');
  assert.equal(nothing.corrected, undefined, 'a correction that finds nothing is not offered');
});

test('words on nearly every page are left out of a query that has others', async () => {
  assert.equal(searchTerms('join a conference'), 'join conference');
  assert.equal(searchTerms('  The end of the meeting '), 'end meeting');
  assert.equal(searchTerms('what is new in v37'), 'what new v37');
  assert.equal(searchTerms('the'), 'the', 'a query of nothing else is searched as typed');
  assert.equal(searchTerms('a an'), 'a an');
  const asked: string[] = [];
  await searchPages({ search: async (term) => (asked.push(term), { results: [] }) }, vocabulary([]), 'join a conference');
  assert.deepEqual(asked, ['join conference']);
});
