// Writes the declaration texts of each version given into the declarations cache (see
// ../declarations-warmup.ts). A version that fails is skipped: its history makes it again on the
// main thread and reports what is wrong there.
import { workerData } from 'node:worker_threads';
import type { DeclarationsJob } from '../declarations-warmup.ts';
import { versionTexts } from '../package-history.ts';

const { jobs, cacheDir } = workerData as { jobs: DeclarationsJob[]; cacheDir: string };
for (const { name, version, folder } of jobs) {
  try {
    versionTexts(name, version, folder, cacheDir);
  } catch {
    // Reported by the main thread, which makes these texts again.
  }
}
