// Converts packages with TypeDoc and compares versions' declarations for the histories (see
// ../package-workers.ts), taking jobs in turn with the other workers. A job that fails is left:
// the main thread does it again and reports what is wrong there.
import { parentPort, workerData } from 'node:worker_threads';
import { convertPackage } from '../convert.ts';
import { pairChanges } from '../package-history.ts';
import { type ConvertedMessage, packageKey, type PackageWorkerData } from '../package-workers.ts';

const { jobs, caches, next } = workerData as PackageWorkerData;
for (let index = Atomics.add(next, 0, 1); index < jobs.length; index = Atomics.add(next, 0, 1)) {
  const job = jobs[index];
  try {
    if ('convert' in job) {
      const message: ConvertedMessage = { key: packageKey(job.convert), model: await convertPackage(job.convert, caches.typedoc) };
      parentPort!.postMessage(message);
    } else pairChanges(job.compare.name, job.compare.earlier, job.compare.later, caches.declarations);
  } catch {
    // Done again, and reported, by the main thread.
  }
}
