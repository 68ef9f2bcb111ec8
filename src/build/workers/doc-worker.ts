import { parentPort, workerData } from 'node:worker_threads';
import { AssetRegistry } from '../../content/assets.ts';
import { type DocWorkerSetup, docRenderer, type RenderedDoc, renderRecording } from '../doc-workers.ts';

// One renderer per worker, made from the same options as the main thread's and from the whole
// doc tree, so links between docs resolve.
const setup = workerData as DocWorkerSetup;
const assets = new AssetRegistry();
const renderer = docRenderer(setup.docs, setup.options, assets);

parentPort!.on('message', (batch: number[]) => {
  const results: RenderedDoc[] = batch.map((index) => renderRecording(index, setup.docs[index], renderer, assets));
  parentPort!.postMessage(results);
});
