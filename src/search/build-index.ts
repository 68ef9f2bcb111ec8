import * as pagefind from 'pagefind';
import { vocabularyUrl } from '../shared/search-vocabulary.ts';
import type { Page } from '../page.ts';
import { splitIdentifier, indexDocument, isSearchable } from './index-document.ts';
import { rechunkIndex } from './rechunk-index.ts';
import { collectVocabulary, vocabularyFiles } from './vocabulary.ts';

export interface SearchIndex {
  /** Output files: path under the output folder -> contents. */
  files: Map<string, Uint8Array>;
  /** The URL of the whole typo-correction vocabulary (shards beside it). */
  vocabularyUrl: string;
  pages: number;
}

// The browser needs only the engine, its WebAssembly and the index: not Pagefind's own UIs,
// nor its web worker (the dialog searches on the main thread: see pagefind-options.ts).
const wanted = /^(pagefind\.js|pagefind-entry\.json|wasm\.en\.pagefind|pagefind\.en_[^/]+|index\/|fragment\/|filter\/)/;

// Pagefind runs as one service process per Node process, and each index build ends by closing
// it: two builds at once (watch mode's background refresh and a full build) would close it
// under each other. They take turns.
let queue: Promise<unknown> = Promise.resolve();

/** Builds the static, chunked Pagefind index from the rendered pages. */
export function buildSearchIndex(pages: { page: Page; articleHtml: string; breadcrumb: string }[]): Promise<SearchIndex> {
  const turn = queue.then(() => indexPages(pages));
  queue = turn.catch(() => undefined);
  return turn;
}

async function indexPages(pages: { page: Page; articleHtml: string; breadcrumb: string }[]): Promise<SearchIndex> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', includeCharacters: '_$' });
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  const vocabularyTexts: string[] = [];
  let count = 0;
  for (const { page, articleHtml, breadcrumb } of pages) {
    if (!isSearchable(page)) continue;
    const result = await index.addHTMLFile({ url: page.route, content: indexDocument(page, articleHtml, breadcrumb) });
    if (result.errors.length) throw new Error(`search index: ${page.route}: ${result.errors.join('; ')}`);
    count++;
    vocabularyTexts.push(page.title, ...page.toc.map((entry) => entry.text), ...(page.keywords ?? []).map(splitIdentifier));
  }
  const output = await index.getFiles();
  if (output.errors.length) throw new Error(`search index: ${output.errors.join('; ')}`);
  await index.deleteIndex();
  // Pagefind runs as a child process; stop it so the CLI can exit (a later build restarts it).
  await pagefind.close();
  // Smaller word-index chunks than Pagefind writes: a query loads one per word.
  const bundle = await rechunkIndex(new Map(output.files.filter((file) => wanted.test(file.path)).map((file) => [file.path, file.content])));
  const files = new Map<string, Uint8Array>();
  for (const [file, contents] of bundle) files.set(`pagefind/${file}`, contents);
  // Fixed names: the bundle must not change when the content does.
  for (const [file, contents] of vocabularyFiles(collectVocabulary(vocabularyTexts))) files.set(file, new TextEncoder().encode(contents));
  return { files, vocabularyUrl, pages: count };
}
