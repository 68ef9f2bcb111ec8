import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { contentHash } from '../cache/blobs.ts';
import { type CardText, cardHeight, cardWidth } from './card-text.ts';
import { clearForCacheFolder } from '../cache/cache-folder.ts';
import { writeFileAtomically } from '../util/write-atomically.ts';
import { sha256Hex } from '../util/sha256.ts';
import { workerUrl } from '../util/worker-url.ts';

// Bump when the card's design changes, so cached cards of the old design are redrawn.
const designVersion = 1;

export interface SocialImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export interface CardStats {
  drawn: number;
  fromCache: number;
}

/** A card to draw: its hash, its file in the cache folder, its text. */
export interface CardJob {
  hash: string;
  file: string;
  text: CardText;
}

// Fewer cards than this are drawn at the end, on this thread: a worker costs more to start.
const cardsForAWorker = 16;
// One encoder per core in flight: the cards of a cold build draw in parallel, bounded.
const inFlight = Math.max(1, Math.min(os.availableParallelism(), 4));

/**
 * The social cards of a build. Pages name their card (`imageFor`, by a hash of its text); `drawAhead` and `finish`
 * draw the cards the cache does not hold.
 * Cards are kept in the cache folder by content, so a warm build draws none, and pages whose
 * title and area are the same share one card. A kept card is published only if its bytes are the
 * ones drawn (their size and hash are recorded beside the cards) and still a PNG: a card changed
 * or cut short in the cache is drawn again.
 */
export class SocialCards {
  private readonly wanted = new Map<string, CardText>();
  private records?: DrawnCards;
  /** Cards whose cached file was checked and holds the card as drawn. */
  private readonly intact = new Set<string>();
  /** The worker `drawAhead` started: the cards it drew, and its end. */
  private ahead?: { drew: Set<string>; done: Promise<void> };

  constructor(
    private readonly cacheDir: string,
    private readonly siteUrl: string,
  ) {}

  imageFor(text: CardText | undefined): SocialImage | undefined {
    if (!text) return undefined;
    const hash = sha256Hex(JSON.stringify([designVersion, text.title, text.area, text.siteTitle])).slice(0, 16);
    this.wanted.set(hash, text);
    return {
      url: `${this.siteUrl.replace(/\/$/, '')}${cardUrl(hash)}`,
      width: cardWidth,
      height: cardHeight,
      alt: `${text.title} · ${text.area} · ${text.siteTitle}`,
    };
  }

  /**
   * Starts drawing, on a worker thread, the cards named so far that the cache does not hold: a
   * build names every page's card before it renders, so the cards draw on another core while the
   * pages render, instead of after. `finish` waits for it, and draws whatever it did not.
   * Returns whether it started one: a core taken while the pages render.
   */
  drawAhead(): boolean {
    const missing = this.missing();
    if (missing.length < cardsForAWorker || os.availableParallelism() < 2) return false;
    const drew = new Set<string>();
    const records = this.drawnRecords();
    const done = new Promise<void>((resolve) => {
      let worker: Worker;
      try {
        worker = new Worker(workerUrl('card-worker', import.meta.url), { workerData: { jobs: missing, inFlight } });
      } catch {
        resolve();
        return;
      }
      worker.on('message', ({ hash, size, sha256 }: { hash: string; size: number; sha256: string }) => {
        records.recordDrawn(hash, size, sha256);
        drew.add(hash);
      });
      // A worker that fails leaves its cards to `finish`, which draws them here.
      worker.once('error', () => resolve());
      worker.once('exit', () => resolve());
    });
    this.ahead = { drew, done };
    return true;
  }

  /** Every wanted card as an output file (URL path -> cached PNG file), drawing the missing ones. */
  async finish(): Promise<{ files: Map<string, string>; stats: CardStats }> {
    await this.ahead?.done;
    const drewAhead = this.ahead?.drew ?? new Set<string>();
    for (const hash of drewAhead) this.intact.add(hash);
    const files = new Map<string, string>();
    for (const hash of this.wanted.keys()) files.set(cardUrl(hash), this.fileOf(hash));
    const missing = this.missing().filter((job) => !drewAhead.has(job.hash));
    const stats: CardStats = { drawn: drewAhead.size + missing.length, fromCache: this.wanted.size - drewAhead.size - missing.length };
    const records = this.drawnRecords();
    if (missing.length) {
      // Loaded only to draw: satori and resvg cost a warm build ~0.1 s to load for nothing.
      const { drawCard } = await import('./draw-card.ts');
      const queue = missing.values();
      const drawNext = async (): Promise<void> => {
        for (const { hash, file, text } of queue) {
          const png = await drawCard(text);
          // An interrupted build never leaves half a card in the cache.
          writeFileAtomically(file, png);
          records.recordDrawn(hash, png.byteLength, contentHash(png));
        }
      };
      await Promise.all(Array.from({ length: inFlight }, drawNext));
    }
    records.save();
    return { files, stats };
  }

  /** The wanted cards the cache does not hold (each kept card is checked once). */
  private missing(): CardJob[] {
    const records = this.drawnRecords();
    const jobs: CardJob[] = [];
    for (const [hash, text] of this.wanted) {
      if (this.intact.has(hash)) continue;
      const file = this.fileOf(hash);
      if (records.holds(hash, file)) this.intact.add(hash);
      else jobs.push({ hash, file, text });
    }
    return jobs;
  }

  private fileOf(hash: string): string {
    return path.join(this.cacheDir, `${hash}.png`);
  }

  private drawnRecords(): DrawnCards {
    if (!this.records) {
      // A file where the cards' folder belongs: removed, and every card drawn again.
      clearForCacheFolder(this.cacheDir);
      fs.mkdirSync(this.cacheDir, { recursive: true });
      this.records = new DrawnCards(path.join(this.cacheDir, 'drawn.json'));
    }
    return this.records;
  }
}

/** The first eight bytes of every PNG file. */
const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The size and hash of each card as drawn, by card: a card file is trusted only while its bytes
 * match. Kept in one file (a few hundred cards); a missing or damaged record only means the
 * cards are drawn again.
 */
class DrawnCards {
  private readonly records: Record<string, { size: number; sha256: string }>;
  private changed = false;

  constructor(private readonly file: string) {
    let records: unknown;
    try {
      records = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      // None yet, or unreadable: every card is drawn again.
    }
    this.records = records && typeof records === 'object' && !Array.isArray(records) ? (records as DrawnCards['records']) : {};
  }

  /** Whether `file` holds the card `hash` as drawn: a PNG of the recorded size and hash. */
  holds(hash: string, file: string): boolean {
    const record = this.records[hash];
    if (!record) return false;
    let bytes: Buffer;
    try {
      if (fs.statSync(file).size !== record.size) return false;
      bytes = fs.readFileSync(file);
    } catch {
      return false;
    }
    return bytes.byteLength === record.size && bytes.subarray(0, pngSignature.length).equals(pngSignature) && contentHash(bytes) === record.sha256;
  }

  recordDrawn(hash: string, size: number, sha256: string): void {
    this.records[hash] = { size, sha256 };
    this.changed = true;
  }

  save(): void {
    if (!this.changed) return;
    writeFileAtomically(this.file, JSON.stringify(this.records));
  }
}

const cardUrl = (hash: string) => `/assets/social/${hash}.png`;
