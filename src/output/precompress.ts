import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { contentHash as hashOf } from '../cache/blobs.ts';
import type { ArtefactStore } from '../cache/store.ts';

/** A file's Brotli and gzip siblings by their hash in the blob store (null: that sibling saved nothing). */
export interface CompressedSiblings {
  br: string | null;
  gz: string | null;
}

// Brotli and gzip siblings (`page.html.br`, `page.html.gz`) of every text file worth
// compressing, written by the build for `portal serve` and for hosts that serve precompressed
// files (negotiated by Accept-Encoding). Pagefind's own index files are compressed already.
const compressible = /\.(html|js|mjs|css|json|svg|xml|txt|md|webmanifest)$/;
const minimumBytes = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli's best quality costs about 70 times its quality 5 for some 10 % fewer bytes: worth it
 * for the client bundle and the search engine every reader loads (a few files, named by their
 * content), not for hundreds of pages that change with every build.
 */
function brotliQuality(relativePath: string): number {
  return /^(assets|pagefind)\//.test(relativePath) ? zlib.constants.BROTLI_MAX_QUALITY : 5;
}

function brotliOptions(relativePath: string, size: number): zlib.BrotliOptions {
  return { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(relativePath), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

// Level 5: on 300 corpus pages zlib's default (6) took 57 % more time for 1 % fewer bytes (and
// 9 more still), and gzip is only what browsers without Brotli get.
const gzipOptions: zlib.ZlibOptions = { level: 5 };
// Two per thread of libuv's pool (four by default): enough to keep it busy, few enough that the
// search index's (de)compression is not queued behind thousands of pages.
const maxInFlight = 8;

/** Siblings are kept by the hash of their input (the same as its blob's) and the Brotli quality used. */
const siblingsKey = (relativePath: string, contentHash: string) => `${brotliQuality(relativePath)}:${contentHash}`;

export function isCompressible(relativePath: string, size: number): boolean {
  return size >= minimumBytes && compressible.test(relativePath);
}

export interface CompressionStats {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Compresses files as the build writes them. The work runs on libuv's thread pool, so it
 * overlaps the rest of the build on the other core; `finish` waits for the last sibling.
 */
export class Precompressor {
  private readonly pending: Promise<void>[] = [];
  private readonly inBuild = new Map<string, Promise<{ br: Uint8Array | null; gz: Uint8Array | null }>>();
  private inFlight = 0;
  private failure: unknown;
  readonly stats: CompressionStats = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };

  constructor(
    /** Writes a sibling; returns its blob's hash when the output is made of blobs. */
    private readonly writeSibling: (relativePath: string, contents: Uint8Array) => string | undefined,
    /** The blob store the output is made of: earlier builds' siblings are copied from it. */
    private readonly blobs?: { has(hash: string): boolean; copy(relativePath: string, hash: string): void },
    /** Siblings kept from earlier builds (the build cache), by the hash of what they compress. */
    private readonly cache?: ArtefactStore<CompressedSiblings>,
  ) {}

  /** `contentHash`: the sha256 of `contents`, when the caller has it already. */
  add(relativePath: string, contents: string | Uint8Array, contentHash?: string): void {
    const input = typeof contents === 'string' ? Buffer.from(contents) : contents;
    if (!isCompressible(relativePath, input.byteLength)) return;
    const key = siblingsKey(relativePath, contentHash ?? hashOf(input));
    if (this.reuse(relativePath, key)) return;
    // The same bytes under two names (a page's two twin URLs) are compressed once.
    let siblings = this.inBuild.get(key);
    if (!siblings) {
      siblings = this.compress(relativePath, input);
      this.inBuild.set(key, siblings);
    }
    this.pending.push(
      siblings
        .then(({ br, gz }) => {
          // A sibling that saves nothing is left out: the host then sends the file itself.
          const brHash = br ? this.writeSibling(`${relativePath}.br`, br) : null;
          const gzHash = gz ? this.writeSibling(`${relativePath}.gz`, gz) : null;
          if (brHash !== undefined && gzHash !== undefined) this.cache?.set(key, { br: brHash, gz: gzHash });
        })
        .catch((error: unknown) => {
          // Kept for finish(): a rejection left unhandled until then would end the process.
          this.failure ??= error;
        }),
    );
  }

  /**
   * The siblings of a file put in place from the blob store (`contentHash`): copied when an
   * earlier build made them, else made from its bytes (`read` only then).
   */
  addKnown(relativePath: string, contentHash: string, read: () => Uint8Array): void {
    if (!compressible.test(relativePath)) return;
    if (this.reuse(relativePath, siblingsKey(relativePath, contentHash))) return;
    this.add(relativePath, read(), contentHash);
  }

  /** Puts the cached siblings of `key` in place; false when there are none (or a blob is gone or damaged: they are made again). */
  private reuse(relativePath: string, key: string): boolean {
    const cached = this.blobs && this.cache?.get(key);
    if (!cached) return false;
    if ((cached.br && !this.blobs!.has(cached.br)) || (cached.gz && !this.blobs!.has(cached.gz))) return false;
    if (cached.br) this.blobs!.copy(`${relativePath}.br`, cached.br);
    if (cached.gz) this.blobs!.copy(`${relativePath}.gz`, cached.gz);
    return true;
  }

  /**
   * Brotli and gzip of one file, always on libuv's threads (never on the build's own thread). A
   * few run at once; the rest wait their turn, so the thread pool stays free enough for the
   * search index's own files.
   */
  private compress(relativePath: string, input: Uint8Array): Promise<{ br: Uint8Array | null; gz: Uint8Array | null }> {
    const saving = (br: Uint8Array, gz: Uint8Array) => {
      this.stats.files += 1;
      this.stats.bytes += input.byteLength;
      const kept = { br: br.byteLength < input.byteLength ? br : null, gz: gz.byteLength < input.byteLength ? gz : null };
      this.stats.brotliBytes += kept.br?.byteLength ?? 0;
      this.stats.gzipBytes += kept.gz?.byteLength ?? 0;
      return kept;
    };
    return this.inTurn(() => Promise.all([brotli(input, brotliOptions(relativePath, input.byteLength)), gzip(input, gzipOptions)]).then(([br, gz]) => saving(br, gz)));
  }

  /** Files waiting for one of the `maxInFlight` places. */
  private readonly waiting: (() => void)[] = [];

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.inFlight >= maxInFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    try {
      return await work();
    } finally {
      // The place passes straight to the next file waiting, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    }
  }

  async finish(): Promise<CompressionStats> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
    return this.stats;
  }
}
