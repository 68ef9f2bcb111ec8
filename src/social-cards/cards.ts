import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentHash } from '../cache/blobs.ts';
import { type CardText, cardHeight, cardWidth } from './card-text.ts';
import { writeFileAtomically } from '../util/write-atomically.ts';
import { sha256Hex } from '../util/sha256.ts';

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

/**
 * The social cards of a build. Pages ask for their card while they render (`imageFor`, which
 * only names it by a hash of its text); `finish` then draws the cards the cache does not hold.
 * Cards are kept in the cache folder by content, so a warm build draws none, and pages whose
 * title and area are the same share one card. A kept card is published only if its bytes are the
 * ones drawn (their size and hash are recorded beside the cards) and still a PNG: a card changed
 * or cut short in the cache is drawn again.
 */
export class SocialCards {
  private readonly wanted = new Map<string, CardText>();

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

  /** Every wanted card as an output file (URL path -> cached PNG file), drawing the missing ones. */
  async finish(): Promise<{ files: Map<string, string>; stats: CardStats }> {
    fs.mkdirSync(this.cacheDir, { recursive: true });
    const files = new Map<string, string>();
    const stats: CardStats = { drawn: 0, fromCache: 0 };
    const drawn = new DrawnCards(path.join(this.cacheDir, 'drawn.json'));
    const missing: [string, string, CardText][] = [];
    for (const [hash, text] of this.wanted) {
      const file = path.join(this.cacheDir, `${hash}.png`);
      if (drawn.holds(hash, file)) stats.fromCache++;
      else missing.push([hash, file, text]);
      files.set(cardUrl(hash), file);
    }
    // One encoder per core in flight: the cards of a cold build draw in parallel, bounded.
    if (!missing.length) return { files, stats };
    // Loaded only to draw: satori and resvg cost a warm build ~0.1 s to load for nothing.
    const { drawCard } = await import('./draw-card.ts');
    const queue = missing.values();
    const drawNext = async (): Promise<void> => {
      for (const [hash, file, text] of queue) {
        const png = await drawCard(text);
        // An interrupted build never leaves half a card in the cache.
        writeFileAtomically(file, png);
        drawn.record(hash, png);
        stats.drawn++;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), 4)) }, drawNext));
    drawn.save();
    return { files, stats };
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

  record(hash: string, png: Uint8Array): void {
    this.records[hash] = { size: png.byteLength, sha256: contentHash(png) };
    this.changed = true;
  }

  save(): void {
    if (!this.changed) return;
    writeFileAtomically(this.file, JSON.stringify(this.records));
  }
}

const cardUrl = (hash: string) => `/assets/social/${hash}.png`;
