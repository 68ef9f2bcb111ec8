import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pagefindOptions } from '../shared/search/pagefind-options.ts';
// The dialog's own ranking code (pure functions over Pagefind, no DOM): the server must rank
// exactly as the search dialog does, so it reuses it rather than keeping a copy in sync.
import { type PagefindSearch, searchPages, type SearchResponse } from '../shared/search/results.ts';
import { pageSummaries } from '../shared/search/summaries.ts';
import type { Vocabulary } from '../shared/search/typo.ts';
import { vocabularyShardUrl, vocabularyUrl } from '../shared/search-vocabulary.ts';
import { readJson, type SiteSource } from './site-source.ts';

const engineUrl = '/pagefind/pagefind.js';

export interface SiteSearch {
  search: (query: string, area?: string) => Promise<SearchResponse>;
  areas: string[];
}

/** The site Pagefind's fetches go to, and its engine's folder (one site per process). */
let current: { source: SiteSource; engineFolder: string } | undefined;
let loads = 0;

/**
 * Pagefind fetches its files; in this process `fetch` of a site path (or of a file beside the
 * engine, which Pagefind may resolve its WebAssembly from) reads it through the current site
 * source. Installed once; every other URL goes to the network as before.
 */
function routeFetchToSite() {
  if (current) return;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://site.invalid/');
    const beside = current && url.protocol === 'file:' ? path.relative(current.engineFolder, fileURLToPath(url)) : undefined;
    const besideEngine = beside !== undefined && !beside.startsWith('..') && !path.isAbsolute(beside);
    if (!current || (url.origin !== 'http://site.invalid' && !besideEngine)) return networkFetch(input, init);
    const sitePath = besideEngine ? `/pagefind/${beside.split(path.sep).join('/')}` : url.pathname;
    const bytes = sitePath.includes('/../') ? undefined : await current.source.read(sitePath);
    return bytes ? new Response(Buffer.from(bytes)) : new Response('not found', { status: 404 });
  }) as typeof fetch;
}

/**
 * Pagefind's own engine (the site's pagefind/pagefind.js and its WebAssembly) run in Node over the
 * site's index: the same index and ranking as the dialog, no second index, its files read through
 * the site source (a built folder, or the published site with its files cached on disk).
 */
export async function loadSiteSearch(source: SiteSource): Promise<SiteSearch> {
  const engine = await source.localCopy(engineUrl);
  if (!engine) throw new Error(`no search index in ${source.label} (no pagefind/pagefind.js): run "portal build" first`);
  routeFetchToSite();
  current = { source, engineFolder: path.dirname(engine) };
  // A new instance of the engine each load: one loaded before a rebuild holds the old index's entry.
  const pagefind = (await import(`${pathToFileURL(engine).href}?load=${++loads}`)) as PagefindSearch & { options(options: object): Promise<void>; init(): Promise<void>; filters(): Promise<Record<string, Record<string, number>>> };
  await pagefind.options({ ...pagefindOptions, basePath: '/pagefind/' });
  await pagefind.init();

  const json = (url: string) => readJson<unknown>(source, url);
  const words = (url: string) => json(url).then((list) => (list as string[] | undefined) ?? []);
  const vocabulary: Vocabulary = { shard: (key) => words(vocabularyShardUrl(key)), all: () => words(vocabularyUrl) };
  const summaries = pageSummaries(json);
  // The areas as the built site names them (portal.config.ts), read from the index's own filter.
  const areas = Object.keys((await pagefind.filters()).area ?? {}).sort();
  return { search: (query, area) => searchPages(pagefind, vocabulary, summaries, query, area), areas };
}
