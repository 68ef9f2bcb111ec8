// Search relevance: the queries developers type (test/search/queries.json), run through the same
// Pagefind index, typo correction and ranking code the search dialog uses (searchPages, with
// Pagefind driven in Chromium), against the real built site.
//
//   node --import tsx --test test/search/relevance.test.ts
//
// The site is built for the run (test/helpers/real-site.ts), never read from the checkout's dist/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { indexShardsUrl } from '../../src/shared/search/index-shards.ts';
import { pagefindOptions } from '../../src/shared/search/pagefind-options.ts';
import { type PagefindResultData, type PagefindSearch, searchPages, type SearchResponse } from '../../src/shared/search/results.ts';
import { synonyms } from '../../src/shared/search/question.ts';
import { pageSummaries } from '../../src/shared/search/summaries.ts';
import type { Vocabulary } from '../../src/shared/search/typo.ts';
import { vocabularyShardUrl, vocabularyUrl } from '../../src/shared/search-vocabulary.ts';
import { launchChromium, serveFolder } from '../helpers/browser.ts';
import { realSite } from '../helpers/real-site.ts';

interface Query {
  query: string;
  expected: string;
  alsoAccept?: string[];
}

const queries: Query[] = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'queries.json'), 'utf8')).queries;
const minimumTop1 = 0.9;

let dist: string;
let browser: Browser;
let server: http.Server;
let base: string;
let page: Page;

before(async () => {
  dist = await realSite();
  ({ url: base, server } = await serveFolder(dist));
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${base}/404.html`, { waitUntil: 'domcontentloaded' });
  // The engine as src/client/search/engine.ts loads it, with the index's other shards merged.
  const shards = fs.existsSync(path.join(dist, indexShardsUrl)) ? (JSON.parse(fs.readFileSync(path.join(dist, indexShardsUrl), 'utf8')) as string[]) : [];
  await page.evaluate(
    async ({ options, shards }) => {
      const url = '/pagefind/pagefind.js';
      const pagefind = await import(url);
      await pagefind.options(options);
      await pagefind.init();
      for (const shard of shards) await pagefind.mergeIndex(shard, options);
      Object.assign(window, { pagefind, pagefindResults: new Map() });
    },
    { options: pagefindOptions, shards },
  );
});

after(async () => {
  await browser?.close();
  server?.close();
});

interface BrowserPagefind {
  pagefind: { search(term: string, options?: object): Promise<{ results: { id: string; data(): Promise<PagefindResultData> }[] } | null> };
  pagefindResults: Map<string, { data(): Promise<PagefindResultData> }>;
}

let searches = 0;

/** Pagefind in Chromium, behind the interface the engine searches through. */
const pagefind: PagefindSearch = {
  async search(term, options) {
    const prefix = `${++searches}:`;
    const ids = await page.evaluate(
      async ({ term, options, prefix }) => {
        const browser = window as unknown as BrowserPagefind;
        const response = await browser.pagefind.search(term, options);
        return (response?.results ?? []).map((result) => {
          browser.pagefindResults.set(prefix + result.id, result);
          return result.id;
        });
      },
      { term, options, prefix },
    );
    return {
      results: ids.map((id) => ({
        id,
        data: () => page.evaluate((key) => (window as unknown as BrowserPagefind).pagefindResults.get(key)!.data(), prefix + id),
      })),
    };
  },
};

const readWords = (url: string): Promise<string[]> => Promise.resolve(JSON.parse(fs.readFileSync(path.join(dist, url), 'utf8')));
const vocabulary: Vocabulary = { shard: (key) => readWords(vocabularyShardUrl(key)), all: () => readWords(vocabularyUrl) };
const summaries = pageSummaries(async (url) => JSON.parse(fs.readFileSync(path.join(dist, url), 'utf8')));

/** The search dialog's answer: its first hits, as many as it resolves before the reader scrolls. */
function search(query: string): Promise<SearchResponse> {
  return searchPages(pagefind, vocabulary, summaries, query);
}

test('every expected page exists in the built site', () => {
  assert.ok(queries.length >= 45, `at least 45 queries (${queries.length})`);
  const missing = queries.flatMap((q) => [q.expected, ...(q.alsoAccept ?? [])]).filter((route) => !fs.existsSync(path.join(dist, route, 'index.html')));
  assert.deepEqual(missing, [], 'routes in queries.json that are not pages');
});

test('search finds the expected page first for developers\' queries', { timeout: 120_000 }, async () => {
  const rows: { query: string; expected: string; rank: number; top: string[]; corrected?: string }[] = [];
  for (const q of queries) {
    const { corrected, hits } = await search(q.query);
    const accepted = new Set([q.expected, ...(q.alsoAccept ?? [])]);
    const index = hits.findIndex((hit) => accepted.has(hit.url));
    rows.push({ query: q.query, expected: q.expected, rank: index + 1, top: hits.slice(0, 3).map((hit) => hit.url), corrected });
  }

  const top1 = rows.filter((row) => row.rank === 1).length;
  const top3 = rows.filter((row) => row.rank >= 1 && row.rank <= 3).length;
  const short = (route: string) => route.replace(/^\/docs\//, '');
  const lines = rows.map((row) => {
    const mark = row.rank === 1 ? '1' : row.rank >= 1 && row.rank <= 3 ? String(row.rank) : 'x';
    const query = row.corrected ? `${row.query} (→ ${row.corrected})` : row.query;
    return `${mark} | ${query.padEnd(44)} | ${short(row.expected).padEnd(64)} | ${row.top.map(short).join('  ·  ') || '(nothing)'}`;
  });
  console.log(
    [
      '',
      `rank | query${' '.repeat(39)} | expected${' '.repeat(56)} | top 3 returned`,
      ...lines,
      '',
      `top-1: ${top1}/${rows.length} (${((100 * top1) / rows.length).toFixed(1)} %)   top-3: ${top3}/${rows.length} (${((100 * top3) / rows.length).toFixed(1)} %)`,
      '',
    ].join('\n'),
  );

  const misses = rows.filter((row) => !(row.rank >= 1 && row.rank <= 3));
  assert.deepEqual(
    misses.map((row) => `${row.query} -> ${row.expected} (got ${row.top.join(', ') || 'nothing'})`),
    [],
    'queries whose expected page is not in the top 3',
  );
  assert.ok(top1 / rows.length >= minimumTop1, `top-1 ${top1}/${rows.length} is below ${minimumTop1 * 100} %`);
});

test('a question is answered by the pages titled for it, and its question words are neither required nor highlighted', { timeout: 120_000 }, async () => {
  const mute = await search('how do I mute the microphone');
  assert.deepEqual(mute.missingWords, []);
  assert.deepEqual(mute.hits.slice(0, 3).map((hit) => hit.title), ['Mute audio and video', 'Mute audio and video', 'Mute audio and video'], mute.hits.map((hit) => hit.url).join(', '));
  const muteTitled = mute.hits.filter((hit) => hit.title === 'Mute audio and video').length;
  assert.ok(muteTitled >= 3, `${muteTitled} of the "Mute audio and video" pages among the first hits`);
  const detailed = await mute.details!();
  const marked = detailed.hits.flatMap((hit) => [hit.excerpt ?? '', ...hit.sections.map((section) => section.excerpt)]).join(' ');
  assert.match(marked, /<mark>[^<]*mute/i);
  assert.doesNotMatch(marked, /<mark>(how|do|i|the)[\s.,:;!?]*<\/mark>/i, 'question words are not highlighted');
  // The lessons' front-matter keywords ("…, mute microphone, mute camera, unmute") are found, never shown.
  const shown = detailed.hits.map((hit) => (hit.excerpt ?? '').replace(/<\/?mark>/g, ''));
  assert.deepEqual(shown.filter((excerpt) => /mute camera, unmute/.test(excerpt)), [], 'excerpts from the pages\' text, not their keywords');
  const meeting = await search('how do I create a VPaaS meeting and join it from the browser');
  const first = meeting.hits.slice(0, 3).map((hit) => hit.url);
  assert.ok(first.includes('/docs/vpaas/tutorial/create-a-meeting') && first.includes('/docs/vpaas/tutorial/join-a-meeting'), `the tutorial's "Create a meeting" and "Join a meeting" lead: ${first.join(', ')}`);
});

test('every synonym points at a word the site uses', () => {
  const known = new Set<string>(JSON.parse(fs.readFileSync(path.join(dist, vocabularyUrl), 'utf8')));
  const unknown = Object.entries(synonyms).flatMap(([word, others]) => others.filter((other) => !known.has(other)).map((other) => `${word} -> ${other}`));
  assert.deepEqual(unknown, [], 'synonyms whose target no title, heading or symbol of the site uses (src/shared/search/question.ts)');
});
