// Draws the social cards it is given (see ../cards.ts, `drawAhead`) into their cache files and
// says, card by card, what it wrote: their size and hash, recorded by the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import { contentHash } from '../../cache/blobs.ts';
import { writeFileAtomically } from '../../util/write-atomically.ts';
import type { CardJob } from '../cards.ts';
import { drawCard } from '../draw-card.ts';

const { jobs, inFlight } = workerData as { jobs: CardJob[]; inFlight: number };
const queue = jobs.values();
const drawNext = async () => {
  for (const { hash, file, text } of queue) {
    const png = await drawCard(text);
    // An interrupted build never leaves half a card in the cache.
    writeFileAtomically(file, png);
    parentPort!.postMessage({ hash, size: png.byteLength, sha256: contentHash(png) });
  }
};
await Promise.all(Array.from({ length: inFlight }, drawNext));
