// Writes the changes of each pair of versions given (and their declaration texts) into the declarations cache (see
// ../declarations-warmup.ts). A version that fails is skipped: its history makes it again on the
// main thread and reports what is wrong there.
import { workerData } from 'node:worker_threads';
import type { DeclarationsJob } from '../declarations-warmup.ts';
import { pairChanges } from '../package-history.ts';

const { jobs, cacheDir } = workerData as { jobs: DeclarationsJob[]; cacheDir: string };
for (const { name, earlier, later } of jobs) {
  try {
    pairChanges(name, earlier, later, cacheDir);
  } catch {
    // Reported by the main thread, which makes these texts again.
  }
}
