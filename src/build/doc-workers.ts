import { Worker } from 'node:worker_threads';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics, Problem } from '../errors.ts';
import type { Page } from '../page.ts';
import type { AssetRegistry } from '../content/assets.ts';
import type { MarkdownProcessor } from '../markdown/pipeline.ts';
import type { ParseMemory } from '../markdown/reparse.ts';
import { createDocRendering, type DependencyRecorder, renderDocPage } from '../content/doc-pages.ts';
import type { SymbolLookup } from '../markdown/doc-links.ts';
import { type GuideLinkResolvers, guideTwinBody } from '../markdown-twins/guide.ts';
import type { SampleChecks } from '../markdown/sample-checks.ts';
import type { DocSource } from '../content/docs.ts';
import type { BuildCache, CachedDoc } from './build-cache.ts';
import { fileFingerprint, keyOf, stableJson } from '../cache/fingerprint.ts';
import { Diagnostics as PageDiagnostics } from '../errors.ts';
import type { RouteLinkSetup } from '../content/route-links.ts';
import { workerUrl } from '../util/worker-url.ts';
import { workerCount, youngGenerationMb } from './worker-threads.ts';
import { renderArticle } from '../kinds/article.tsx';

/**
 * What rendering a doc depends on besides the doc itself and the tree's places, as one plain
 * object: the main thread's renderer and every worker's are made from it, and each doc's cache key
 * is read from all of it, so nothing a doc renders with can be left out of its key.
 */
export interface DocRenderOptions {
  /** The project root: every file a doc reads must really be inside it (see project-files.ts). */
  root: string;
  /** Reference symbols per area (filled in once the reference phase has run). */
  symbols: SymbolLookup;
  sampleChecks: SampleChecks;
  media: PortalConfig['media'];
  /** content/static, where root-relative images ("/img/x.png") live. */
  staticDir: string;
  /** The site's URL: twins link absolutely. */
  siteUrl: string;
  routeLinks: RouteLinkSetup;
  toc: PortalConfig['toc'];
}

/** What a worker needs to render any doc of the tree, sent once when it starts. */
export interface DocWorkerSetup {
  docs: DocSource[];
  options: DocRenderOptions;
}

/** A doc renderer for one thread: the Markdown processor and the twin's resolvers, from the same options. */
export interface DocRenderer {
  processor: MarkdownProcessor;
  twin: GuideLinkResolvers;
  /** Collects the files a doc reads while it renders (images, SVGs). */
  dependencies: DependencyRecorder;
  toc: PortalConfig['toc'];
}

export function docRenderer(docs: DocSource[], options: DocRenderOptions, assets: AssetRegistry): DocRenderer {
  const dependencies: DependencyRecorder = {};
  const { root, symbols, sampleChecks, media, staticDir, siteUrl, routeLinks, toc } = options;
  const { processor, twin } = createDocRendering(docs, assets, { root, symbols, sampleChecks, media, staticDir, dependencies, siteUrl, routeLinks });
  return {
    processor,
    twin,
    dependencies,
    toc,
  };
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

// Work is handed out in small batches, so a worker that drew long pages does not hold up the end.
const batchSize = 16;

/**
 * Renders every doc's Markdown to a Page, on worker threads when the tree is large and the
 * machine has cores to spare. Pages come back in the order of `docs` and problems are reported
 * in that order too, so the output and the messages do not depend on scheduling.
 */
export async function renderDocs(
  docs: DocSource[],
  options: DocRenderOptions,
  /** The build's own renderer (made from `options`), used when rendering on the main thread. */
  renderer: DocRenderer,
  assets: AssetRegistry,
  diagnostics: Diagnostics,
  requestedWorkers?: number,
  /** Docs whose inputs did not change since a build that kept this cache are not rendered again. */
  cache?: BuildCache,
): Promise<Page[]> {
  const entries: (CachedDoc | undefined)[] = new Array(docs.length);
  const keys = cache ? docKeys(docs, options, cache.generator) : [];
  const memo = new Map<string, string>();
  const missing: number[] = [];
  docs.forEach((_, index) => {
    const cached = cache?.docs.get(keys[index], (entry) => entry.dependencies.every(([file, fingerprint]) => fileFingerprint(file, memo) === fingerprint));
    if (cached) entries[index] = cached;
    else missing.push(index);
  });

  const workers = requestedWorkers ?? workerCount(missing.length);
  const rendered = missing.length === 0 ? [] : workers < 2 ? missing.map((index) => renderRecording(index, docs[index], renderer, assets)) : await renderOnWorkers({ docs, options }, missing, workers);
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
 * Each doc's cache key: the doc itself, every doc's place (links between docs), all of the render
 * options, and portal itself. Files a doc reads are checked apart (their fingerprints).
 */
function docKeys(docs: DocSource[], options: DocRenderOptions, generator: string): string[] {
  const tree = stableJson(docs.map((doc) => [doc.absoluteFile, doc.file, doc.folder, doc.route, doc.area ?? '', doc.id]));
  const shared = keyOf(generator, tree, stableJson(options));
  // Plain JSON: a doc is built in a fixed key order, and a different order would only cost a cache miss.
  return docs.map((doc) => keyOf(shared, JSON.stringify(doc)));
}

/**
 * The doc job: a doc's page (its tree drawn by the kinds' article renderer), and its twin's body
 * from the same parse. The full build asks for the twin at once (on a worker); watch mode after
 * the reload, with `parses`, its last parse of each saved file. Not for a page that failed: a
 * source the page refused must not be walked again.
 */
export function renderDoc(
  doc: DocSource,
  renderer: Pick<DocRenderer, 'processor' | 'twin' | 'toc'>,
  diagnostics: Diagnostics,
  { parses }: { parses?: ParseMemory } = {},
): { page: Page; twinBody: () => string | undefined } {
  const { page, source } = renderDocPage(doc, renderer.processor, renderArticle, renderer.toc, diagnostics, { keepSource: true, parses });
  return { page, twinBody: () => (source ? guideTwinBody({ route: doc.route, body: doc.body, absoluteFile: doc.absoluteFile }, renderer.twin, source) : undefined) };
}

/**
 * Renders a doc while noting the files it reads; the images it shows are listed from those (not
 * only the ones it published first), so a cached page brings its images back on its own.
 */
export function renderRecording(index: number, doc: DocSource, renderer: DocRenderer, assets: AssetRegistry): RenderedDoc {
  const pageDiagnostics = new PageDiagnostics();
  const read = new Set<string>();
  const recorder = renderer.dependencies;
  recorder.current = read;
  try {
    const { page, twinBody } = renderDoc(doc, renderer, pageDiagnostics);
    // The twin here, on the worker, in parallel.
    page.twin = twinBody();
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

const docWorkerUrl = workerUrl('doc-worker', import.meta.url);

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
      const worker = new Worker(docWorkerUrl, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
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
