import { promisify } from 'node:util';
import zlib from 'node:zlib';

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
  private failure: unknown;
  readonly stats: CompressionStats = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };

  constructor(private readonly writeSibling: (relativePath: string, contents: Uint8Array) => void) {}

  add(relativePath: string, contents: string | Uint8Array): void {
    const input = typeof contents === 'string' ? Buffer.from(contents) : contents;
    if (!isCompressible(relativePath, input.byteLength)) return;
    this.pending.push(
      Promise.all([brotli(input, brotliOptions(relativePath, input.byteLength)), gzip(input, { level: 9 })]).then(([br, gz]) => {
        this.stats.files += 1;
        this.stats.bytes += input.byteLength;
        // A sibling that saves nothing is left out: the host then sends the file itself.
        if (br.byteLength < input.byteLength) {
          this.writeSibling(`${relativePath}.br`, br);
          this.stats.brotliBytes += br.byteLength;
        }
        if (gz.byteLength < input.byteLength) {
          this.writeSibling(`${relativePath}.gz`, gz);
          this.stats.gzipBytes += gz.byteLength;
        }
      }).catch((error: unknown) => {
        // Kept for finish(): a rejection left unhandled until then would end the process.
        this.failure ??= error;
      }),
    );
  }

  async finish(): Promise<CompressionStats> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
    return this.stats;
  }
}
