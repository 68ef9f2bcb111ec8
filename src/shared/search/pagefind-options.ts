/**
 * Pagefind's options, for the dialog and the relevance test alike. `noWorker`: Pagefind would
 * otherwise fetch a second copy of its engine (pagefind-worker.js, 12 KB gzip) to search off
 * the main thread; searching this index takes a few milliseconds, so the main thread does it.
 */
export const pagefindOptions = { baseUrl: '/', excerptLength: 24, noWorker: true };
