// afdocs, the reference checker of the Agent-Friendly Documentation Spec, run on a worker thread
// (workers/afdocs-worker.mjs) so that runs of one test can share the cores: most of a run's time is afdocs
// parsing the Markdown it fetched, on the thread that runs it.
import { Worker } from 'node:worker_threads';
import type { ReportResult, RunnerOptions } from 'afdocs';

export interface AfdocsRun {
  report: ReportResult;
  /** Every URL the run fetched. */
  fetched: string[];
}

/** One afdocs run of the site at `url` with `options` (plain data: no callbacks cross the thread). */
export function runAfdocs(url: string, options: Partial<RunnerOptions>): Promise<AfdocsRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./workers/afdocs-worker.mjs', import.meta.url), { workerData: { url, options } });
    let answer: AfdocsRun | undefined;
    worker.once('message', (message: AfdocsRun) => (answer = message));
    worker.once('error', reject);
    worker.once('exit', (code) => (answer ? resolve(answer) : reject(new Error(`the afdocs worker exited with ${code} before it reported`))));
  });
}
