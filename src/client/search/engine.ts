// The search engine in the browser: Pagefind, loaded from the static index when the dialog
// opens, the typo vocabulary, fetched shard by shard as query words need it, and the page
// summaries hits are listed from, shard by shard as hits need them.
import { searchIndexChangedEvent } from '../../shared/live-events.ts';
import { vocabularyShardUrl, vocabularyUrl } from '../../shared/search-vocabulary.ts';
import { type MergingPagefind, mergeIndexShards } from '../../shared/search/index-shards.ts';
import { pagefindOptions } from '../../shared/search/pagefind-options.ts';
import { type PagefindSearch, searchPages, type SearchResponse } from '../../shared/search/results.ts';
import { pageSummaries } from '../../shared/search/summaries.ts';
import type { Vocabulary } from '../../shared/search/typo.ts';

export type { SearchHit, SearchResponse } from '../../shared/search/results.ts';

interface Pagefind extends PagefindSearch, MergingPagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  destroy(): Promise<void>;
}

let engine: Promise<Pagefind> | undefined;

function load(): Promise<Pagefind> {
  // A variable URL: the engine is not bundled, it is fetched from the built index on first use.
  const url = '/pagefind/pagefind.js';
  engine ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pagefind) => {
    await pagefind.options(pagefindOptions);
    await pagefind.init();
    await mergeIndexShards(pagefind, readJson, pagefindOptions);
    return pagefind;
  });
  engine.catch(() => (engine = undefined));
  return engine;
}

/** A JSON file of the index, or undefined when it is not there. */
const readJson = (url: string): Promise<unknown> => fetch(url).then((response) => (response.ok ? response.json() : undefined));

const fetched = new Map<string, Promise<string[]>>();

function fetchWords(url: string): Promise<string[]> {
  let words = fetched.get(url);
  if (!words) {
    words = readJson(url).then((list) => (list as string[] | undefined) ?? []);
    words.catch(() => fetched.delete(url));
    fetched.set(url, words);
  }
  return words;
}

let summaries = pageSummaries(readJson);

const vocabulary: Vocabulary = {
  shard: (key) => fetchWords(vocabularyShardUrl(key)),
  all: () => fetchWords(vocabularyUrl),
};

// Watch mode rebuilt the index: forget the loaded one, so the next search reads the new files.
addEventListener(searchIndexChangedEvent, () => {
  void engine?.then((pagefind) => pagefind.destroy()).catch(() => undefined);
  engine = undefined;
  fetched.clear();
  summaries = pageSummaries(readJson);
});

/** Loads the engine (script, WebAssembly and index metadata) ahead of the first keystroke. */
export function prepareSearch(): Promise<unknown> {
  void summaries.prepare();
  return load();
}

export async function search(query: string, area: string | undefined): Promise<SearchResponse> {
  return searchPages(await load(), vocabulary, summaries, query, area);
}
