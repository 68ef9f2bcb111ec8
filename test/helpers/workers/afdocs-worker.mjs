// One afdocs run on a thread of its own (test/helpers/afdocs.ts starts it): afdocs parses what it
// fetches on the thread that runs it, so two runs side by side use two cores. Every URL the run
// fetches is recorded and sent back with the report.
import { parentPort, workerData } from 'node:worker_threads';
import { runChecks } from 'afdocs';

const fetched = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  fetched.push(input instanceof Request ? input.url : String(input));
  return realFetch(input, init);
};
const report = await runChecks(workerData.url, workerData.options);
parentPort.postMessage({ report, fetched });
