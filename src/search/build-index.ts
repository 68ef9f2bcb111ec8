import * as pagefind from 'pagefind';
import type { Page } from '../page.ts';
import { splitIdentifier, indexDocument, isSearchable } from './index-document.ts';
import { keyOf } from '../cache/fingerprint.ts';
import { type PageContribution, type SearchEngineFiles, takeApart, writeIndex } from './contributions.ts';
import type { PackedFiles } from './pagefind-files.ts';
import { summaryFiles } from './summaries.ts';
import { collectVocabulary, vocabularyFiles } from './vocabulary.ts';

export interface SearchIndex {
  /** Output files: path under the output folder -> contents. */
  files: Map<string, Uint8Array>;
}

// The browser needs only the engine, its WebAssembly and the index: not Pagefind's own UIs,
// nor its web worker (the dialog searches on the main thread: see pagefind-options.ts).
const wanted = /^(pagefind\.js|pagefind-entry\.json|wasm\.en\.pagefind|pagefind\.en_[^/]+|index\/|fragment\/|filter\/)/;

// Pagefind runs as one service process per Node process, and each index build ends by closing
// it: two builds at once (watch mode's background refresh and a full build) would close it
// under each other. They take turns.
let queue: Promise<unknown> = Promise.resolve();

type PagefindIndex = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>;

/** What the search store holds: a page's part, Pagefind's engine files, or a whole written index. */
export type SearchCacheEntry = PageContribution | SearchEngineFiles | { bundle: [string, Uint8Array][] };

/** The search store of the build cache: page parts by their indexed HTML, and the engine by version. */
export interface SearchCache {
  generator: string;
  search: { get(key: string): SearchCacheEntry | undefined; set(key: string, value: SearchCacheEntry): void };
  /** The index's data files by their content: after an edit most word chunks are as before. */
  packed?: PackedFiles;
}

// Pages in flight to Pagefind at once: its service indexes them on its own threads.
const inFlight = 8;

/**
 * Builds the search index while the build renders: each page's part comes from the cache when
 * its indexed HTML is unchanged, and otherwise from Pagefind (in its own process, so its work
 * overlaps ours). The index is then written from the parts in the order pages were added, so it
 * does not depend on timing nor on which pages were indexed now.
 */
export class SearchIndexBuilder {
  private index?: Promise<PagefindIndex>;
  private readonly vocabularyTexts: string[] = [];
  private release!: () => void;
  private readonly order: { key: string; url: string; part?: PageContribution }[] = [];
  private readonly sent: Promise<void>[] = [];
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private failure: unknown;

  /** `areaLabels`: each area's name by its id (portal.config.ts), a filter and a word of its pages. */
  constructor(
    private readonly cache?: SearchCache,
    private readonly areaLabels: Record<string, string> = {},
  ) {}

  /** Adds a page from its article's HTML; returns the key of its part (undefined: not searched). */
  add(page: Page, articleHtml: string): string | undefined {
    if (!isSearchable(page)) return undefined;
    const content = indexDocument(page, articleHtml, page.area ? this.areaLabels[page.area] : undefined);
    const key = keyOf(this.cache?.generator ?? '', 'search page', page.route, content);
    const cached = this.cache?.search.get(key);
    if (cached && 'fragment' in cached) this.place(page, key, cached);
    else {
      this.place(page, key);
      this.sent.push(this.send(page.route, content));
    }
    return key;
  }

  /** Adds a page whose part an earlier build made (`key`, from `add`); false when the cache no longer holds it. */
  addCached(page: Page, key: string): boolean {
    const cached = this.cache?.search.get(key);
    if (!cached || !('fragment' in cached)) return false;
    this.place(page, key, cached);
    return true;
  }

  private place(page: Page, key: string, part?: PageContribution): void {
    this.vocabularyTexts.push(page.title, ...page.toc.map((entry) => entry.text), ...(page.keywords ?? []).map(splitIdentifier));
    this.order.push({ key, url: page.route, part });
  }

  /** Waits for Pagefind to take every changed page, then writes the index from every page's part. */
  async finish(): Promise<SearchIndex> {
    try {
      await Promise.all(this.sent);
      if (this.failure) throw this.failure;
      // Every page and word as before: the whole index as the last build wrote it.
      const bundleKey = keyOf(this.cache?.generator ?? '', 'search bundle', ...this.order.map((slot) => slot.key), ...this.vocabularyTexts);
      if (!this.index && this.cache) {
        const bundle = this.cache.search.get(bundleKey);
        if (bundle && 'bundle' in bundle) return { files: new Map(bundle.bundle) };
      }
      const engineKey = keyOf(this.cache?.generator ?? '', 'search engine');
      let engine = this.cache?.search.get(engineKey) as SearchEngineFiles | undefined;
      if (this.index || !engine) {
        const index = await this.pagefindIndex();
        const output = await index.getFiles();
        if (output.errors.length) throw new Error(`search index: ${output.errors.join('; ')}`);
        await index.deleteIndex();
        const written = new Map(output.files.filter((file) => wanted.test(file.path)).map((file) => [file.path, file.content]));
        const parts = await takeApart(written);
        engine = parts.engine;
        this.cache?.search.set(engineKey, engine);
        const byUrl = new Map(parts.pages.map((part) => [part.url, part]));
        for (const slot of this.order) {
          if (slot.part) continue;
          // Pagefind may end a URL with "/"; the route has none (but "/").
          const part = byUrl.get(slot.url) ?? byUrl.get(`${slot.url}/`);
          if (!part) throw new Error(`search index: Pagefind returned no page for ${slot.url}`);
          slot.part = part;
          this.cache?.search.set(slot.key, part);
        }
      } else {
        // Every page came from the cache: a search entry made by this very generator still counts as used.
      }
      const bundle = await writeIndex(
        this.order.map((slot) => slot.part!),
        engine!,
        this.cache?.packed,
      );
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
        const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', includeCharacters: '_$' });
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

  /** Hands a page to Pagefind, a few at a time (its replies come back in any order: the parts are matched by URL). */
  private async send(url: string, content: string): Promise<void> {
    while (this.running >= inFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      const index = await this.pagefindIndex();
      const result = await index.addHTMLFile({ url, content });
      if (result.errors.length) throw new Error(`search index: ${url}: ${result.errors.join('; ')}`);
    } catch (error) {
      this.failure ??= error;
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async stop() {
    if (!this.index) return;
    // Pagefind runs as a child process; stop it so the CLI can exit (a later build restarts it).
    await pagefind.close().catch(() => undefined);
    this.release();
  }
}
