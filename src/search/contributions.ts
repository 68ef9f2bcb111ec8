// A Pagefind index is a sum of per-page parts: each page's fragment, word count and filter
// values, and its postings (locations) under each word it contains. Nothing in a page's part
// depends on the other pages, so the build takes Pagefind's output apart into those parts,
// keeps them in the cache by the page's indexed HTML, and writes the index from the parts:
// after an edit Pagefind indexes only the pages that changed. Cold and warm builds both write
// through `writeIndex`, so the same pages give the same bytes however they were indexed.
import { setImmediate } from 'node:timers/promises';
import { editMetadata, pack, type PackedFiles, type PagefindValue, sha256, uniqueName, unpack, unpackFragment } from './pagefind-files.ts';
import { chunkBounds, defaultRechunkOptions, splitWords } from './rechunk-index.ts';

/** One page's part of the index. */
export interface PageContribution {
  /** The URL Pagefind recorded (the page's route). */
  url: string;
  /** Pagefind's fragment file for the page, as it wrote it. */
  fragment: Uint8Array;
  wordCount: number;
  /** [word, the page's posting without its page number, the word's own extra fields]. */
  words: [string, PagefindValue[], PagefindValue[]][];
  /** [filter, value] pairs the page is listed under. */
  filters: [string, string][];
  /** Names of the metadata fields of the fragment (Pagefind lists them all in its metadata). */
  metaKeys: string[];
}

/** What comes from Pagefind itself rather than from the pages: its engine and version. */
export interface SearchEngineFiles {
  version: string;
  /** pagefind.js, the WebAssembly and anything else not made of pages: path -> bytes. */
  files: [string, Uint8Array][];
  entry: { version: string; include_characters?: string[] };
  metaVersion: PagefindValue;
}

type MetaPage = [hash: string, wordCount: number];
type PackedPosting = [number, ...PagefindValue[]];
type PackedWord = [string, PackedPosting[], ...PagefindValue[]];
type FilterIndex = [name: string, values: [value: string, pages: number[]][]];

const metaPath = (hash: string) => `pagefind.${hash}.pf_meta`;
const partOfIndex = /^(pagefind\.[^/]+\.pf_meta|index\/|fragment\/|filter\/|pagefind-entry\.json$)/;

/** Splits Pagefind's output (paths relative to its bundle folder) into page parts and engine files. */
export async function takeApart(files: Map<string, Uint8Array>): Promise<{ pages: PageContribution[]; engine: SearchEngineFiles }> {
  const entryFile = files.get('pagefind-entry.json');
  if (!entryFile) throw new Error('search index: Pagefind wrote no pagefind-entry.json');
  const entry = JSON.parse(new TextDecoder().decode(entryFile)) as { version: string; languages: Record<string, { hash: string }>; include_characters?: string[] };
  const languages = Object.values(entry.languages);
  if (languages.length !== 1) throw new Error(`search index: expected one language, Pagefind wrote ${languages.length}`);
  const meta = (await unpack(need(files, metaPath(languages[0].hash)), 'metadata')) as PagefindValue[];
  const [metaVersion, metaPages, chunks, filters, sorts, metaFields] = meta as [PagefindValue, MetaPage[], [string, string, string][], [string, string][], PagefindValue[], string[]];
  if (Array.isArray(sorts) && sorts.length) throw new Error('search index: Pagefind sort indexes are not supported (remove data-pagefind-sort)');

  const pages: PageContribution[] = await Promise.all(
    metaPages.map(async ([hash, wordCount]) => {
      const fragment = need(files, `fragment/${hash}.pf_fragment`);
      const fields = (await unpackFragment(fragment, hash)) as unknown as { url: string; meta?: Record<string, string> };
      return { url: fields.url, fragment, wordCount, words: [], filters: [], metaKeys: Object.keys(fields.meta ?? {}).sort() };
    }),
  );
  for (const [, , chunkHash] of chunks) {
    const path = `index/${chunkHash}.pf_index`;
    const [words] = (await unpack(need(files, path), path)) as [PackedWord[]];
    for (const [word, postings, ...wordExtras] of words) {
      // A word's pages are in ascending order, each numbered as the difference from the one before.
      let page = 0;
      for (const [delta, ...posting] of postings) {
        page += delta;
        pages[page].words.push([word, withFieldNames(posting, metaFields ?? []), wordExtras]);
      }
    }
  }
  for (const [, filterHash] of filters) {
    const path = `filter/${filterHash}.pf_filter`;
    const [name, values] = (await unpack(need(files, path), path)) as FilterIndex;
    for (const [value, pageNumbers] of values) for (const page of pageNumbers) pages[page].filters.push([name, value]);
  }
  for (const page of pages) page.filters.sort(byJoined);
  const engineFiles = [...files].filter(([path]) => !partOfIndex.test(path));
  return { pages, engine: { version: entry.version, files: engineFiles, entry: { version: entry.version, include_characters: entry.include_characters }, metaVersion } };
}

// The index is also rebuilt while `portal serve --watch` serves: long synchronous stretches would
// hold up the reload of a page saved meanwhile, so the work gives way this often.
const pagesPerTurn = 50;
const chunksPerTurn = 16;

/**
 * Writes the index of `pages`, numbered in the order given, with word chunks of the size the
 * browser loads well (see rechunk-index.ts) and every list in a stable order.
 */
export async function writeIndex(pages: PageContribution[], engine: SearchEngineFiles, packed?: PackedFiles): Promise<Map<string, Uint8Array>> {
  const result = new Map<string, Uint8Array>(engine.files);
  const prefix = 'en';
  const fragmentNames = new Set<string>();
  const metaPages: MetaPage[] = pages.map((page) => {
    const name = uniqueName(prefix, sha256(page.fragment), 7, fragmentNames);
    result.set(`fragment/${name}.pf_fragment`, page.fragment);
    return [name, page.wordCount];
  });

  const metaKeys = [...new Set(pages.flatMap((page) => page.metaKeys))].sort(byUtf8);
  const fieldNumbers = new Map(metaKeys.map((key, index) => [key, index]));
  const byWord = new Map<string, { postings: PackedPosting[]; extras: Map<string, PagefindValue>; last: number }>();
  for (const [number, page] of pages.entries()) {
    for (const [word, posting, wordExtras] of page.words) {
      let entry = byWord.get(word);
      if (!entry) byWord.set(word, (entry = { postings: [], extras: new Map(), last: 0 }));
      // Pages ascend; each is written as the difference from the previous one (Pagefind's encoding).
      entry.postings.push([number - entry.last, ...withFieldNumbers(posting, fieldNumbers)]);
      entry.last = number;
      for (const extra of wordExtras) entry.extras.set(JSON.stringify(extra), extra);
    }
    if (number % pagesPerTurn === pagesPerTurn - 1) await setImmediate();
  }
  // Pagefind compares words as UTF-8 bytes (Rust strings); so must the chunk ranges.
  const words: PackedWord[] = [...byWord.keys()]
    .sort(byUtf8)
    .map((word) => {
      const { postings, extras } = byWord.get(word)!;
      return [word, postings, ...[...extras.keys()].sort().map((key) => extras.get(key)!)];
    });
  const chunks = splitWords(words as Parameters<typeof splitWords>[0], defaultRechunkOptions);
  const bounds = chunkBounds(chunks);
  const chunkNames = new Set<string>();
  // A few chunks at a time: encoding is synchronous, and a batch's compression gives the event
  // loop its turn before the next (gzip runs on libuv's threads meanwhile).
  const metaChunks: { file: Uint8Array; bounds: (typeof bounds)[number] }[] = [];
  for (let start = 0; start < chunks.length; start += chunksPerTurn) {
    const batch = chunks.slice(start, start + chunksPerTurn);
    metaChunks.push(...(await Promise.all(batch.map(async (chunk, offset) => ({ file: await pack([chunk as PagefindValue[]], packed), bounds: bounds[start + offset] })))));
  }
  const metaChunkList = metaChunks.map(({ file, bounds: { from, to } }) => {
    const name = uniqueName(prefix, sha256(file), 7, chunkNames);
    result.set(`index/${name}.pf_index`, file);
    return [from, to, name];
  });

  const byFilter = new Map<string, Map<string, number[]>>();
  pages.forEach((page, number) => {
    for (const [name, value] of page.filters) {
      if (!byFilter.has(name)) byFilter.set(name, new Map());
      const values = byFilter.get(name)!;
      if (!values.has(value)) values.set(value, []);
      values.get(value)!.push(number);
    }
  });
  const filterNames = new Set<string>();
  const metaFilters: [string, string][] = [];
  for (const name of [...byFilter.keys()].sort(byUtf8)) {
    const values = [...byFilter.get(name)!].sort(([a], [b]) => byUtf8(a, b));
    const file = await pack([name, values], packed);
    const fileName = uniqueName(prefix, sha256(file), 7, filterNames);
    result.set(`filter/${fileName}.pf_filter`, file);
    metaFilters.push([name, fileName]);
  }

  // The metadata and the entry file name each other by hash: editMetadata writes both.
  const placeholder = `${prefix}_unwritten`;
  result.set(metaPath(placeholder), await pack([engine.metaVersion, metaPages, metaChunkList, metaFilters, [], metaKeys]));
  const entry = { version: engine.entry.version, languages: { en: { hash: placeholder, wasm: 'en', page_count: pages.length } }, include_characters: engine.entry.include_characters };
  result.set('pagefind-entry.json', new TextEncoder().encode(JSON.stringify(entry)));
  return editMetadata(result, async () => undefined);
}

// A posting is [locations, metadata locations, ...]. Metadata locations name their field by its
// place in the index's list of fields (-1 for the first, then the word's positions in it), and
// that list is the union over the pages indexed together: a page's part keeps the names instead.
const metaLocationsAt = 1;

function withFieldNames(posting: PagefindValue[], fields: string[]): PagefindValue[] {
  const locations = posting[metaLocationsAt];
  if (!Array.isArray(locations) || locations.length === 0) return posting;
  const named = locations.map((value) => {
    if (typeof value !== 'number' || value >= 0) return value;
    const field = fields[-value - 1];
    if (field === undefined) throw new Error(`search index: a metadata location names field ${-value - 1} of ${fields.length}`);
    return `field:${field}`;
  });
  return posting.map((value, index) => (index === metaLocationsAt ? named : value));
}

function withFieldNumbers(posting: PagefindValue[], numbers: Map<string, number>): PagefindValue[] {
  const locations = posting[metaLocationsAt];
  if (!Array.isArray(locations) || locations.length === 0) return posting;
  const numbered = locations.map((value) => (typeof value === 'string' && value.startsWith('field:') ? -(numbers.get(value.slice('field:'.length))! + 1) : value));
  return posting.map((value, index) => (index === metaLocationsAt ? numbered : value));
}

function need(files: Map<string, Uint8Array>, path: string): Uint8Array {
  const file = files.get(path);
  if (!file) throw new Error(`search index: Pagefind's ${path} is missing`);
  return file;
}

/** Code point order, which is UTF-8 byte order: UTF-16 order differs only where astral characters meet U+E000–U+FFFF. */
function byUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function byJoined(a: [string, string], b: [string, string]): number {
  return byUtf8(`${a[0]}\u0000${a[1]}`, `${b[0]}\u0000${b[1]}`);
}
