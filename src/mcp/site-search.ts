import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pagefindOptions } from '../shared/search/pagefind-options.ts';
// The dialog's own ranking code (pure functions over Pagefind, no DOM): the server must rank
// exactly as the search dialog does, so it reuses it rather than keeping a copy in sync.
import { type PagefindSearch, searchPages, type SearchResponse } from '../shared/search/results.ts';
import { pageSummaries } from '../shared/search/summaries.ts';
import type { Vocabulary } from '../shared/search/typo.ts';
import { vocabularyShardUrl, vocabularyUrl } from '../shared/search-vocabulary.ts';

/** A built site's file for a site path ("/pagefind/x"), or undefined outside it or when missing. */
function siteFile(dist: string, urlPath: string): string | undefined {
  const file = path.resolve(dist, `.${decodeURIComponent(urlPath)}`);
  if (!file.startsWith(path.resolve(dist) + path.sep)) return undefined;
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : undefined;
}

/**
 * Pagefind's own engine (dist/pagefind/pagefind.js and its WebAssembly) run in Node over the
 * built index: the same index and ranking as the dialog, no second index. Pagefind fetches its
 * files; in this process `fetch` of a site path reads the built file instead.
 */
export async function loadSiteSearch(dist: string): Promise<{ search: (query: string, area?: string) => Promise<SearchResponse>; areas: string[] }> {
  const engine = siteFile(dist, '/pagefind/pagefind.js');
  if (!engine) throw new Error(`no search index in ${dist} (no pagefind/pagefind.js): run "portal build" first`);
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://site.invalid/');
    if (url.origin !== 'http://site.invalid' && url.protocol !== 'file:') return networkFetch(input, init);
    const file = siteFile(dist, url.protocol === 'file:' ? `/${path.relative(dist, decodeURIComponent(url.pathname))}` : url.pathname);
    return file ? new Response(fs.readFileSync(file)) : new Response('not found', { status: 404 });
  }) as typeof fetch;
  const pagefind = (await import(pathToFileURL(engine).href)) as PagefindSearch & { options(options: object): Promise<void>; init(): Promise<void>; filters(): Promise<Record<string, Record<string, number>>> };
  await pagefind.options({ ...pagefindOptions, basePath: '/pagefind/' });
  await pagefind.init();

  const readJson = async (url: string) => {
    const file = siteFile(dist, url);
    return file ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
  };
  const words = (url: string) => readJson(url).then((list) => (list as string[] | undefined) ?? []);
  const vocabulary: Vocabulary = { shard: (key) => words(vocabularyShardUrl(key)), all: () => words(vocabularyUrl) };
  const summaries = pageSummaries(readJson);
  // The areas as the built site names them (portal.config.ts), read from the index's own filter.
  const areas = Object.keys((await pagefind.filters()).area ?? {}).sort();
  return { search: (query, area) => searchPages(pagefind, vocabulary, summaries, query, area), areas };
}
