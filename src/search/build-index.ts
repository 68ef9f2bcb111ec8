import * as pagefind from 'pagefind';
import type { Page } from '../page.ts';
import { splitIdentifier, indexDocument, isSearchable } from './index-document.ts';
import { rechunkIndex } from './rechunk-index.ts';
import { stabilizeIndex } from './stable-index.ts';
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

/**
 * Feeds pages to Pagefind while the build renders the rest: Pagefind indexes in its own process,
 * so its work overlaps ours. Pages are added one after another, in the order given, so the index
 * does not depend on timing.
 */
export class SearchIndexBuilder {
  private work: Promise<PagefindIndex>;
  private readonly vocabularyTexts: string[] = [];
  private release!: () => void;

  constructor() {
    const turnOver = new Promise<void>((resolve) => (this.release = resolve));
    const ready = queue.then(async () => {
      const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', includeCharacters: '_$' });
      if (!index) throw new Error(`search index: ${errors.join('; ')}`);
      return index;
    });
    queue = turnOver;
    this.work = ready;
    // Failures surface in finish(); until then they must not count as unhandled.
    this.work.catch(() => undefined);
  }

  add(page: Page, articleHtml: string): void {
    if (!isSearchable(page)) return;
    this.vocabularyTexts.push(page.title, ...page.toc.map((entry) => entry.text), ...(page.keywords ?? []).map(splitIdentifier));
    const content = indexDocument(page, articleHtml);
    this.work = this.work.then(async (index) => {
      const result = await index.addHTMLFile({ url: page.route, content });
      if (result.errors.length) throw new Error(`search index: ${page.route}: ${result.errors.join('; ')}`);
      return index;
    });
    this.work.catch(() => undefined);
  }

  /** Waits for Pagefind to take every page, then returns the index files. */
  async finish(): Promise<SearchIndex> {
    try {
      const index = await this.work;
      const output = await index.getFiles();
      if (output.errors.length) throw new Error(`search index: ${output.errors.join('; ')}`);
      await index.deleteIndex();
      const written = new Map(output.files.filter((file) => wanted.test(file.path)).map((file) => [file.path, file.content]));
      // Smaller word-index chunks than Pagefind writes (a query loads one per word), and its
      // filter files in a stable order (the same input gives the same bytes).
      const bundle = await stabilizeIndex(await rechunkIndex(written));
      const files = new Map<string, Uint8Array>();
      for (const [file, contents] of bundle) files.set(`pagefind/${file}`, contents);
      // Beside Pagefind's files, under fixed names (the bundle must not change when the content
      // does): the typo vocabulary, and what a hit shows before its fragment loads.
      const texts = [...vocabularyFiles(collectVocabulary(this.vocabularyTexts)), ...(await summaryFiles(bundle))];
      for (const [file, contents] of texts) files.set(file, new TextEncoder().encode(contents));
      return { files };
    } finally {
      await this.stop();
    }
  }

  /** Gives up on the index (the build failed), leaving Pagefind free for the next build. */
  async abandon(): Promise<void> {
    await this.work.then((index) => index.deleteIndex()).catch(() => undefined);
    await this.stop();
  }

  private async stop() {
    // Pagefind runs as a child process; stop it so the CLI can exit (a later build restarts it).
    await pagefind.close().catch(() => undefined);
    this.release();
  }
}

/** Builds the static, chunked Pagefind index from pages already rendered. */
export function buildSearchIndex(pages: { page: Page; articleHtml: string }[]): Promise<SearchIndex> {
  const builder = new SearchIndexBuilder();
  for (const { page, articleHtml } of pages) builder.add(page, articleHtml);
  return builder.finish();
}
