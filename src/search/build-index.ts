import * as pagefind from 'pagefind';
import type { Page } from '../page.ts';
import { searchDocumentOf, splitIdentifier } from './index-document.ts';
import { keyOf } from '../cache/fingerprint.ts';
import { PagefindRequests } from './pagefind-requests.ts';
import type { SummaryRow } from '../shared/search-summaries.ts';
import { indexShardFolder, indexShardsUrl } from '../shared/search/index-shards.ts';
import { sha256Hex } from '../util/sha256.ts';
import { summaryFiles, summaryRows } from './summaries.ts';
import { collectVocabulary, vocabularyFiles } from './vocabulary.ts';

export interface SearchIndex {
  /** Output files: path under the output folder -> contents. */
  files: Map<string, Uint8Array>;
}

// The browser needs only the engine, its WebAssembly and the index: not Pagefind's own UIs,
// nor its web worker (the dialog searches on the main thread: see pagefind-options.ts). The
// engine is written once, with the first shard; the other shards are index files alone.
const wanted = /^(pagefind\.js|pagefind-entry\.json|wasm\.en\.pagefind|pagefind\.en_[^/]+|index\/|fragment\/|filter\/)/;
const wantedInShard = /^(pagefind-entry\.json|pagefind\.en_[^/]+|index\/|fragment\/|filter\/)/;

// Pagefind writes its word index in chunks of about 20,000 word locations (22-28 KB
// compressed), and the browser loads the chunk of each query word: at that size the index was
// most of a first query's bytes. Pagefind takes a smaller chunk from its environment, a setting
// it calls unstable; test/integration/search-index.test.ts fails if an upgrade stops honouring it.
// A query loads one chunk per shard, and a shard holds a part of each word's locations: the
// chunks are cut smaller by the shard count, so a query word costs about the same bytes in all.
const chunkSizeSetting = 'PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE';
const wordLocationsPerChunk = 3000;

// Pagefind cannot update an index: a page edited means its whole index is made again. The index
// is cut into shards by a hash of the route, so an edit re-indexes its shard only, and the browser
// merges them (`mergeIndex`), ranking each shard's hits by that shard's statistics. A shard holds
// at least this many pages: with two shards of ~350 pages, this portal's relevance set lost two
// queries from its top 3, so a site of its size keeps one index. Each shard also costs a first
// query its entry and metadata files (about 3 KB).
const fewestPagesPerShard = 750;
const mostShards = 8;

// Requests Pagefind's service has not answered yet, at most (see pagefind-requests.ts): enough
// to keep its process busy while this one renders, few enough that stopping it waits for little.
const requestsInFlight = 32;

/** How many shards a site of `pages` pages (every route) gets its search index cut into. */
export function searchShardCount(pages: number): number {
  return Math.max(1, Math.min(mostShards, Math.floor(pages / fewestPagesPerShard)));
}

/** The shard of a route: a stable hash, so a page stays in its shard from build to build. */
function shardOf(route: string, shards: number): number {
  return shards === 1 ? 0 : Number.parseInt(sha256Hex(route).slice(0, 8), 16) % shards;
}

// Pagefind runs as one service process per Node process, and each index build ends by closing
// it: two builds at once (watch mode's background refresh and a full build) would close it
// under each other. They take turns.
let queue: Promise<unknown> = Promise.resolve();

type PagefindIndex = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>;

/**
 * What the search store holds: a page's indexed document (the input Pagefind reads), or one
 * shard as Pagefind wrote it (paths under the shard's folder) with its pages' summary rows.
 */
export type SearchCacheEntry = { document: string } | { shard: [string, Uint8Array][]; rows: [string, SummaryRow][] };

/** The search store of the build cache: page documents by their key, and shards by their pages' keys. */
export interface SearchCache {
  generator: string;
  search: { get(key: string): SearchCacheEntry | undefined; set(key: string, value: SearchCacheEntry): void };
}

/** A page in its shard; its document is let go once Pagefind has it. */
interface Slot {
  key: string;
  url: string;
  document: string;
}

/** One shard's pages in order, and its Pagefind index once it must be made again. */
interface Shard {
  order: Slot[];
  /** Pages handed to Pagefind so far (the first `handed` of `order`). */
  handed: number;
  index?: Promise<PagefindIndex>;
  sent: Promise<void>[];
}

/**
 * Builds the search index through Pagefind's public API, as `shards` Pagefind indexes (see
 * `searchShardCount`). Each page's input is the HTML document `indexDocument` makes of it, kept
 * in the cache, so a page the build does not render again is still indexed. Pagefind numbers
 * pages in the order it is handed them, so a shard's pages go in the order they are added: the
 * same pages give the same bytes however a build reached them. A shard whose pages are all as the
 * last build had them is used as that build wrote it, without Pagefind.
 */
export class SearchIndexBuilder {
  private readonly vocabularyTexts: string[] = [];
  private release!: () => void;
  /** Every page's key by its route, in order (see `documentKeys`). */
  private readonly keys = new Map<string, string>();
  private readonly shards: Shard[];
  private service?: Promise<void>;
  private failure: unknown;
  private readonly requests = new PagefindRequests(requestsInFlight);

  /** `areaLabels`: each area's name by its id (portal.config.ts), a filter and a word of its pages. `shards`: see `searchShardCount`. */
  constructor(
    private readonly cache?: SearchCache,
    private readonly areaLabels: Record<string, string> = {},
    shards = 1,
  ) {
    this.shards = Array.from({ length: shards }, () => ({ order: [], handed: 0, sent: [] }));
  }

  /** Adds a page from its article's HTML; returns the key of its document (undefined: not searched). */
  add(page: Page, articleHtml: string): string | undefined {
    return this.addDocument(page, searchDocumentOf(page, articleHtml, this.areaLabels));
  }

  /**
   * Adds a page whose document is made already (`searchDocumentOf`, on a page worker, say);
   * undefined: the page is not searched. Returns the document's key.
   */
  addDocument(page: Page, document: string | undefined): string | undefined {
    if (document === undefined) return undefined;
    const key = keyOf(this.cache?.generator ?? '', 'search page', page.route, document);
    const known = this.cache?.search.get(key);
    if (!known || !('document' in known)) this.cache?.search.set(key, { document });
    const shard = this.place(page, key, document);
    // A page not indexed before: its shard must be written again, so Pagefind starts on it now
    // and works in its own process while the build goes on.
    if (!known) this.handOver(shard);
    return key;
  }

  /** Adds a page whose document an earlier build made (`key`, from `add`); false when the cache no longer holds it. */
  addCached(page: Page, key: string): boolean {
    const cached = this.cache?.search.get(key);
    if (!cached || !('document' in cached)) return false;
    this.place(page, key, cached.document);
    return true;
  }

  private place(page: Page, key: string, document: string): Shard {
    this.vocabularyTexts.push(page.title, ...page.toc.map((entry) => entry.text), ...(page.keywords ?? []).map(splitIdentifier));
    this.keys.set(page.route, key);
    const shard = this.shards[shardOf(page.route, this.shards.length)];
    shard.order.push({ key, url: page.route, document });
    if (shard.index) this.handOver(shard);
    return shard;
  }

  /** How many pages this build handed to Pagefind: those of the shards it made again. */
  get pagesIndexed(): number {
    return this.shards.reduce((sum, shard) => sum + shard.handed, 0);
  }

  /** Each page's document key by its route (see `addCached`). */
  documentKeys(): Map<string, string> {
    return new Map(this.keys);
  }

  /** Waits for Pagefind to take every page of the shards that changed, then writes the index. */
  async finish(): Promise<SearchIndex> {
    try {
      const count = String(this.shards.length);
      // A shard with the same pages, in the same order, as a build before: its files as that build wrote them.
      const keys = this.shards.map((shard, n) => keyOf(this.cache?.generator ?? '', 'search shard', count, String(n), ...shard.order.map((slot) => slot.key)));
      const reused = this.shards.map((shard, n) => {
        if (shard.index) return undefined;
        const cached = this.cache?.search.get(keys[n]);
        return cached && 'shard' in cached ? cached : undefined;
      });
      // Shard 0 is the index searchers open (it carries the engine), even with no pages; the others only when they have some.
      const made = this.shards.map((shard, n) => !reused[n] && (n === 0 || shard.order.length > 0));
      made.forEach((make, n) => make && this.handOver(this.shards[n]));
      await Promise.all(this.shards.flatMap((shard) => shard.sent));
      if (this.failure) throw this.failure;
      const written = await Promise.all(
        this.shards.map(async (shard, n) => {
          if (!made[n]) return reused[n];
          const index = await shard.index!;
          const output = await this.requests.run(() => index.getFiles());
          if (output.errors.length) throw new Error(`search index: ${output.errors.join('; ')}`);
          await this.requests.run(() => index.deleteIndex());
          const files = new Map(output.files.filter((file) => (n === 0 ? wanted : wantedInShard).test(file.path)).map((file) => [file.path, file.content]));
          const entry = { shard: [...files], rows: [...(await summaryRows(files))] };
          this.cache?.search.set(keys[n], entry);
          return entry;
        }),
      );
      const files = new Map<string, Uint8Array>();
      const rows = new Map<string, SummaryRow>();
      const merged: string[] = [];
      written.forEach((entry, n) => {
        if (!entry) return;
        for (const [file, contents] of entry.shard) files.set(`${indexShardFolder(n)}${file}`, contents);
        for (const [id, row] of entry.rows) rows.set(id, row);
        if (n > 0) merged.push(`/${indexShardFolder(n)}`);
      });
      // Beside Pagefind's files, under fixed names (the bundle must not change when the content
      // does): the other shards, the typo vocabulary, and what a hit shows before its fragment loads.
      const texts = [[indexShardsUrl.slice(1), JSON.stringify(merged)], ...vocabularyFiles(collectVocabulary(this.vocabularyTexts)), ...summaryFiles(rows)];
      for (const [file, contents] of texts) files.set(file, new TextEncoder().encode(contents));
      return { files };
    } finally {
      await this.stop();
    }
  }

  /**
   * Sends Pagefind nothing more (what it indexes is stale), not even the start of an index still
   * waiting for its turn; settles once the requests sent are answered. A `finish` under way then
   * fails, and closes the service and gives its turn up as any failed index does.
   */
  async cancel(): Promise<void> {
    await this.requests.stop(cancelledError());
  }

  /** Gives up on the index (the build failed), leaving Pagefind free for the next build. */
  async abandon(): Promise<void> {
    for (const shard of this.shards) if (shard.index) await shard.index.then((index) => this.requests.run(() => index.deleteIndex())).catch(() => undefined);
    await this.stop();
  }

  /** This build's turn of Pagefind's service, taken on the first shard that must be made again. */
  private pagefindService(): Promise<void> {
    if (!this.service) {
      const turnOver = new Promise<void>((resolve) => (this.release = resolve));
      this.service = queue.then(() => undefined);
      queue = turnOver;
    }
    return this.service;
  }

  /** A shard's Pagefind index, made on the first of its pages the cache does not hold. */
  private shardIndex(shard: Shard): Promise<PagefindIndex> {
    if (!shard.index) {
      const ready = this.pagefindService().then(async () => {
        const { index, errors } = await this.requests.run(() => startPagefind(this.shards.length));
        if (!index) throw new Error(`search index: ${errors.join('; ')}`);
        return index;
      });
      shard.index = ready;
      // Failures surface in finish(); until then they must not count as unhandled.
      ready.catch(() => undefined);
    }
    return shard.index;
  }

  /** Hands Pagefind the shard's pages placed since the last call, in order (its service takes them in the order sent). */
  private handOver(shard: Shard): void {
    const index = this.shardIndex(shard);
    for (; shard.handed < shard.order.length; shard.handed++) {
      const slot = shard.order[shard.handed];
      const { url, document } = slot;
      // Pagefind has it now: the build need not hold every page's document until the end.
      slot.document = '';
      shard.sent.push(
        index
          .then((ready) => this.requests.run(() => ready.addHTMLFile({ url, content: document })))
          .then((result) => {
            if (result.errors.length) throw new Error(`search index: ${url}: ${result.errors.join('; ')}`);
          })
          .catch((error: unknown) => {
            this.failure ??= error;
          }),
      );
    }
  }

  private async stop() {
    if (!this.service) return;
    // Pagefind runs as a child process; stop it so the CLI can exit (a later build restarts it),
    // once it has answered everything sent (a request cut off mid-answer makes it panic).
    await this.requests.stop(new Error('search index: the index is finished or abandoned'));
    await pagefind.close().catch(() => undefined);
    this.release();
  }
}

const cancelledError = () => new Error('search index: stopped, what it indexed is stale');

/**
 * A new index in Pagefind's service, started with the chunk size above (the service reads the
 * setting when it starts, which the first `createIndex` does at once).
 */
function startPagefind(shards: number): ReturnType<typeof pagefind.createIndex> {
  const before = process.env[chunkSizeSetting];
  process.env[chunkSizeSetting] = String(Math.round(wordLocationsPerChunk / shards));
  try {
    return pagefind.createIndex({ forceLanguage: 'en', includeCharacters: '_$' });
  } finally {
    if (before === undefined) delete process.env[chunkSizeSetting];
    else process.env[chunkSizeSetting] = before;
  }
}
