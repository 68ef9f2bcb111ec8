import { Worker } from 'node:worker_threads';
import { workerUrl } from '../util/worker-url.ts';
import type { InstalledPackage } from './installed-packages.ts';
import { historyVersions, type VersionSide } from './package-history.ts';

/** One pair of versions a package history compares (texts and the checker's probes). */
export interface DeclarationsJob {
  name: string;
  earlier: VersionSide;
  later: VersionSide;
}


/** The pairs of versions the histories of `copies` compare, each once; a version the histories cannot find is left to them to report. */
export function declarationsJobs(copies: InstalledPackage[], earlierOf: (name: string) => string[], root: string): DeclarationsJob[] {
  const jobs = new Map<string, DeclarationsJob>();
  for (const copy of copies) {
    let versions: ReturnType<typeof historyVersions>;
    try {
      versions = historyVersions(copy.name, earlierOf(copy.name), root, copy);
    } catch {
      continue;
    }
    for (let index = 1; index < versions.length; index += 1) {
      try {
        const [later, earlier] = [versions[index - 1], versions[index]].map(({ version, folder }) => ({ version, folder: folder() }));
        jobs.set(`${copy.name}@${earlier.version}..${later.version}`, { name: copy.name, earlier, later });
      } catch {
        // Not installed: packageHistory says so, with the fix.
      }
    }
  }
  return [...jobs.values()];
}

/**
 * Fills the declarations cache for `jobs` on a worker thread, while the main thread converts
 * the packages with TypeDoc: each history's TypeScript passes (the texts and the checker's
 * probes, most of a cold reference phase) run on the second core instead of after the conversions. Resolves when the worker is
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
