import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { OutputFile } from './output-files.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Past this a file is sent as it is: compressing it on a request would hold that answer back too long. */
const maxInputBytes = 16 * 1024 * 1024;

/**
 * Brotli and gzip bodies made on request for files the build wrote no sibling for (the config's
 * `precompress` is off by default), as hosts that compress on the fly do. Made on libuv's threads
 * at a fast quality, kept in memory by the file's real path and checked against its inode, size
 * and time, so a page rewritten in watch mode is compressed again; the least recently used go
 * first when the total passes its bound.
 */
export class CompressedBodies {
  private readonly entries = new Map<string, { identity: string; body: Promise<Buffer> ; size: number }>();
  private total = 0;

  constructor(private readonly maxTotalBytes = 32 * 1024 * 1024) {}

  /** Whether a file of this size can be compressed on request. */
  static accepts(file: OutputFile): boolean {
    return file.size <= maxInputBytes;
  }

  /** The file compressed with `encoding`; `bytes` are its contents when the caller has them. */
  get(file: OutputFile, encoding: 'br' | 'gzip', bytes: Buffer | undefined): Promise<Buffer> {
    const key = `${encoding}\u0000${file.file}`;
    const identity = `${file.ino}\u0000${file.size}\u0000${file.mtimeMs}`;
    const entry = this.entries.get(key);
    if (entry) {
      this.remove(key);
      // Most recently used last, so eviction takes the oldest first.
      if (entry.identity === identity) return this.keep(key, entry);
    }
    const input = bytes ?? fs.readFileSync(file.file);
    const options = encoding === 'br' ? { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } } : { level: 5 };
    const body = encoding === 'br' ? brotli(input, options) : gzip(input, options);
    const made = { identity, body, size: input.length };
    // A failed compression is not remembered: the next request tries again.
    body.then(
      (compressed) => {
        if (this.entries.get(key) !== made) return;
        this.total += compressed.length - made.size;
        made.size = compressed.length;
      },
      () => {
        if (this.entries.get(key) === made) this.remove(key);
      },
    );
    return this.keep(key, made);
  }

  private keep(key: string, entry: { identity: string; body: Promise<Buffer>; size: number }): Promise<Buffer> {
    this.entries.set(key, entry);
    this.total += entry.size;
    for (const [oldest] of this.entries) {
      if (this.total <= this.maxTotalBytes || oldest === key) break;
      this.remove(oldest);
    }
    return entry.body;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}
