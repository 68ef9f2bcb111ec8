import { Worker } from 'node:worker_threads';
import { workerUrl } from '../util/worker-url.ts';
import type { PackageModel } from './convert.ts';
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

/** A job of the package workers: a package version to convert with TypeDoc, or two versions to compare. */
export type PackageJob = { convert: InstalledPackage } | { compare: DeclarationsJob };

/** Where the workers write what they make: the caches the main thread reads it from. */
export interface PackageCaches {
  /** TypeDoc's models (convert.ts). */
  typedoc: string;
  /** The histories' declaration texts and changes (package-history.ts). */
  declarations: string;
}

/** What each package worker starts with. */
export interface PackageWorkerData {
  jobs: PackageJob[];
  caches: PackageCaches;
  /** The next job to take, shared by the workers (one Int32). */
  next: Int32Array;
}

/** A converted package, as a worker sends it back. */
export interface ConvertedMessage {
  key: string;
  model: PackageModel;
}

/** The key of a package version, as the reference names converted packages. */
export const packageKey = ({ name, version }: { name: string; version: string }): string => `${name}@${version}`;

/**
 * Runs `jobs` on `threads` worker threads, which take them in turn from a shared counter: the
 * main thread hands nothing out, so it may be busy (with the OpenAPI reference) all along.
 * Resolves, once every worker is done or gone, with the models converted by key. Nothing here is
 * reported: a package missing from the result is converted by the caller, which says what is
 * wrong; a comparison not cached is made by its history.
 */
export function runPackageJobs(jobs: PackageJob[], caches: PackageCaches, threads: number): Promise<Map<string, PackageModel>> {
  const models = new Map<string, PackageModel>();
  const count = Math.min(threads, jobs.length);
  if (count === 0) return Promise.resolve(models);
  const data: PackageWorkerData = { jobs, caches, next: new Int32Array(new SharedArrayBuffer(4)) };
  return new Promise((resolve) => {
    let running = 0;
    for (let i = 0; i < count; i++) {
      let worker: Worker;
      try {
        worker = new Worker(workerUrl('package-worker', import.meta.url), { workerData: data });
      } catch {
        continue;
      }
      running += 1;
      worker.on('message', ({ key, model }: ConvertedMessage) => models.set(key, model));
      // A crashed worker's job is done again by the main thread; the other workers take the rest.
      worker.on('error', () => undefined);
      worker.once('exit', () => {
        running -= 1;
        if (running === 0) resolve(models);
      });
    }
    if (running === 0) resolve(models);
  });
}
