import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CompressedSiblings } from '../cache/build-cache.ts';
import type { ArtefactStore } from '../cache/store.ts';

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

// zlib's default level: level 9 costs about 60 % more time for under 1 % fewer bytes, and gzip
// is only what browsers without Brotli get.
const gzipOptions: zlib.ZlibOptions = { level: 6 };
// Two per thread of libuv's pool (four by default): enough to keep it busy, few enough that the
// search index's (de)compression is not queued behind thousands of pages.
const maxInFlight = 8;

const contentKey = (relativePath: string, input: Uint8Array) => crypto.createHash('sha256').update(`${brotliQuality(relativePath)}\u0000`).update(input).digest('hex');

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
    private readonly writeSibling: (relativePath: string, contents: Uint8Array) => void,
    /** Siblings kept from earlier builds (the build cache), by the hash of what they compress. */
    private readonly cache?: ArtefactStore<CompressedSiblings>,
  ) {}

  add(relativePath: string, contents: string | Uint8Array): void {
    const input = typeof contents === 'string' ? Buffer.from(contents) : contents;
    if (!isCompressible(relativePath, input.byteLength)) return;
    const key = contentKey(relativePath, input);
    const cached = this.cache?.get(key);
    if (cached) {
      if (cached.br) this.writeSibling(`${relativePath}.br`, cached.br);
      if (cached.gz) this.writeSibling(`${relativePath}.gz`, cached.gz);
      return;
    }
    // The same bytes under two names (a page's two twin URLs) are compressed once.
    let siblings = this.inBuild.get(key);
    if (!siblings) {
      siblings = this.compress(relativePath, input).then((result) => {
        this.cache?.set(key, result);
        return result;
      });
      this.inBuild.set(key, siblings);
    }
    this.pending.push(
      siblings
        .then(({ br, gz }) => {
          // A sibling that saves nothing is left out: the host then sends the file itself.
          if (br) this.writeSibling(`${relativePath}.br`, br);
          if (gz) this.writeSibling(`${relativePath}.gz`, gz);
        })
        .catch((error: unknown) => {
          // Kept for finish(): a rejection left unhandled until then would end the process.
          this.failure ??= error;
        }),
    );
  }

  /**
   * Brotli and gzip of one file. A few run at once on libuv's threads; past that the caller's
   * thread compresses, which holds the build back to the pace compression keeps (so memory
   * stays bounded) and keeps the thread pool free for the search index's own files.
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
    if (this.inFlight >= maxInFlight) {
      try {
        return Promise.resolve(saving(zlib.brotliCompressSync(input, brotliOptions(relativePath, input.byteLength)), zlib.gzipSync(input, gzipOptions)));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    this.inFlight++;
    return Promise.all([brotli(input, brotliOptions(relativePath, input.byteLength)), gzip(input, gzipOptions)])
      .then(([br, gz]) => saving(br, gz))
      .finally(() => this.inFlight--);
  }

  async finish(): Promise<CompressionStats> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
    return this.stats;
  }
}
