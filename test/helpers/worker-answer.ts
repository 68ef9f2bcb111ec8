// A test's work on a thread of its own: the worker gets `workerData`, posts one message, its
// answer, and ends. One place for that round trip, for every helper that shares work out.
import { Worker } from 'node:worker_threads';

/** Starts the worker at `url` with `workerData` and resolves with the one message it posts; rejects if it fails or ends without one. */
export function answerFromWorker<T>(url: URL, workerData: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData });
    let answer: { value: T } | undefined;
    worker.once('message', (message: T) => (answer = { value: message }));
    worker.once('error', reject);
    worker.once('exit', (code) => (answer && code === 0 ? resolve(answer.value) : reject(new Error(`the worker ${url.pathname.split('/').pop()} ended with code ${code} before it answered`))));
  });
}
