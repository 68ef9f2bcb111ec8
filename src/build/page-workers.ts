import { Worker } from 'node:worker_threads';
import type { DocSource } from '../content/docs.ts';
import type { Page } from '../page.ts';
import type { RenderContext } from '../render/pages.tsx';
import { workerUrl } from '../util/worker-url.ts';
import type { DocRenderOptions } from './doc-workers.ts';
import type { MadeOutputs, PageInputs } from './page-job.ts';
import { workerCount, youngGenerationMb } from './worker-threads.ts';

/** The render context as plain data: each page's card and feeds come with the page (`PageInputs`). */
export type SharedRenderContext = Omit<RenderContext, 'socialImage' | 'feedsOf'>;

/** What a page worker makes every page's outputs with, sent once when it starts. */
export interface PageWorkerSetup {
  /** The doc tree and the options the build's doc renderer is made from: a twin resolves its links as on the main thread. */
  docs: DocSource[];
  docOptions: DocRenderOptions;
  context: SharedRenderContext;
  areaLabels: Record<string, string>;
}

/** One page to make, by its place in the build's page order. */
export interface PageWork {
  index: number;
  page: Page;
  inputs: PageInputs;
}

export interface MadeOnWorker {
  index: number;
  made: MadeOutputs;
}

/** The render context without its functions, which a worker cannot be sent. */
export function sharedContextOf({ socialImage: _image, feedsOf: _feeds, ...shared }: RenderContext): SharedRenderContext {
  return shared;
}

/** A page's render context on a worker: the shared data, and the answers the main thread gave for this page. */
export function renderContextFor(context: SharedRenderContext, { image, feeds }: PageInputs): RenderContext {
  return { ...context, socialImage: () => image, feedsOf: () => feeds };
}

const batchSize = 16;
// Batches each worker may make ahead of the page the build is placing: enough that a worker
// never waits for the main thread, few enough that made pages do not pile up in memory.
const batchesAhead = 3;

const pageWorkerUrl = workerUrl('page-worker', import.meta.url);

/**
 * The make half of the page job (`makeOutputs`) for many pages, on worker threads. The build
 * takes each page's outputs in its own page order (`take`), and work is handed out only a window
 * ahead of it, so what is made and not yet placed stays bounded. A page no worker was handed yet
 * (all were busy) is left to the build, which would otherwise wait for it. A worker
 * that fails fails every `take` from then on, with its error.
 */
export class PageWorkers {
  private readonly position = new Map<number, number>();
  private readonly made = new Map<number, MadeOutputs>();
  private readonly pool: Worker[] = [];
  private readonly idle: Worker[] = [];
  /** The next page (its position in `indexes`) to hand out, and the one the build is placing. */
  private next = 0;
  private placing = 0;
  private waiting?: { index: number; resolve: (made: MadeOutputs) => void; reject: (error: unknown) => void };
  private failure: unknown;
  private stopping = false;

  /** `indexes`: the pages to make, in page order; `workOf` reads one when it is handed out. */
  constructor(
    setup: PageWorkerSetup,
    private readonly indexes: number[],
    private readonly workOf: (index: number) => PageWork,
    count: number,
  ) {
    indexes.forEach((index, position) => this.position.set(index, position));
    for (let i = 0; i < count; i++) {
      const worker = new Worker(pageWorkerUrl, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb } });
      this.pool.push(worker);
      worker.on('message', (batch: MadeOnWorker[]) => {
        for (const { index, made } of batch) this.made.set(index, made);
        this.idle.push(worker);
        this.settle();
        this.handOut();
      });
      // A crash in a worker is a bug in portal, not in the content: the build fails with it.
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`a page worker stopped (exit code ${code})`)));
      this.idle.push(worker);
    }
    // The first batches wait in the workers' queues while they start.
    this.handOut();
  }

  /**
   * The outputs of the page at `index`, once made, or undefined when the build must make it (not
   * one of these pages, or not handed out yet). The build asks for every one of these pages, in order, so
   * each made page leaves `made` when it is taken.
   */
  take(index: number): Promise<MadeOutputs> | undefined {
    const position = this.position.get(index);
    if (position === undefined) return undefined;
    this.placing = position;
    const handedOut = position < this.next;
    if (!handedOut) this.next = position + 1;
    this.handOut();
    if (!handedOut) return this.failure === undefined ? undefined : Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { index, resolve, reject };
      this.settle();
    });
  }

  /** Ends every worker (whether the build finished, failed or was stopped). */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.pool.map((worker) => worker.terminate()));
  }

  private handOut(): void {
    // Whole batches only (but the last): a window that moves a page at a time would hand out one page per message.
    const limit = this.placing + this.pool.length * batchesAhead * batchSize;
    while (this.idle.length && this.next < this.indexes.length && (this.next + batchSize <= limit || limit >= this.indexes.length) && this.failure === undefined) {
      const batch = this.indexes.slice(this.next, this.next + batchSize);
      this.next += batch.length;
      this.idle.shift()!.postMessage(batch.map(this.workOf));
    }
  }

  private settle(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    const made = this.made.get(waiting.index);
    if (made) {
      this.made.delete(waiting.index);
      this.waiting = undefined;
      waiting.resolve(made);
    } else if (this.failure !== undefined) {
      this.waiting = undefined;
      waiting.reject(this.failure);
    }
  }

  private fail(error: unknown): void {
    if (this.stopping) return;
    this.failure ??= error;
    this.settle();
  }
}

/**
 * Page workers for the pages at `indexes` (in page order) when there are enough to be worth their
 * start (see worker-threads.ts), on the cores not `taken` by other work of the phase, or as many
 * as `requested`; undefined: this thread makes them.
 */
export function startPageWorkers(setup: () => PageWorkerSetup, indexes: number[], workOf: (index: number) => PageWork, requested?: number, taken = 0): PageWorkers | undefined {
  // With the social cards drawing on a core of two, page workers would only take turns with it:
  // the real portal's cold build (848 cards) took 72.9 s with them (bench median) against 66.6 s without.
  const count = requested ?? workerCount(indexes.length, taken);
  return count >= 2 && indexes.length > 0 ? new PageWorkers(setup(), indexes, workOf, count) : undefined;
}
