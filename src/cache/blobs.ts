import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A file's name in the store: the hex SHA-256 of its bytes (the sibling cache keys by it too). */
export const contentHash = (contents: Uint8Array): string => crypto.createHash('sha256').update(contents).digest('hex');

/**
 * The output's files by content, in the build cache: `dist/` is made of hard links to them. On
 * the disks builds run on, creating a file with data costs some 20 times what linking an existing
 * one does, so a warm build, where almost every file is as before, links instead of writing.
 * A blob is never changed in place (a new content is a new blob), and the output is written by
 * rename, so nothing portal does can alter a blob through a link. (Edit built files by copying
 * them, not in place: in place would edit the blob too.)
 */
export class BlobStore {
  private readonly used = new Set<string>();
  private readonly folders = new Set<string>();
  /** Falls back to copies when the output and the cache are on different file systems. */
  private linking = true;

  constructor(readonly folder: string) {}

  /** Puts `contents` at `target` (a new path), from the store when it holds the same bytes; returns their hash. */
  place(contents: Uint8Array, target: string): string {
    const hash = contentHash(contents);
    const blob = this.pathOf(hash);
    if (!this.has(hash)) {
      const shard = path.dirname(blob);
      if (!this.folders.has(shard)) {
        fs.mkdirSync(shard, { recursive: true });
        this.folders.add(shard);
      }
      // Written beside, then renamed: a blob is whole or absent.
      const partial = `${blob}.${process.pid}.tmp`;
      fs.writeFileSync(partial, contents);
      fs.renameSync(partial, blob);
    }
    this.used.add(hash);
    this.linkOrCopy(blob, target);
    return hash;
  }

  /** Whether the store holds the blob `hash` (from an earlier build or this one). */
  has(hash: string): boolean {
    return this.used.has(hash) || this.stored().has(hash);
  }

  /** Puts the stored blob `hash` at `target` without reading it; false when the store does not hold it. */
  link(hash: string, target: string): boolean {
    if (!this.has(hash)) return false;
    this.used.add(hash);
    this.linkOrCopy(this.pathOf(hash), target);
    return true;
  }

  /** The bytes of the stored blob `hash`. */
  read(hash: string): Buffer {
    return fs.readFileSync(this.pathOf(hash));
  }

  private pathOf(hash: string): string {
    return path.join(this.folder, hash.slice(0, 2), hash.slice(2));
  }

  private linkOrCopy(blob: string, target: string): void {
    if (this.linking) {
      try {
        fs.linkSync(blob, target);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        this.linking = false;
      }
    }
    fs.copyFileSync(blob, target);
  }

  private known?: Set<string>;

  /** The blobs the store held when the build began, listed once (a look-up per file costs more). */
  private stored(): Set<string> {
    if (!this.known) {
      this.known = new Set();
      if (fs.existsSync(this.folder)) {
        for (const shard of fs.readdirSync(this.folder)) {
          for (const name of fs.readdirSync(path.join(this.folder, shard))) if (!name.endsWith('.tmp')) this.known.add(`${shard}${name}`);
        }
      }
    }
    return this.known;
  }

  /** After a successful build: removes the blobs it did not use. */
  prune(): void {
    if (!fs.existsSync(this.folder)) return;
    for (const shard of fs.readdirSync(this.folder)) {
      for (const name of fs.readdirSync(path.join(this.folder, shard))) {
        if (!this.used.has(`${shard}${name}`)) fs.rmSync(path.join(this.folder, shard, name), { force: true });
      }
    }
  }
}
