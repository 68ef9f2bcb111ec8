import zlib from 'node:zlib';
import { PortalError } from '../errors.ts';
import { indexFolderPattern, mergeIndexShards } from '../shared/search/index-shards.ts';
import { pagefindOptions } from '../shared/search/pagefind-options.ts';
// The dialog's own ranking code (pure functions over Pagefind, no DOM): the server must rank
// exactly as the search dialog does, so it reuses it rather than keeping a copy in sync.
import { type PagefindSearch, searchPages, type SearchResponse } from '../shared/search/results.ts';
import { pageSummaries } from '../shared/search/summaries.ts';
import type { Vocabulary } from '../shared/search/typo.ts';
import { vocabularyShardUrl, vocabularyUrl } from '../shared/search-vocabulary.ts';
import { tooLarge } from './read-bounded.ts';
import { installedSearchEngine, type PagefindInstance, type SearchEngine } from './search-engine.ts';
import { siteFileLimit } from './site-file-limits.ts';
import { readJson, type SiteSource } from './site-source.ts';

/** The entry of a site's Pagefind index: the version that wrote it and its languages. */
export const indexEntryUrl = '/pagefind/pagefind-entry.json';

// What the engine may read of a site: its index files, data all. Its WebAssembly is portal's
// own, and any other file it asks for (a worker script, say) is not there.
const indexFile = new RegExp(`^/${indexFolderPattern}(pagefind-entry\\.json|pagefind\\.[^/]+\\.pf_meta|(index|filter|fragment)/[^/]+\\.pf_(index|filter|fragment))$`);
const engineWasm = /^\/pagefind\/wasm\.([^/]+)\.pagefind$/;

export interface SiteSearch {
  search: (query: string, area?: string) => Promise<SearchResponse>;
  areas: string[];
}

/** The site the engine's fetches go to (one site per process), and the first file refused on the way. */
let current: { source: SiteSource; engine: SearchEngine; refused?: unknown } | undefined;

/**
 * Pagefind's engine fetches its files by path ("/pagefind/index/en_1a2b.pf_index"); in this
 * process such a fetch reads them through the current site source, or, for its WebAssembly, from
 * the installed engine. Installed once; every other URL goes to the network as before.
 */
function routeFetchToSite() {
  if (current) return;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://site.invalid/');
    const site = current;
    if (!site || url.origin !== 'http://site.invalid') return networkFetch(input, init);
    try {
      const bytes = await engineFile(site, url.pathname);
      return bytes ? new Response(Buffer.from(bytes)) : new Response('not found', { status: 404 });
    } catch (error) {
      // The engine reports a failed fetch in its own words; the reader gets this one (`guarded`).
      site.refused ??= error;
      return new Response('refused', { status: 502 });
    }
  }) as typeof fetch;
}

async function engineFile(site: { source: SiteSource; engine: SearchEngine }, pathname: string): Promise<Uint8Array | undefined> {
  const wasm = engineWasm.exec(pathname);
  if (wasm) return site.engine.wasm(wasm[1]);
  if (!indexFile.test(pathname)) return undefined;
  const bytes = await site.source.read(pathname);
  return bytes && unpacked(bytes, `${site.source.label}${pathname}`, pathname);
}

/**
 * Pagefind's index files are gzip with a signature inside; the engine takes them unpacked too.
 * They are unpacked here, within their kind's limit, so a small file that unpacks without end
 * costs a message and not the reader's memory.
 */
function unpacked(bytes: Uint8Array, url: string, pathname: string): Uint8Array {
  const limit = siteFileLimit(pathname);
  if (!limit.unpacked || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    return zlib.gunzipSync(bytes, { maxOutputLength: limit.unpacked });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(url, { ...limit, bytes: limit.unpacked }, 'unpacks to more than');
    return bytes; // not gzip after all: the engine says what it makes of it
  }
}

/**
 * Pagefind's engine as installed with portal (search-engine.ts), run in Node over the site's
 * index: the same index and ranking as the dialog, no second index, its files read through the
 * site source (a built folder, or the published site with its files cached on disk). Nothing the
 * site serves is run: not its pagefind.js, not its WebAssembly.
 */
export async function loadSiteSearch(source: SiteSource): Promise<SiteSearch> {
  const entryUrl = `${source.label}${indexEntryUrl}`;
  const entryBytes = await source.read(indexEntryUrl);
  if (!entryBytes) throw new PortalError({ severity: 'error', file: source.label, message: `no search index here (no ${indexEntryUrl.slice(1)})`, hint: 'Run "portal build" first, or pass a site built with portal.' });
  const engine = await installedSearchEngine().catch((error: unknown) => {
    throw new PortalError({ severity: 'error', message: `portal's search engine could not start: ${error instanceof Error ? error.message : String(error)}`, hint: 'Install portal again (npm install) so that Pagefind\'s binary for this platform is present.' });
  });
  let siteVersion = 'an unknown version';
  try {
    const version = (JSON.parse(Buffer.from(entryBytes).toString('utf8')) as { version?: unknown } | null)?.version;
    if (typeof version === 'string') siteVersion = version.slice(0, 40);
  } catch (error) {
    throw unreadable(entryUrl, siteVersion, engine.version, error);
  }

  routeFetchToSite();
  const site: NonNullable<typeof current> = { source, engine };
  current = site;
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    engine.takeErrors();
    try {
      return await call();
    } catch (error) {
      // A file refused on the way (too large, a redirect elsewhere) is the reason; else the engine's
      // first complaint says why ("invalid gzip data"), where its last often says only that it gave up.
      const refused = site.refused;
      site.refused = undefined;
      throw refused ?? unreadable(entryUrl, siteVersion, engine.version, engine.takeErrors()[0] ?? error);
    }
  };
  // A new instance each load: one loaded before a rebuild holds the old index's entry.
  const instance: PagefindInstance = (await engine.module()).createInstance({ ...pagefindOptions, basePath: '/pagefind/' });
  await guarded(() => instance.init());
  await guarded(() => mergeIndexShards(instance, (url) => readJson<unknown>(source, url), pagefindOptions));
  // The areas as the built site names them (portal.config.ts), read from the index's own filter:
  // this also reads the index's metadata, so an index the engine cannot read fails here, at start.
  const areas = Object.keys((await guarded(() => instance.filters())).area ?? {}).sort();
  const pagefind: PagefindSearch = {
    search: (term, options) =>
      guarded(async () => {
        const found = await instance.search(term, options);
        return found && { ...found, results: found.results.map((result) => ({ ...result, data: () => guarded(() => result.data()) })) };
      }),
  };

  const json = (url: string) => readJson<unknown>(source, url);
  const words = (url: string) => json(url).then((list) => (list as string[] | undefined) ?? []);
  const vocabulary: Vocabulary = { shard: (key) => words(vocabularyShardUrl(key)), all: () => words(vocabularyUrl) };
  const summaries = pageSummaries(json);
  return { search: (query, area) => searchPages(pagefind, vocabulary, summaries, query, area), areas };
}

/** A site index this engine cannot read: the URL, both Pagefind versions, and what to do. */
function unreadable(entryUrl: string, siteVersion: string, engineVersion: string, cause: unknown): PortalError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new PortalError({
    severity: 'error',
    file: entryUrl,
    message: `cannot read this search index: it was written by Pagefind ${siteVersion}, and portal searches with its own Pagefind ${engineVersion} (it never runs a site's pagefind.js): ${reason.split('\n')[0]}`,
    hint: siteVersion === engineVersion ? 'The index looks damaged: build the site again.' : `Build the site with a portal whose Pagefind is ${engineVersion}, or run the portal that built it.`,
  });
}
