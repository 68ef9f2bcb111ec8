import * as pagefind from 'pagefind';
import type { Page } from '../page.ts';
import { splitIdentifier, indexDocument, isSearchable } from './index-document.ts';
import { keyOf } from '../cache/fingerprint.ts';
import { summaryFiles } from './summaries.ts';
import { collectVocabulary, vocabularyFiles } from './vocabulary.ts';

export interface SearchIndex {
  /** Output files: path under the output folder -> contents. */
  files: Map<string, Uint8Array>;
}

// The browser needs only the engine, its WebAssembly and the index: not Pagefind's own UIs,
// nor its web worker (the dialog searches on the main thread: see pagefind-options.ts).
const wanted = /^(pagefind\.js|pagefind-entry\.json|wasm\.en\.pagefind|pagefind\.en_[^/]+|index\/|fragment\/|filter\/)/;

// Pagefind writes its word index in chunks of about 20,000 word locations (22-28 KB
// compressed), and the browser loads the chunk of each query word: at that size the index was
// most of a first query's bytes. Pagefind takes a smaller chunk from its environment, a setting
// it calls unstable; test/integration/search-index.test.ts fails if an upgrade stops honouring it.
const chunkSizeSetting = 'PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE';
const wordLocationsPerChunk = '3000';

// Pagefind runs as one service process per Node process, and each index build ends by closing
// it: two builds at once (watch mode's background refresh and a full build) would close it
// under each other. They take turns.
let queue: Promise<unknown> = Promise.resolve();

type PagefindIndex = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>;

/** What the search store holds: a page's indexed document (the input Pagefind reads), or a whole written index. */
export type SearchCacheEntry = { document: string } | { bundle: [string, Uint8Array][] };

/** The search store of the build cache: page documents by their key, and whole indexes by every page's key. */
export interface SearchCache {
  generator: string;
  search: { get(key: string): SearchCacheEntry | undefined; set(key: string, value: SearchCacheEntry): void };
}

/**
 * Builds the search index through Pagefind's public API. Each page's input is the HTML document
 * `indexDocument` makes of it, kept in the cache, so a page the build does not render again is
 * still indexed. Pagefind numbers pages in the order it is handed them, so they go in the order
 * they are added: the same pages give the same bytes however a build reached them. When no page
 * changed, the index the last build wrote is used as it is, without starting Pagefind.
 */
export class SearchIndexBuilder {
  private index?: Promise<PagefindIndex>;
  private readonly vocabularyTexts: string[] = [];
  private release!: () => void;
  /** The pages in order; a document is let go once Pagefind has it. */
  private readonly order: { key: string; url: string; document: string }[] = [];
  /** Pages handed to Pagefind so far (the first `handed` of `order`). */
  private handed = 0;
  private readonly sent: Promise<void>[] = [];
  private failure: unknown;
  /** Whether this index has its turn of Pagefind's service (see `queue`). */
  private started = false;

  /** `areaLabels`: each area's name by its id (portal.config.ts), a filter and a word of its pages. */
  constructor(
    private readonly cache?: SearchCache,
    private readonly areaLabels: Record<string, string> = {},
  ) {}

  /** Adds a page from its article's HTML; returns the key of its document (undefined: not searched). */
  add(page: Page, articleHtml: string): string | undefined {
    if (!isSearchable(page)) return undefined;
    const document = indexDocument(page, articleHtml, page.area ? this.areaLabels[page.area] : undefined);
    const key = keyOf(this.cache?.generator ?? '', 'search page', page.route, document);
    const known = this.cache?.search.get(key);
    if (!known || !('document' in known)) this.cache?.search.set(key, { document });
    this.place(page, key, document);
    // A page not indexed before: the index must be written again, so Pagefind starts now and
    // works in its own process while the build goes on.
    if (!known) this.handOver();
    return key;
  }

  /** Adds a page whose document an earlier build made (`key`, from `add`); false when the cache no longer holds it. */
  addCached(page: Page, key: string): boolean {
    const cached = this.cache?.search.get(key);
    if (!cached || !('document' in cached)) return false;
    this.place(page, key, cached.document);
    return true;
  }

  private place(page: Page, key: string, document: string): void {
    this.vocabularyTexts.push(page.title, ...page.toc.map((entry) => entry.text), ...(page.keywords ?? []).map(splitIdentifier));
    this.order.push({ key, url: page.route, document });
    if (this.index) this.handOver();
  }

  /** Each page's document key by its route (see `addCached`). */
  documentKeys(): Map<string, string> {
    return new Map(this.order.map((slot) => [slot.url, slot.key]));
  }

  /** Waits for Pagefind to take every page, then writes the index. */
  async finish(): Promise<SearchIndex> {
    try {
      // Every page and word as before: the whole index as the last build wrote it.
      const bundleKey = keyOf(this.cache?.generator ?? '', 'search bundle', ...this.order.map((slot) => slot.key), ...this.vocabularyTexts);
      if (!this.index && this.cache) {
        const bundle = this.cache.search.get(bundleKey);
        if (bundle && 'bundle' in bundle) return { files: new Map(bundle.bundle) };
      }
      this.handOver();
      await Promise.all(this.sent);
      if (this.failure) throw this.failure;
      const index = await this.pagefindIndex();
      const output = await index.getFiles();
      if (output.errors.length) throw new Error(`search index: ${output.errors.join('; ')}`);
      await index.deleteIndex();
      const bundle = new Map(output.files.filter((file) => wanted.test(file.path)).map((file) => [file.path, file.content]));
      const files = new Map<string, Uint8Array>();
      for (const [file, contents] of bundle) files.set(`pagefind/${file}`, contents);
      // Beside Pagefind's files, under fixed names (the bundle must not change when the content
      // does): the typo vocabulary, and what a hit shows before its fragment loads.
      const texts = [...vocabularyFiles(collectVocabulary(this.vocabularyTexts)), ...(await summaryFiles(bundle))];
      for (const [file, contents] of texts) files.set(file, new TextEncoder().encode(contents));
      this.cache?.search.set(bundleKey, { bundle: [...files] });
      return { files };
    } finally {
      await this.stop();
    }
  }

  /** Stops Pagefind at once (what it indexes is stale): a `finish` under way fails, and gives its turn up. */
  async cancel(): Promise<void> {
    // Only once it is this index's turn: before that, the service running is another build's.
    if (this.started) await pagefind.close().catch(() => undefined);
  }

  /** Gives up on the index (the build failed), leaving Pagefind free for the next build. */
  async abandon(): Promise<void> {
    if (this.index) await this.index.then((index) => index.deleteIndex()).catch(() => undefined);
    await this.stop();
  }

  /** Pagefind's service, started on the first page the cache does not hold. */
  private pagefindIndex(): Promise<PagefindIndex> {
    if (!this.index) {
      const turnOver = new Promise<void>((resolve) => (this.release = resolve));
      const ready = queue.then(async () => {
        this.started = true;
        const { index, errors } = await startPagefind();
        if (!index) throw new Error(`search index: ${errors.join('; ')}`);
        return index;
      });
      queue = turnOver;
      this.index = ready;
      // Failures surface in finish(); until then they must not count as unhandled.
      ready.catch(() => undefined);
    }
    return this.index;
  }

  /** Hands Pagefind the pages placed since the last call, in order (its service takes them in the order sent). */
  private handOver(): void {
    const index = this.pagefindIndex();
    for (; this.handed < this.order.length; this.handed++) {
      const slot = this.order[this.handed];
      const { url, document } = slot;
      // Pagefind has it now: the build need not hold every page's document until the end.
      slot.document = '';
      this.sent.push(
        index
          .then((ready) => ready.addHTMLFile({ url, content: document }))
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
    if (!this.index) return;
    // Pagefind runs as a child process; stop it so the CLI can exit (a later build restarts it).
    await pagefind.close().catch(() => undefined);
    this.release();
  }
}

/** Starts Pagefind's service with the chunk size above (it reads the setting when it starts, which `createIndex` does at once). */
function startPagefind(): ReturnType<typeof pagefind.createIndex> {
  const before = process.env[chunkSizeSetting];
  process.env[chunkSizeSetting] = wordLocationsPerChunk;
  try {
    return pagefind.createIndex({ forceLanguage: 'en', includeCharacters: '_$' });
  } finally {
    if (before === undefined) delete process.env[chunkSizeSetting];
    else process.env[chunkSizeSetting] = before;
  }
}
