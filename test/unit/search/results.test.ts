import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endsInFirstLetter, missingWordsNotice, type PagefindResultData, type PagefindSearch, pageSize, searchedWhileTyping, searchPages, searchTerms } from '../../../src/shared/search/results.ts';
import type { PageSummaries } from '../../../src/shared/search/summaries.ts';
import type { Vocabulary } from '../../../src/shared/search/typo.ts';

interface FakePage {
  url: string;
  title: string;
  kind?: string;
  /** The page's text and the words of it a query matched (by default, its title, all matched). */
  content?: string;
  locations?: number[];
}

/**
 * Pagefind with fixed answers per term, counting the fragments the engine loads. A quoted word
 * (Pagefind's exact search) is answered as given, else by the pages of every term that has it.
 */
function fakePagefind(answers: Record<string, FakePage[]>): PagefindSearch & { loaded: string[] } {
  const loaded: string[] = [];
  const answer = (term: string): FakePage[] => {
    if (answers[term] || !/^".*"$/.test(term)) return answers[term] ?? [];
    const word = term.slice(1, -1);
    return [...new Set(Object.entries(answers).flatMap(([key, found]) => (key.split(' ').includes(word) ? found : [])))];
  };
  return {
    loaded,
    search: async (term) => ({
      results: answer(term).map((page) => ({
        id: page.url,
        data: async (): Promise<PagefindResultData> => {
          loaded.push(page.url);
          const content = page.content ?? page.title;
          const locations = page.locations ?? content.split(' ').map((_, index) => index);
          return { url: `${page.url}/`, excerpt: page.title, content, locations, meta: { title: page.title, ...(page.kind ? { kind: page.kind } : {}) }, sub_results: [{ title: 'Part', url: `${page.url}/#part`, excerpt: '' }] };
        },
      })),
    }),
  };
}

/** Summaries of every page in `answers` (the build publishes one per indexed page), but `missing`. */
function fakeSummaries(answers: Record<string, FakePage[]>, missing: string[] = []): PageSummaries & { read: string[] } {
  const read: string[] = [];
  const byId = new Map(Object.values(answers).flat().map((page) => [page.url, page]));
  return {
    read,
    prepare: async () => undefined,
    get: async (id) => {
      read.push(id);
      const page = byId.get(id);
      return page && !missing.includes(id) ? { url: page.url, title: page.title, kind: page.kind } : undefined;
    },
  };
}

/** searchPages over fake answers, each page with a summary. */
function searchFake(answers: Record<string, FakePage[]>, words: string[], query: string) {
  const pagefind = fakePagefind(answers);
  return { pagefind, response: searchPages(pagefind, vocabulary(words), fakeSummaries(answers), query) };
}

const vocabulary = (words: string[]): Vocabulary => ({ shard: async (key) => words.filter((word) => word[0] === key), all: async () => words });
const pages = (count: number, prefix = 'page'): FakePage[] => Array.from({ length: count }, (_, i) => ({ url: `/docs/${prefix}-${i}`, title: `Page ${prefix} ${i}` }));

test('the first hits are listed from summaries; details() loads their fragments only, once however often it is asked', async () => {
  const answers = { guide: pages(12) };
  const summaries = fakeSummaries(answers);
  const pagefind = fakePagefind(answers);
  const first = await searchPages(pagefind, vocabulary(['guide']), summaries, 'guide');
  assert.equal(first.found, 12);
  assert.deepEqual(
    first.hits.map((hit) => hit.url),
    pages(pageSize).map((page) => page.url),
  );
  assert.deepEqual(pagefind.loaded, [], 'no fragment while the reader may still be typing');
  assert.deepEqual(summaries.read, pages(pageSize).map((page) => page.url), 'summaries of the hits listed, no more');
  assert.equal(first.hits[0].excerpt, undefined);
  assert.deepEqual(first.hits[0].sections, []);

  const [detailed, again] = await Promise.all([first.details!(), first.details!()]);
  assert.equal(detailed, again);
  assert.equal(pagefind.loaded.length, pageSize, 'fragments of the hits listed, each once');
  assert.deepEqual(
    detailed.hits.map((hit) => hit.url),
    first.hits.map((hit) => hit.url),
    'details keep the order',
  );
  assert.equal(detailed.hits[0].excerpt, 'Page page 0');
  assert.equal(detailed.hits[0].sections[0].url, '/docs/page-0#part');
  assert.equal(detailed.details, undefined, 'nothing left to load');
});

test('more() lists the next hits with their details (and the first ones\', if not loaded yet), once however often it is asked', async () => {
  const { pagefind, response } = searchFake({ guide: pages(12) }, ['guide'], 'guide');
  const first = await response;
  const [second, again] = await Promise.all([first.more!(), first.more!()]);
  assert.equal(second, again);
  assert.deepEqual(
    second.hits.map((hit) => hit.url),
    pages(2 * pageSize).map((page) => page.url),
  );
  assert.equal(pagefind.loaded.length, 2 * pageSize);
  assert.ok(second.hits.every((hit) => hit.excerpt !== undefined));
  const third = await second.more!();
  assert.equal(third.hits.length, 12);
  assert.equal(third.more, undefined, 'nothing more to load');
});

test('details() and more() asked of one response load each fragment once between them', async () => {
  const { pagefind, response } = searchFake({ guide: pages(12) }, ['guide'], 'guide');
  const first = await response;
  const [detailed, longer] = await Promise.all([first.details!(), first.more!()]);
  assert.equal(detailed.hits.length, pageSize);
  assert.equal(longer.hits.length, 2 * pageSize);
  assert.equal(pagefind.loaded.length, 2 * pageSize);
  assert.equal(new Set(pagefind.loaded).size, 2 * pageSize);
});

test('a page without a published summary is listed from its fragment', async () => {
  const answers = { guide: pages(3) };
  const pagefind = fakePagefind(answers);
  const response = await searchPages(pagefind, vocabulary([]), fakeSummaries(answers, ['/docs/page-1']), 'guide');
  assert.deepEqual(
    response.hits.map((hit) => hit.title),
    ['Page page 0', 'Page page 1', 'Page page 2'],
  );
  assert.deepEqual(pagefind.loaded, ['/docs/page-1']);
  assert.equal(response.hits[1].url, '/docs/page-1', 'its URL without the trailing slash');
  await response.details!();
  assert.deepEqual(pagefind.loaded.sort(), ['/docs/page-0', '/docs/page-1', '/docs/page-2'], 'a fragment read once is not read again');
});

test('an npm reference page published in two areas is listed once, and the list is still filled', async () => {
  const copies = [
    { url: '/docs/infinity/npm/Signal', title: 'Signal', kind: 'reference' },
    { url: '/docs/vpaas/npm/Signal', title: 'Signal', kind: 'reference' },
  ];
  const response = await searchFake({ signal: [...copies, ...pages(6)] }, [], 'signal').response;
  assert.deepEqual(
    response.hits.map((hit) => hit.url),
    ['/docs/infinity/npm/Signal', ...pages(pageSize - 1).map((page) => page.url)],
  );
});

test('a page titled as the query (or as the words of an identifier) leads the first hits', async () => {
  const meetings = { url: '/docs/api/get-meetings', title: 'Get meetings' };
  const byWords = await searchFake({ getMeetings: [...pages(3), meetings] }, [], 'getMeetings').response;
  assert.equal(byWords.hits[0].url, meetings.url);
  const asTyped = await searchFake({ 'second guide': [...pages(2), { url: '/docs/second', title: 'Second guide' }] }, [], 'the second guide').response;
  assert.equal(asTyped.hits[0].url, '/docs/second');
});

test('a corrected typo searches the correction too, whose results lead, each page once', async () => {
  const second = { url: '/docs/second-guide', title: 'Second guide' };
  const response = await searchFake({ sceond: [{ url: '/docs/other', title: 'Other' }, second], second: [second] }, ['second'], 'sceond').response;
  assert.equal(response.corrected, 'second');
  assert.deepEqual(
    response.hits.map((hit) => hit.url),
    ['/docs/second-guide', '/docs/other'],
  );
  assert.equal(response.found, 2);
  const nothing = await searchFake({}, ['second'], 'sceond').response;
  assert.equal(nothing.corrected, undefined, 'a correction that finds nothing is not offered');
});

test('words on nearly every page are left out of a query that has others', async () => {
  assert.equal(searchTerms('join a conference'), 'join conference');
  assert.equal(searchTerms('  The end of the meeting '), 'end meeting');
  assert.equal(searchTerms('what is new in v37'), 'new v37');
  assert.equal(searchTerms('how do I mute the microphone'), 'mute microphone', 'the frame of a question is not required');
  assert.equal(searchTerms('how can you'), 'how can you');
  assert.equal(searchTerms('the'), 'the', 'a query of nothing else is searched as typed');
  assert.equal(searchTerms('a an'), 'a an');
  const asked: string[] = [];
  await searchPages({ search: async (term) => (asked.push(term), { results: [] }) }, vocabulary([]), fakeSummaries({}), 'join a conference');
  assert.deepEqual(asked, ['join conference']);
});

test('a word no page mentions is reported, and the hits are those of the other words (Pagefind leaves it out silently)', async () => {
  const sdk = pages(3, 'sdk');
  // Pagefind answers "sdk flutter" with the pages of "sdk": no indexed word starts with "flutter".
  const { response } = searchFake({ 'sdk flutter': sdk, sdk, '"flutter"': [] }, [], 'sdk flutter');
  const found = await response;
  assert.deepEqual(found.missingWords, ['flutter']);
  assert.deepEqual(
    found.hits.map((hit) => hit.url),
    sdk.map((page) => page.url),
  );
  const known = await searchFake({ 'sdk guide': sdk.slice(0, 1), sdk, guide: sdk.slice(0, 1) }, [], 'sdk guide').response;
  assert.deepEqual(known.missingWords, [], 'every word is on some page');
  assert.equal(known.found, 1, 'the pages of every word, not loosened');
});

test('a word Pagefind matched by a shorter word in its place is missing; one it matched by a longer word (still being typed) is not', async () => {
  // Pagefind finds the pages of "web" for "webhook", which no indexed word starts with.
  const web = [{ url: '/docs/web-app', title: 'Web app', content: 'Build a web app', locations: [2] }];
  const alone = await searchFake({ webhook: web, '"webhook"': [] }, [], 'webhook').response;
  assert.deepEqual(alone.missingWords, ['webhook']);
  assert.deepEqual(alone.hits, [], 'nothing is listed when no word of the query is on a page');
  assert.equal(alone.found, 0);
  const typing = [{ url: '/docs/join', title: 'Join', content: 'Join a conference.', locations: [2] }];
  const partial = await searchFake({ conferen: typing, '"conferen"': [] }, [], 'conferen').response;
  assert.deepEqual(partial.missingWords, []);
  assert.deepEqual(
    partial.hits.map((hit) => hit.url),
    ['/docs/join'],
  );
});

test('the notice of missing words names them and the words the pages listed match', () => {
  assert.equal(missingWordsNotice({ query: 'sdk for Flutter', missingWords: ['Flutter'] }), 'No page mentions "Flutter". Showing pages that match "sdk".');
  assert.equal(missingWordsNotice({ query: 'a b c', missingWords: ['a', 'b', 'c'] }, 'VPaaS'), 'No page in VPaaS mentions "a", "b" or "c".');
  assert.equal(missingWordsNotice({ query: 'sceond flutter', corrected: 'second flutter', missingWords: ['flutter'] }), 'No page mentions "flutter". Showing pages that match "second".');
  assert.equal(missingWordsNotice({ query: 'sdk', missingWords: [] }), undefined);
});

test('a word being typed that starts a word of a title is taken as mentioned without loading a fragment', async () => {
  const walrus = [{ url: '/docs/walrus', title: 'Walrus guide', content: 'Walrus guide', locations: [0] }];
  const { pagefind, response } = searchFake({ walr: walrus, '"walr"': [] }, ['walrus'], 'walr');
  assert.deepEqual((await response).missingWords, []);
  assert.deepEqual(pagefind.loaded, [], 'the typo vocabulary answered');
});

test('a typo the correction replaced is not reported as missing', async () => {
  const second = { url: '/docs/second-guide', title: 'Second guide' };
  const response = await searchFake({ sceond: [{ url: '/docs/other', title: 'Other', content: 'Other seconds', locations: [1] }], '"sceond"': [], second: [second] }, ['second'], 'sceond').response;
  assert.equal(response.corrected, 'second');
  assert.deepEqual(response.missingWords, []);
  assert.deepEqual(
    response.hits.map((hit) => hit.url),
    ['/docs/second-guide'],
    'what the typo alone found is left out with it',
  );
});

test('while typing, a word just begun (its first letter) waits for the pause', () => {
  assert.equal(searchedWhileTyping('join a c'), 'join a ');
  assert.equal(searchedWhileTyping('j'), '');
  assert.equal(searchedWhileTyping('join a co'), 'join a co', 'two letters are searched at once');
  assert.equal(searchedWhileTyping('join '), 'join ');
  assert.equal(endsInFirstLetter('share my s'), true);
  assert.equal(endsInFirstLetter('x'), true);
  assert.equal(endsInFirstLetter('share my sc'), false);
  assert.equal(endsInFirstLetter(''), false);
});

test('a question finds the pages titled for it through the site\'s own words: "microphone" is "audio" on its pages', async () => {
  const long: FakePage = { url: '/docs/install', title: 'Install the SDK', content: 'mute microphone' };
  const mutePage: FakePage = { url: '/docs/mute', title: 'Mute audio and video' };
  const { pagefind, response } = searchFake({ 'mute microphone': [long], 'mute audio': [mutePage], mute: [long, mutePage] }, ['mute', 'microphone', 'audio'], 'how do I mute the microphone');
  const { hits, missingWords } = await response;
  assert.deepEqual(missingWords, []);
  assert.deepEqual(hits.map((hit) => hit.url), ['/docs/mute', '/docs/install'], 'the page titled for both concepts leads the one that only mentions the words');
  void pagefind;
});

test('between titles that carry as many of the words, the page whose address names them all leads', async () => {
  const list: FakePage = { url: '/docs/api/list-project-keys', title: "List a project's keys" };
  const create: FakePage = { url: '/docs/api/create-project-key', title: 'Create a key' };
  const { response } = searchFake({ 'create project key': [list, create] }, ['create', 'project', 'key'], 'create project key');
  assert.deepEqual((await response).hits.map((hit) => hit.url), ['/docs/api/create-project-key', '/docs/api/list-project-keys']);
});
