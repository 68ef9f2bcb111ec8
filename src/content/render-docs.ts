import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics, Problem } from '../errors.ts';
import type { Page } from '../page.ts';
import type { AssetRegistry } from './assets.ts';
import type { MarkdownProcessor } from '../markdown/pipeline.ts';
import { type ContentProcessorOptions, renderDocPage, type SymbolLookup } from './doc-pages.ts';
import type { SampleChecks } from './sample-checks.ts';
import type { DocSource } from './docs.ts';
import type { RouteLinkSetup } from './route-links.ts';

/** What a worker needs to render any doc of the tree, sent once when it starts. */
export interface DocWorkerSetup {
  docs: DocSource[];
  symbols: SymbolLookup['areas'];
  toc: PortalConfig['toc'];
  sampleChecks: SampleChecks;
  media: PortalConfig['media'];
  staticDir: string;
  routeLinks?: RouteLinkSetup;
}

/** One rendered doc, as a worker sends it back. */
export interface RenderedDoc {
  index: number;
  page: Page;
  problems: Problem[];
  /** Images the page published: public URL -> source file. */
  assets: [string, string][];
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
): Promise<Page[]> {
  const workers = requestedWorkers ?? workerCount(docs.length);
  if (workers < 2) {
    return docs.map((doc) => renderDocPage(doc, processor, config, diagnostics));
  }
  const rendered = await renderOnWorkers({ docs, symbols: contentOptions.symbols.areas, toc: config.toc, sampleChecks: contentOptions.sampleChecks, media: config.media, staticDir: contentOptions.staticDir, routeLinks: contentOptions.routeLinks }, workers);
  for (const result of rendered) {
    for (const problem of result.problems) (problem.severity === 'error' ? diagnostics.error(problem) : diagnostics.warn(problem));
    for (const [url, file] of result.assets) assets.record(url, file);
  }
  return rendered.map((result) => result.page);
}

function workerCount(docs: number): number {
  if (docs < parallelFrom) return 1;
  return Math.max(1, Math.min(os.availableParallelism(), 8, Math.ceil(docs / parallelFrom)));
}

// The compiled CLI has the worker as an entry beside its chunks; from the sources it is the .mjs
// that registers tsx first.
declare const PORTAL_COMPILED: boolean | undefined;
const docWorkerUrl = typeof PORTAL_COMPILED !== 'undefined' ? new URL('./doc-worker.js', import.meta.url) : new URL('./workers/doc-worker.mjs', import.meta.url);

function renderOnWorkers(setup: DocWorkerSetup, count: number): Promise<RenderedDoc[]> {
  const results: RenderedDoc[] = new Array(setup.docs.length);
  let next = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    const pool: Worker[] = [];
    const stopAll = () => Promise.all(pool.map((worker) => worker.terminate()));
    const handOut = (worker: Worker) => {
      if (next >= setup.docs.length) return;
      const batch = Array.from({ length: Math.min(batchSize, setup.docs.length - next) }, (_, offset) => next + offset);
      next += batch.length;
      worker.postMessage(batch);
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(docWorkerUrl, { workerData: setup });
      pool.push(worker);
      worker.on('message', (batch: RenderedDoc[]) => {
        for (const result of batch) results[result.index] = result;
        done += batch.length;
        if (done === setup.docs.length) void stopAll().then(() => resolve(results));
        else handOut(worker);
      });
      // A crash in a worker is a bug in portal, not in the content: fail the build with it.
      worker.on('error', (error) => void stopAll().then(() => reject(error)));
      handOut(worker);
    }
  });
}
