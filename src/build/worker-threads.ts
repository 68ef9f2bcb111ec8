import os from 'node:os';

// Below this many items (docs to render, pages to make), starting workers (each loads the
// Markdown pipeline and the templates, ~0.3 s) costs more than it saves; watch mode's
// single-page rebuilds never get here.
const parallelFrom = 150;

/**
 * How many worker threads a job of `items` gets: one (this thread) below `parallelFrom`, else one
 * per core not `taken` by other work running meanwhile (a worker drawing social cards), at most 8.
 */
export function workerCount(items: number, taken = 0, cores = os.availableParallelism()): number {
  if (items < parallelFrom) return 1;
  return Math.max(1, Math.min(cores - taken, 8, Math.ceil(items / parallelFrom)));
}

// A Markdown parser (and React's server renderer) allocates fast and briefly: a larger young
// generation than the default means fewer scavenges of garbage that dies young. On cold builds
// of the 1,500-page corpus 16, 32 and 64 MB cut the whole process's CPU by about 8, 11 and 13 %
// (medians of 1-2 pairs on a busy machine, doc workers alone).
export const youngGenerationMb = 64;
