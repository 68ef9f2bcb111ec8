import { parentPort, workerData } from 'node:worker_threads';
import { AssetRegistry } from '../assets.ts';
import { createContentProcessor, createTwinResolvers, type DependencyRecorder } from '../doc-pages.ts';
import { type DocWorkerSetup, type RenderedDoc, renderRecording } from '../render-docs.ts';
import type { PortalConfig } from '../../config/schema.ts';

// One Markdown processor per worker, built from the whole doc tree so links between docs resolve.
const setup = workerData as DocWorkerSetup;
const assets = new AssetRegistry();
const dependencies: DependencyRecorder = {};
const processor = createContentProcessor(setup.docs, assets, { root: setup.root, symbols: { areas: setup.symbols }, sampleChecks: setup.sampleChecks, media: setup.media, staticDir: setup.staticDir, dependencies, routeLinks: setup.routeLinks });
// renderDocPage reads only the TOC levels of the config.
const config = { toc: setup.toc } as PortalConfig;
const twin = createTwinResolvers(setup.docs, assets, { root: setup.root, symbols: { areas: setup.symbols }, siteUrl: setup.siteUrl, dependencies, routeLinks: setup.routeLinks });

parentPort!.on('message', (batch: number[]) => {
  const results: RenderedDoc[] = batch.map((index) => renderRecording(index, setup.docs[index], processor, config, dependencies, assets, twin));
  parentPort!.postMessage(results);
});
