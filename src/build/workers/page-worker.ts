import { parentPort, workerData } from 'node:worker_threads';
import { AssetRegistry } from '../../content/assets.ts';
import { docRenderer } from '../doc-workers.ts';
import { makeOutputs, twinContextOf } from '../page-job.ts';
import { type MadeOnWorker, type PageWork, type PageWorkerSetup, renderContextFor } from '../page-workers.ts';

// The twins' resolvers from the same doc tree and options as the main thread's, as doc-worker.ts
// makes them; the files a twin publishes land in this worker's registry and go back with it.
const setup = workerData as PageWorkerSetup;
const renderer = docRenderer(setup.docs, setup.docOptions, new AssetRegistry());
const twinContext = twinContextOf(setup.docOptions.root, setup.context.home, renderer.twin);

parentPort!.on('message', (batch: PageWork[]) => {
  const results: MadeOnWorker[] = batch.map(({ index, page, inputs }) => ({ index, made: makeOutputs(page, { context: renderContextFor(setup.context, inputs), twinContext }, setup.areaLabels) }));
  parentPort!.postMessage(results);
});
