import fs from 'node:fs';
import type { OutputFile } from './output-files.ts';

/**
 * The bytes of small files, kept in memory so a page is sent with one write and no file system
 * call (a read stream costs an open, reads and a close on libuv's thread pool per request).
 * Entries are keyed by real path and checked against the file's inode, size and time, so a build
 * swapped in or a page rewritten in watch mode is never served stale; the least recently used go
 * first when the total passes its bound.
 */
export class FileBytes {
  private readonly entries = new Map<string, { ino: number; size: number; mtimeMs: number; bytes: Buffer }>();
  private total = 0;

  constructor(
    readonly maxFileBytes = 1024 * 1024,
    private readonly maxTotalBytes = 64 * 1024 * 1024,
  ) {}

  /** The file's bytes, or undefined when it is too large to keep in memory or cannot be read. */
  get(file: OutputFile): Buffer | undefined {
    if (file.size > this.maxFileBytes) return undefined;
    const entry = this.entries.get(file.file);
    if (entry && entry.ino === file.ino && entry.size === file.size && entry.mtimeMs === file.mtimeMs) {
      // Most recently used last, so eviction takes the oldest first.
      this.entries.delete(file.file);
      this.entries.set(file.file, entry);
      return entry.bytes;
    }
    if (entry) this.remove(file.file);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file.file);
    } catch {
      return undefined;
    }
    // Replaced between the lookup and the read (watch mode): sent as read, remembered at the next look.
    if (bytes.length !== file.size) return bytes;
    this.entries.set(file.file, { ino: file.ino, size: file.size, mtimeMs: file.mtimeMs, bytes });
    this.total += bytes.length;
    for (const [key] of this.entries) {
      if (this.total <= this.maxTotalBytes) break;
      this.remove(key);
    }
    return bytes;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes.length;
  }
}
