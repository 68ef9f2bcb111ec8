import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics, Problem } from '../errors.ts';
import type { Page } from '../page.ts';
import type { AssetRegistry } from './assets.ts';
import type { MarkdownProcessor } from '../markdown/pipeline.ts';
import { type ContentProcessorOptions, createTwinResolvers, type DependencyRecorder, renderDocPage, type SymbolLookup } from './doc-pages.ts';
import type { GuideLinkResolvers } from '../markdown-twins/guide.ts';
import type { SampleChecks } from './sample-checks.ts';
import type { DocSource } from './docs.ts';
import type { BuildCache, CachedDoc } from '../cache/build-cache.ts';
import { fileFingerprint, keyOf, stableJson } from '../cache/fingerprint.ts';
import { Diagnostics as PageDiagnostics } from '../errors.ts';
import type { RouteLinkSetup } from './route-links.ts';

/** What a worker needs to render any doc of the tree, sent once when it starts. */
export interface DocWorkerSetup {
  root: string;
  docs: DocSource[];
  symbols: SymbolLookup['areas'];
  toc: PortalConfig['toc'];
  sampleChecks: SampleChecks;
  media: PortalConfig['media'];
  staticDir: string;
  siteUrl: string;
  routeLinks?: RouteLinkSetup;
}

/** One rendered doc, as a worker sends it back. */
export interface RenderedDoc {
  index: number;
  page: Page;
  problems: Problem[];
  /** Images the page published: public URL -> source file. */
  assets: [string, string][];
  /** Files the page read while rendering (images, SVGs). */
  dependencies: string[];
}

// Below this many docs, starting workers (each loads the Markdown pipeline, ~0.3 s) costs more
// than it saves; watch mode's single-page rebuilds never get here.
const parallelFrom = 150;
// Work is handed out in small batches, so a worker that drew long pages does not hold up the end.
const batchSize = 16;

/**
 * Renders every doc's Markdown to a Page, on worker threads when the tree is large and the
 * machine has cores to spare. Pages come back in the order of `docs` and problems are reported
 * in that order too, so the output and the messages do not depend on scheduling.
 */
export async function renderDocs(
  docs: DocSource[],
  /** The build's own processor, used when rendering on the main thread. */
  processor: MarkdownProcessor,
  config: PortalConfig,
  /** What the workers' processors need: the same symbols, sample labels, media hosts and static folder. */
  contentOptions: ContentProcessorOptions & { symbols: SymbolLookup; sampleChecks: SampleChecks; staticDir: string },
  assets: AssetRegistry,
  diagnostics: Diagnostics,
  requestedWorkers?: number,
  /** Docs whose inputs did not change since a build that kept this cache are not rendered again. */
  cache?: BuildCache,
): Promise<Page[]> {
  const entries: (CachedDoc | undefined)[] = new Array(docs.length);
  const keys = cache ? docKeys(docs, config, contentOptions, cache.generator) : [];
  const memo = new Map<string, string>();
  const missing: number[] = [];
  docs.forEach((_, index) => {
    const cached = cache?.docs.get(keys[index], (entry) => entry.dependencies.every(([file, fingerprint]) => fileFingerprint(file, memo) === fingerprint));
    if (cached) entries[index] = cached;
    else missing.push(index);
  });

  const workers = requestedWorkers ?? workerCount(missing.length);
  const dependencies = contentOptions.dependencies ?? {};
  const twin = createTwinResolvers(docs, assets, { ...contentOptions, dependencies, siteUrl: config.url });
  const rendered = missing.length === 0 ? [] : workers < 2 ? missing.map((index) => renderHere(index, docs, processor, config, dependencies, assets, twin)) : await renderOnWorkers({ root: contentOptions.root, docs, symbols: contentOptions.symbols.areas, toc: config.toc, sampleChecks: contentOptions.sampleChecks, media: config.media, staticDir: contentOptions.staticDir, siteUrl: config.url, routeLinks: contentOptions.routeLinks }, missing, workers);
  for (const result of rendered) {
    const entry: CachedDoc = { page: result.page, problems: result.problems, assets: result.assets, dependencies: result.dependencies.map((file) => [file, fileFingerprint(file, memo)]) };
    entries[result.index] = entry;
    cache?.docs.set(keys[result.index], entry);
  }
  // Problems and images in the order of the docs, whether rendered now or before.
  return entries.map((entry) => {
    for (const problem of entry!.problems) (problem.severity === 'error' ? diagnostics.error(problem) : diagnostics.warn(problem));
    for (const [url, file] of entry!.assets) assets.record(url, file);
    return entry!.page;
  });
}

/**
 * What a doc's page depends on besides its own file: every doc's place (links between docs), the
 * reference symbols, sample labels, media hosts, TOC levels, and portal itself.
 */
function docKeys(docs: DocSource[], config: PortalConfig, options: { symbols: SymbolLookup; sampleChecks: SampleChecks; staticDir: string; routeLinks?: RouteLinkSetup }, generator: string): string[] {
  const tree = stableJson(docs.map((doc) => [doc.absoluteFile, doc.file, doc.folder, doc.route, doc.area ?? '', doc.id]));
  const shared = keyOf(generator, tree, stableJson(options.symbols.areas), stableJson(options.sampleChecks), stableJson(config.media), options.staticDir, stableJson(config.toc), config.url, stableJson(options.routeLinks ?? null));
  // Plain JSON: a doc is built in a fixed key order, and a different order would only cost a cache miss.
  return docs.map((doc) => keyOf(shared, JSON.stringify(doc)));
}

/** One doc on this thread, with the files it read and the problems it raised. */
function renderHere(index: number, docs: DocSource[], processor: MarkdownProcessor, config: PortalConfig, dependencies: DependencyRecorder, assets: AssetRegistry, twin: GuideLinkResolvers): RenderedDoc {
  return renderRecording(index, docs[index], processor, config, dependencies, assets, twin);
}

/**
 * Renders a doc while noting the files it reads; the images it shows are listed from those (not
 * only the ones it published first), so a cached page brings its images back on its own.
 */
export function renderRecording(index: number, doc: DocSource, processor: MarkdownProcessor, config: PortalConfig, recorder: DependencyRecorder, assets: AssetRegistry, twin: GuideLinkResolvers): RenderedDoc {
  const pageDiagnostics = new PageDiagnostics();
  const read = new Set<string>();
  recorder.current = read;
  try {
    const page = renderDocPage(doc, processor, config, pageDiagnostics, twin);
    const dependencies = [...read].sort();
    const used = dependencies.flatMap((file) => {
      const url = assets.urlOf(file);
      return url ? [[url, file] as [string, string]] : [];
    });
    return { index, page, problems: pageDiagnostics.problems, assets: used, dependencies };
  } finally {
    recorder.current = undefined;
  }
}

function workerCount(docs: number): number {
  if (docs < parallelFrom) return 1;
  return Math.max(1, Math.min(os.availableParallelism(), 8, Math.ceil(docs / parallelFrom)));
}

// The compiled CLI has the worker as an entry beside its chunks; from the sources it is the .mjs
// that registers tsx first.
declare const PORTAL_COMPILED: boolean | undefined;
const docWorkerUrl = typeof PORTAL_COMPILED !== 'undefined' ? new URL('./doc-worker.js', import.meta.url) : new URL('./workers/doc-worker.mjs', import.meta.url);

/** Renders the docs at `indexes` on `count` worker threads; results come back in the order of `indexes`. */
function renderOnWorkers(setup: DocWorkerSetup, indexes: number[], count: number): Promise<RenderedDoc[]> {
  const results = new Map<number, RenderedDoc>();
  let next = 0;
  return new Promise((resolve, reject) => {
    const pool: Worker[] = [];
    const stopAll = () => Promise.all(pool.map((worker) => worker.terminate()));
    const handOut = (worker: Worker) => {
      if (next >= indexes.length) return;
      const batch = indexes.slice(next, next + batchSize);
      next += batch.length;
      worker.postMessage(batch);
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(docWorkerUrl, { workerData: setup });
      pool.push(worker);
      worker.on('message', (batch: RenderedDoc[]) => {
        for (const result of batch) results.set(result.index, result);
        if (results.size === indexes.length) void stopAll().then(() => resolve(indexes.map((index) => results.get(index)!)));
        else handOut(worker);
      });
      // A crash in a worker is a bug in portal, not in the content: fail the build with it.
      worker.on('error', (error) => void stopAll().then(() => reject(error)));
      handOut(worker);
    }
  });
}
