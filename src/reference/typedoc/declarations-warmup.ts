import { Worker } from 'node:worker_threads';
import { workerUrl } from '../../util/worker-url.ts';
import type { InstalledPackage } from './installed-packages.ts';
import { historyVersions } from './package-history.ts';

/** One version whose declaration texts a package history reads. */
export interface DeclarationsJob {
  name: string;
  version: string;
  folder: string;
}


/** The versions the histories of `copies` read, each once; a version the histories cannot find is left to them to report. */
export function declarationsJobs(copies: InstalledPackage[], earlierOf: (name: string) => string[], root: string): DeclarationsJob[] {
  const jobs = new Map<string, DeclarationsJob>();
  for (const copy of copies) {
    let versions: ReturnType<typeof historyVersions>;
    try {
      versions = historyVersions(copy.name, earlierOf(copy.name), root, copy);
    } catch {
      continue;
    }
    for (const { version, folder } of versions) {
      try {
        jobs.set(`${copy.name}@${version}`, { name: copy.name, version, folder: folder() });
      } catch {
        // Not installed: packageHistory says so, with the fix.
      }
    }
  }
  return [...jobs.values()];
}

/**
 * Fills the declarations cache for `jobs` on a worker thread, while the main thread converts
 * the packages with TypeDoc: each history's TypeScript pass (two fifths of a cold reference
 * phase) runs on the second core instead of after the conversions. Resolves when the worker is
 * done or gone; it only fills the cache, so whatever it did not write the histories make
 * themselves (and report, if it fails).
 */
export function warmDeclarations(jobs: DeclarationsJob[], cacheDir: string): Promise<void> {
  if (jobs.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(workerUrl('declarations-worker', import.meta.url), { workerData: { jobs, cacheDir } });
    } catch {
      resolve();
      return;
    }
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
}
