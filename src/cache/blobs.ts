import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sha256Hex } from '../util/sha256.ts';
import { clearForCacheFolder } from './cache-folder.ts';
import type { VerifiedFiles } from './verified-files.ts';

/** A file's name in the store: the hex SHA-256 of its bytes (the sibling cache keys by it too). */
export const contentHash = (contents: Uint8Array): string => sha256Hex(contents);

/**
 * The output's files by content, in the build cache: a warm build, where almost every file is as
 * before, copies a file from here instead of rendering (or compressing) it again. Each file in
 * `dist/` is a copy of its own (a reflink where the file system shares blocks on write, a plain
 * copy elsewhere), never a link: editing, truncating or replacing a built file changes that file
 * alone, never the cache nor the next build.
 *
 * A blob is still never trusted: the cache can be damaged by itself (a disk error, a cache
 * restored half-way, a hand in `.portal-cache/`). Before a build reuses a blob, it checks that its
 * bytes hash to its name; one that does not is removed and made again (its page rendered, its
 * sibling compressed), never published. A blob is read for that only when its identity (inode,
 * size, times, change time included: see verified-files.ts) is not the one recorded when a build
 * wrote or last checked it; its modification time alone proves nothing, since any program may set
 * it back. A blob is written only where none is, or where a damaged one was just removed.
 */
export class BlobStore {
  /** Blobs this build used: kept by `prune`. */
  private readonly used = new Set<string>();
  /** Blobs this build wrote, or read and found to hash to their name. */
  private readonly sound = new Set<string>();
  private readonly folders = new Set<string>();

  constructor(
    readonly folder: string,
    /** Each blob's identity when it was written or last found intact: an unchanged one is not read again. */
    private readonly checks?: VerifiedFiles,
  ) {}

  /** Keeps `contents` in the store for later builds (written unless held intact already); returns their hash. */
  keep(contents: Uint8Array): string {
    const hash = contentHash(contents);
    if (!this.sound.has(hash) && !this.holdsIntact(hash)) this.store(hash, contents);
    this.used.add(hash);
    return hash;
  }

  /** Whether the store holds the blob `hash` intact (from an earlier build or this one); a damaged blob is removed. */
  has(hash: string): boolean {
    return this.sound.has(hash) || (this.stored().has(hash) && this.holdsIntact(hash));
  }

  /** Keeps the stored blob `hash` for later builds, once checked; false when the store does not hold it intact. */
  use(hash: string): boolean {
    if (!this.has(hash)) return false;
    this.used.add(hash);
    return true;
  }

  /** Copies the stored blob `hash` (checked by `use`) to `target`. */
  copyTo(hash: string, target: string): void {
    fs.copyFileSync(this.pathOf(hash), target, fs.constants.COPYFILE_FICLONE);
  }

  /** The bytes of the stored blob `hash`, checked against it. */
  read(hash: string): Buffer {
    const bytes = fs.readFileSync(this.pathOf(hash));
    if (contentHash(bytes) !== hash) throw new Error(`build cache: the blob ${this.pathOf(hash)} changed during the build; build again`);
    return bytes;
  }

  /** Whether the stored blob `hash` still hashes to its name; one that does not is removed, so it counts as missing. */
  private holdsIntact(hash: string): boolean {
    if (!this.stored().has(hash)) return false;
    const file = this.pathOf(hash);
    if (this.checks?.vouches(hash, file, hash)) {
      this.sound.add(hash);
      return true;
    }
    const intact = fileHash(file) === hash;
    if (intact) {
      this.sound.add(hash);
      this.checks?.record(hash, file, hash);
    } else {
      this.checks?.forget(hash);
      // Recursive: a folder of that name (a damaged cache) is in the way of the blob too.
      fs.rmSync(file, { recursive: true, force: true });
      this.stored().delete(hash);
    }
    return intact;
  }

  private store(hash: string, contents: Uint8Array): void {
    const blob = this.pathOf(hash);
    const shard = path.dirname(blob);
    if (!this.folders.has(shard)) {
      clearForCacheFolder(this.folder);
      clearForCacheFolder(shard);
      fs.mkdirSync(shard, { recursive: true });
      this.folders.add(shard);
    }
    // Written in place, not through a temporary file and a rename (a third of the cost of a cold
    // build's writes): a blob cut short by a killed build does not hash to its name, so the next
    // build removes it and makes its file again (see `holdsIntact`).
    fs.writeFileSync(blob, contents);
    this.checks?.record(hash, blob, hash);
    this.stored().add(hash);
    this.sound.add(hash);
  }

  private pathOf(hash: string): string {
    return path.join(this.folder, hash.slice(0, 2), hash.slice(2));
  }

  private known?: Set<string>;

  /** The blobs the store holds, listed once when the build begins (a look-up per file costs more). */
  private stored(): Set<string> {
    if (!this.known) {
      this.known = new Set();
      for (const shard of this.shards()) {
        for (const name of fs.readdirSync(path.join(this.folder, shard))) if (!name.endsWith('.tmp')) this.known.add(`${shard}${name}`);
      }
    }
    return this.known;
  }

  /**
   * The store's shard folders. Anything else (the store's folder a file, a file among the
   * shards: a damaged cache) holds no blob, and is cleared when a blob is stored there.
   */
  private shards(): string[] {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(this.folder, { withFileTypes: true });
    } catch {
      return []; // missing, or not a folder
    }
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  }

  /**
   * After a successful build: removes the blobs it did not use, from the list made when it began
   * (plus those it stored) rather than by listing every shard again.
   */
  prune(): void {
    for (const hash of this.stored()) {
      if (!this.used.has(hash)) fs.rmSync(this.pathOf(hash), { force: true });
    }
  }
}

/** Read through one buffer: a warm build checks every blob, and a buffer per file would only feed the garbage collector. */
const chunk = Buffer.alloc(1 << 20);

/** The content hash of a file's bytes (as `contentHash`), or undefined when it cannot be read. */
export function fileHash(file: string): string | undefined {
  let descriptor: number;
  try {
    descriptor = fs.openSync(file, 'r');
  } catch {
    return undefined; // gone since the store was listed
  }
  try {
    const hash = crypto.createHash('sha256');
    for (let read; (read = fs.readSync(descriptor, chunk, 0, chunk.length, null)) > 0; ) hash.update(chunk.subarray(0, read));
    return hash.digest('hex');
  } catch {
    return undefined; // a folder (EISDIR) or unreadable: no blob
  } finally {
    fs.closeSync(descriptor);
  }
}
