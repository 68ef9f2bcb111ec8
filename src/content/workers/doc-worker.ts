import { parentPort, workerData } from 'node:worker_threads';
import { Diagnostics } from '../../errors.ts';
import { AssetRegistry } from '../assets.ts';
import { createContentProcessor, renderDocPage } from '../doc-pages.ts';
import type { DocWorkerSetup, RenderedDoc } from '../render-docs.ts';
import type { PortalConfig } from '../../config/schema.ts';

// One Markdown processor per worker, built from the whole doc tree so links between docs resolve.
const setup = workerData as DocWorkerSetup;
const assets = new AssetRegistry();
const processor = createContentProcessor(setup.docs, assets, { symbols: { areas: setup.symbols }, sampleChecks: setup.sampleChecks, media: setup.media, staticDir: setup.staticDir, routeLinks: setup.routeLinks });
// renderDocPage reads only the TOC levels of the config.
const config = { toc: setup.toc } as PortalConfig;

parentPort!.on('message', (batch: number[]) => {
  const results: RenderedDoc[] = batch.map((index) => {
    const diagnostics = new Diagnostics();
    const published = new Set(assets.files.keys());
    const page = renderDocPage(setup.docs[index], processor, config, diagnostics);
    const added = [...assets.files].filter(([url]) => !published.has(url));
    return { index, page, problems: diagnostics.problems, assets: added };
  });
  parentPort!.postMessage(results);
});
