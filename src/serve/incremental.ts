import fs from 'node:fs';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { SiteState } from '../build/build.ts';
import { renderDoc } from '../build/doc-workers.ts';
import { makePage, type PageFiles, writePage, writeTwin as writeTwinFiles } from '../build/page-job.ts';
import { areasByFolder, type DocSource, readDocFile } from '../content/docs.ts';
import { partialImport } from '../content/partials.ts';
import { Diagnostics, type Problem } from '../errors.ts';
import { ParseMemory } from '../markdown/reparse.ts';
import { checkScannedLinks } from '../links/check.ts';
import { brokenLinkPolicy } from '../links/policy.ts';
import type { Page } from '../page.ts';
import { GuardedFolder } from '../output/inside-folder.ts';
import { type SearchCache, type SearchCacheEntry, SearchIndexBuilder, searchShardCount } from '../search/build-index.ts';
import { indexFolderPattern } from '../shared/search/index-shards.ts';
import { isSearchable } from '../search/index-document.ts';
import { areaLabels } from '../config/areas.ts';
import { fillDocCardList } from '../site/doc-card-lists.ts';
import { siteReadsOf } from '../site/site-reads.ts';
import { writeFileAtomically, writeFileAtomicallyAsync } from '../util/write-atomically.ts';

export type UpdateResult =
  | {
      kind: 'updated';
      route: string;
      ms: number;
      /** Milliseconds per stage (read, markdown, page, links, write), for PORTAL_WATCH_TIMINGS. */
      stages: Record<string, number>;
      /**
       * Writes the page's Markdown twin. The twin is for machines, so it need not hold up the
       * reload; the caller runs this after the reload and before the next update.
       */
      writeTwin: () => void;
      /** The page's warnings (a broken link set to "warn" among them), printed as a full build prints them. */
      warnings: Problem[];
    }
  | { kind: 'failed'; problems: Problem[] }
  | { kind: 'full' };

// The last parse of each doc saved lately: a save parses only the blocks it changed. By file and
// text, which no build changes, so it outlives the full builds in between.
const savedDocParses = new ParseMemory();

/** A doc rendered as watch mode renders a save: warm-up.ts runs this very path before the first one. */
export function renderWatchedDoc(state: SiteState, doc: DocSource, diagnostics: Diagnostics, parses?: ParseMemory): ReturnType<typeof renderDoc> {
  return renderDoc(doc, { processor: state.processor, twin: state.twinContext, toc: state.config.toc }, diagnostics, { parses });
}

/**
 * Rebuilds one edited Markdown page in place: render it, check its links against the rest of
 * the site as last built, and replace its two files. Anything that touches more than that page
 * asks for a full build instead.
 */
export function updateDoc(state: SiteState, changedFile: string): UpdateResult {
  const started = performance.now();
  const stages: Record<string, number> = {};
  let stageStarted = started;
  const stage = (name: string) => {
    const now = performance.now();
    stages[name] = Math.round(now - stageStarted);
    stageStarted = now;
  };
  const docsRoot = path.join(state.root, 'content', 'docs');
  const absolute = path.resolve(state.root, changedFile);
  const index = state.docs.findIndex((doc) => doc.absoluteFile === absolute);
  if (index < 0 || !absolute.startsWith(docsRoot) || !fs.existsSync(absolute)) return { kind: 'full' };
  const previous = state.docs[index];
  const diagnostics = new Diagnostics();
  const doc = readDocFile(state.root, path.relative(docsRoot, absolute).split(path.sep).join('/'), areasByFolder(state.config), diagnostics);
  if (diagnostics.errors.length) return { kind: 'failed', problems: diagnostics.errors };
  stage('read');
  if (!doc || doc.route !== previous.route) return { kind: 'full' };
  // Partials are read with all the docs (content/partials.ts): a page that imports one is built in full.
  if (previous.partials || doc.body.split('\n').some((line) => partialImport.test(line))) return { kind: 'full' };
  const old = state.table.get(doc.route);
  if (!old) return { kind: 'full' };
  // The doc job and the page job of the full build: the fields the site stage gave the page
  // (navigation, history, area) stay as they were, as long as nothing the rest of the site reads
  // of the doc changed (sidebars, neighbours, category pages, feeds, sitemap): else only a full
  // build gets every page right.
  const { page: fresh, twinBody } = renderWatchedDoc(state, doc, diagnostics, savedDocParses);
  if (diagnostics.errors.length) return { kind: 'failed', problems: diagnostics.errors };
  if (siteReadsOf(doc, fresh) !== siteReadsOf(previous, old)) return { kind: 'full' };
  const page: Page = { ...old, ...fresh, twin: undefined };
  // The site stage's one step that changes a page's own HTML: its card lists.
  fillDocCardList(page, state.table, state.sidebars);
  stage('markdown');
  const made = makePage(page, state);
  stage('page');
  const ids = new Map(state.ids);
  ids.delete(page.route);
  const report = checkScannedLinks([made.scanned], state.targets, ids, brokenLinkPolicy(state.config));
  const linkErrors = report.problems.filter((problem) => problem.severity === 'error');
  if (linkErrors.length) return { kind: 'failed', problems: linkErrors };
  const warnings = [...diagnostics.warnings, ...report.problems.filter((problem) => problem.severity === 'warning')];
  stage('links');

  const live = liveOutput(state.outDir);
  writePage(made, live);
  stage('write');
  state.docs[index] = doc;
  state.table.set(page.route, page);
  state.searchKeys.delete(page.route);
  state.editedArticles.set(page.route, made.data.html ?? '');
  state.ids = report.ids ?? state.ids;
  // The twin after the reload, from the same parse as the page just written (llms-full.txt waits
  // for the next full build). The page object is the one in the table, so the search refresh and
  // a later twin see it too.
  const writeTwin = () => {
    page.twin = twinBody();
    writeTwinFiles(page.route, made.twin(), live);
  };
  return { kind: 'updated', route: page.route, ms: Math.round(performance.now() - started), stages, writeTwin, warnings };
}

/** The live output as the page job's files: each replaced in place, its stale siblings removed. */
function liveOutput(outDir: string): PageFiles {
  const output = new GuardedFolder(outDir);
  return {
    write: (relativePath, contents) => {
      writeWithoutStaleSiblings(output, relativePath, contents);
      return undefined;
    },
  };
}

/**
 * Rewrites one file of the built site. Its Brotli and gzip siblings would now be stale, so they
 * go: hosts and `portal serve` then send the file itself until the next full build writes them
 * again (compressing here would put brotli and gzip on the save-to-screen path).
 */
function writeWithoutStaleSiblings(output: GuardedFolder, relativePath: string, contents: string) {
  // Replaced by a rename, so a reader never gets half a file; the path is checked by `output`.
  writeFileAtomically(output.fileFor(relativePath), contents);
  for (const extension of ['.br', '.gz']) fs.rmSync(output.fileFor(relativePath + extension), { force: true });
}

// The search index as it is on disk after each refresh, per site state: the next refresh writes
// only what differs (creating its thousand files again cost about a second on this disk).
const searchFilesOnDisk = new WeakMap<SiteState, Map<string, Uint8Array>>();

// The longest the refresh holds the event loop between two turns: a save that arrives while the
// index is rebuilt is rebuilt and reloaded at once, not after the whole index. (Counted in pages,
// the cached ones were not counted, and 800 of them held a save up for 170 ms.)
const sliceMs = 5;

/** A file at the top of a shard's folder (its entry, metadata, the summaries…): it names the chunks below it. */
const shardTopFile = new RegExp(`^${indexFolderPattern}[^/]+$`);

/**
 * Rebuilds the search index from the pages in memory and brings the output's copy up to date:
 * new and changed files are written (each by a rename), the index's entry files last, then the
 * files it no longer has are removed. Only the pages edited since the last build or refresh are
 * rendered again (the others' documents are in the cache), and the work gives the event loop a
 * turn often: a save that comes meanwhile is not held up.
 */
export async function refreshSearchIndex(state: SiteState, signal?: AbortSignal): Promise<void> {
  const builder = new SearchIndexBuilder(documentsInMemory(state), areaLabels(state.config), searchShardCount(state.table.size));
  // Aborted (a newer save made this index stale): no more pages are sent, Pagefind stops once it
  // has answered the few it holds (see pagefind-requests.ts), and nothing is written.
  const cancel = () => void builder.cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  let index: Awaited<ReturnType<SearchIndexBuilder['finish']>>;
  try {
    let sliceStarted = performance.now();
    for (const page of [...state.table.values()]) {
      if (performance.now() - sliceStarted > sliceMs) {
        await setImmediate();
        sliceStarted = performance.now();
      }
      if (signal?.aborted) break;
      const key = state.searchKeys.get(page.route);
      if (!isSearchable(page) || (key !== undefined && builder.addCached(page, key))) continue;
      // The article the page job made, as the full build indexes (a page the cache lost: made again).
      builder.add(page, state.editedArticles.get(page.route) ?? makePage(page, state).data.html ?? '');
    }
    if (signal?.aborted) {
      await builder.abandon();
      signal.throwIfAborted();
    }
    index = await builder.finish();
    signal?.throwIfAborted();
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  state.searchKeys = builder.documentKeys();
  state.editedArticles.clear();
  const onDisk = searchFilesOnDisk.get(state) ?? (await readFolder(state.outDir, 'pagefind'));
  const changed = [...index.files].filter(([file, contents]) => !sameBytes(onDisk.get(file), contents));
  // Chunks first, the files that name them (each shard's pagefind-entry.json, summaries.json…) after.
  const entryFirst = (file: string) => (shardTopFile.test(file) ? 1 : 0);
  changed.sort(([a], [b]) => entryFirst(a) - entryFirst(b));
  const output = new GuardedFolder(state.outDir);
  for (const [file, contents] of changed) await writeFileAtomicallyAsync(output.fileFor(file), contents);
  for (const file of onDisk.keys()) if (!index.files.has(file)) await fs.promises.rm(output.fileFor(file), { force: true });
  searchFilesOnDisk.set(state, index.files);
}

// Each refresh hands Pagefind every page of the edited page's shard, read from the build cache,
// which keeps entries compressed: inflating and decoding 850 of them took about 250 ms of the
// event loop per refresh on the real portal, and their garbage slowed the next save's rebuild.
// Watch mode keeps the documents it has read, as they are, up to a bound.
const documentsInMemoryBound = 32 * 1024 * 1024; // characters
const documentMemos = new WeakMap<SiteState, { documents: Map<string, SearchCacheEntry>; characters: number }>();

/** The build cache's search store, with the page documents already read kept in memory. */
function documentsInMemory(state: SiteState): SearchCache | undefined {
  const cache = state.cache;
  if (!cache) return undefined;
  const memo = documentMemos.get(state) ?? { documents: new Map(), characters: 0 };
  documentMemos.set(state, memo);
  return {
    generator: cache.generator,
    search: {
      get: (key) => {
        const known = memo.documents.get(key);
        if (known) return known;
        const entry = cache.search.get(key);
        if (entry && 'document' in entry && memo.characters + entry.document.length <= documentsInMemoryBound) {
          memo.documents.set(key, entry);
          memo.characters += entry.document.length;
        }
        return entry;
      },
      set: (key, value) => cache.search.set(key, value),
    },
  };
}

/** Every file under `folder` of `root`, by its path from `root` (with "/"). */
async function readFolder(root: string, folder: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  const entries = await fs.promises.readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, absolute).split(path.sep).join('/'), await fs.promises.readFile(absolute));
  }
  return files;
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.compare(a, b) === 0;
