import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CardText, cardHeight, cardWidth } from './card-text.ts';

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
 * title and area are the same share one card.
 */
export class SocialCards {
  private readonly wanted = new Map<string, CardText>();

  constructor(
    private readonly cacheDir: string,
    private readonly siteUrl: string,
  ) {}

  imageFor(text: CardText | undefined): SocialImage | undefined {
    if (!text) return undefined;
    const hash = crypto.createHash('sha256').update(JSON.stringify([designVersion, text.title, text.area, text.siteTitle])).digest('hex').slice(0, 16);
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
    const missing: [string, CardText][] = [];
    for (const [hash, text] of this.wanted) {
      const file = path.join(this.cacheDir, `${hash}.png`);
      if (fs.existsSync(file)) stats.fromCache++;
      else missing.push([file, text]);
      files.set(cardUrl(hash), file);
    }
    // One encoder per core in flight: the cards of a cold build draw in parallel, bounded.
    if (!missing.length) return { files, stats };
    // Loaded only to draw: satori and resvg cost a warm build ~0.1 s to load for nothing.
    const { drawCard } = await import('./draw-card.ts');
    const queue = missing.values();
    const drawNext = async (): Promise<void> => {
      for (const [file, text] of queue) {
        // Written beside, then renamed: an interrupted build never leaves half a card in the cache.
        const partial = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(partial, await drawCard(text));
        fs.renameSync(partial, file);
        stats.drawn++;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), 4)) }, drawNext));
    return { files, stats };
  }
}

const cardUrl = (hash: string) => `/assets/social/${hash}.png`;
