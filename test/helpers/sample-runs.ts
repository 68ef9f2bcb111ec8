import type { OperationSamples } from './api-samples.ts';
import { documentedStatuses, type StandInServer } from './stand-in-server.ts';

// Running generated request samples against the stand-in server (stand-in-server.ts): one run per
// sample and documented status. A sample passes when, for every status its operation documents,
// it made a call the server accepted (so the request is the documented one) and its program
// handled the answer without crashing. What "without crashing" means per language is the
// caller's: it reports each run's failure, or undefined for a clean run.

export interface SampleRun {
  index: number;
  status: number;
}

/** A failed run's message, or undefined when the program handled the answer. */
export type RunOutcome = string | undefined;

export const runKey = (run: SampleRun) => `${run.index} ${run.status}`;

/** Every documented status of every operation in `indexes`: the runs a language makes. */
export function runsOf(operations: OperationSamples[], indexes: number[]): SampleRun[] {
  return indexes.flatMap((index) => documentedStatuses(operations[index]).map((status) => ({ index, status })));
}

/**
 * Runs `runOne` for every run, `concurrency` samples at a time; the runs of one sample go one
 * after another, since the server answers a sample with the one status chosen for it.
 */
export async function runEach(runs: SampleRun[], server: StandInServer, concurrency: number, runOne: (run: SampleRun) => Promise<RunOutcome>): Promise<Map<string, RunOutcome>> {
  const outcomes = new Map<string, RunOutcome>();
  const grouped = new Map<number, SampleRun[]>();
  for (const run of runs) grouped.set(run.index, [...(grouped.get(run.index) ?? []), run]);
  const bySample = [...grouped.values()];
  const worker = async () => {
    for (let sample = bySample.shift(); sample; sample = bySample.shift()) {
      for (const run of sample) {
        server.answerWith(run.index, run.status);
        outcomes.set(runKey(run), await runOne(run));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

/**
 * What went wrong per sample index: a run whose program failed, that made no call, or whose call
 * the server refused. Samples without a failure are not in the map.
 */
export function judgeRuns(runs: SampleRun[], outcomes: Map<string, RunOutcome>, server: StandInServer): Map<number, string[]> {
  const failures = new Map<number, string[]>();
  const fail = (index: number, message: string) => failures.set(index, [...(failures.get(index) ?? []), message]);
  for (const run of runs) {
    const calls = server.log.filter((call) => call.index === run.index && call.wanted === run.status);
    const refused = calls.flatMap((call) => call.problems);
    if (!outcomes.has(runKey(run))) fail(run.index, `answered ${run.status}: did not run`);
    else if (!calls.length) fail(run.index, `answered ${run.status}: made no call${outcomes.get(runKey(run)) ? ` (${outcomes.get(runKey(run))})` : ''}`);
    else if (refused.length) fail(run.index, `the call was refused (${calls.map((call) => call.status).join(', ')}): ${refused.join('; ')}`);
    else if (outcomes.get(runKey(run))) fail(run.index, `answered ${run.status}: ${outcomes.get(runKey(run))}`);
  }
  return failures;
}

/** The harness's report lines ("ok <index> <status>" / "failed <index> <status>: <why>") as outcomes. */
export function parseReport(output: string): Map<string, RunOutcome> {
  const outcomes = new Map<string, RunOutcome>();
  for (const line of output.split('\n')) {
    const match = /^(ok|failed) (\d+) (\d+)(?:: (.*))?$/.exec(line);
    if (match) outcomes.set(`${match[2]} ${match[3]}`, match[1] === 'ok' ? undefined : (match[4] ?? 'failed'));
  }
  return outcomes;
}

/** Points a sample at the stand-in: the spec's server (with its base path) becomes the sample's origin there. */
export function pointAt(code: string, operation: OperationSamples, origin: string): string {
  const server = operation.servers[0].replace(/\/$/, '');
  if (!code.includes(server)) throw new Error(`${operation.name}: the sample does not call the spec's server ${server}`);
  return code.replaceAll(server, origin);
}

/**
 * The Node sample (http.request with a host and a path) pointed at the stand-in: plain HTTP on
 * the loopback port, the path under the sample's prefix with the server's base path taken off.
 */
export function pointNodeAt(code: string, operation: OperationSamples, origin: string): string {
  const server = new URL(operation.servers[0]);
  const target = new URL(origin);
  const basePath = server.pathname.replace(/\/$/, '');
  if (!code.includes(`hostname: '${server.hostname}'`)) throw new Error(`${operation.name}: the Node sample does not call the spec's host ${server.hostname}`);
  return code
    .replace("require('https')", "require('http')")
    .replace(`hostname: '${server.hostname}'`, `hostname: '${target.hostname}'`)
    .replace('port: null', `port: ${target.port}`)
    .replace(/path: '([^']*)'/, (_, full: string) => `path: '${target.pathname}${full.startsWith(basePath) ? full.slice(basePath.length) : full}'`);
}
