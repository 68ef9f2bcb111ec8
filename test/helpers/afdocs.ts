// afdocs, the reference checker of the Agent-Friendly Documentation Spec, run on a worker thread
// (workers/afdocs-worker.mjs) so that runs of one test can share the cores: most of a run's time is afdocs
// parsing the Markdown it fetched, on the thread that runs it.
import type { ReportResult, RunnerOptions } from 'afdocs';
import { answerFromWorker } from './worker-answer.ts';

export interface AfdocsRun {
  report: ReportResult;
  /** Every URL the run fetched. */
  fetched: string[];
}

/** One afdocs run of the site at `url` with `options` (plain data: no callbacks cross the thread). */
export function runAfdocs(url: string, options: Partial<RunnerOptions>): Promise<AfdocsRun> {
  return answerFromWorker(new URL('./workers/afdocs-worker.mjs', import.meta.url), { url, options });
}
