import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically } from '../util/write-atomically.ts';
import { sha256Hex } from '../util/sha256.ts';

/** A file's name in the store: the hex SHA-256 of its bytes (the sibling cache keys by it too). */
export const contentHash = (contents: Uint8Array): string => sha256Hex(contents);

/**
 * The output's files by content, in the build cache: `dist/` is made of hard links to them. On
 * the disks builds run on, creating a file with data costs some 20 times what linking an existing
 * one does, so a warm build, where almost every file is as before, links instead of writing.
 *
 * A link shares its bytes: a blob changed in place (a built file edited in place, a disk error, a
 * cache restored half-way) changes the output linked to it. So a blob is never trusted: before a
 * build links it, it reads it and checks that its bytes hash to its name; one that does not is
 * removed and made again (its page rendered, its sibling compressed), never published, so an edit
 * lasts only until the next build. A blob is never rewritten in place either (a new one is
 * renamed over it), so an output already built keeps its bytes.
 *
 * Why links and not copies, which no edit could cross: on the real portal (~9,000 files, 68 MB)
 * checking every blob costs a warm build ~0.2 s of CPU (+11 %), while copying them (ext4: no
 * copy on write) made it 2 to 3 times slower, its system time from ~0.5 s to 1-6 s, as each build
 * writes the 68 MB again. Only the hash is checked: a blob's size and times prove nothing, since a
 * link changes the change time and any program may set the modification time back.
 */
export class BlobStore {
  /** Blobs this build used: kept by `prune`. */
  private readonly used = new Set<string>();
  /** Blobs this build wrote, or read and found to hash to their name. */
  private readonly sound = new Set<string>();
  private readonly folders = new Set<string>();
  /** Falls back to copies when the output and the cache are on different file systems. */
  private linking = true;

  constructor(readonly folder: string) {}

  /** Puts `contents` at `target` (a new path), from the store when it holds the same bytes intact; returns their hash. */
  place(contents: Uint8Array, target: string): string {
    const hash = contentHash(contents);
    if (!this.sound.has(hash) && !this.holdsIntact(hash)) this.store(hash, contents);
    this.used.add(hash);
    this.linkOrCopy(this.pathOf(hash), target);
    return hash;
  }

  /** Whether the store holds the blob `hash` intact (from an earlier build or this one); a damaged blob is removed. */
  has(hash: string): boolean {
    return this.sound.has(hash) || (this.stored().has(hash) && this.holdsIntact(hash));
  }

  /** Puts the stored blob `hash` at `target`, once checked; false when the store does not hold it intact. */
  link(hash: string, target: string): boolean {
    if (!this.has(hash)) return false;
    this.used.add(hash);
    this.linkOrCopy(this.pathOf(hash), target);
    return true;
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
    const intact = fileHash(file) === hash;
    if (intact) this.sound.add(hash);
    else {
      fs.rmSync(file, { force: true });
      this.stored().delete(hash);
    }
    return intact;
  }

  private store(hash: string, contents: Uint8Array): void {
    const blob = this.pathOf(hash);
    const shard = path.dirname(blob);
    if (!this.folders.has(shard)) {
      fs.mkdirSync(shard, { recursive: true });
      this.folders.add(shard);
    }
    // A blob is whole or absent, and a file linked to the old one keeps it.
    writeFileAtomically(blob, contents);
    this.stored().add(hash);
    this.sound.add(hash);
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
    fs.copyFileSync(blob, target, fs.constants.COPYFILE_FICLONE);
  }

  private known?: Set<string>;

  /** The blobs the store holds, listed once when the build begins (a look-up per file costs more). */
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

/** Read through one buffer: a warm build checks every blob, and a buffer per file would only feed the garbage collector. */
const chunk = Buffer.alloc(1 << 20);

/** The content hash of a file's bytes (as `contentHash`), or undefined when it cannot be read. */
function fileHash(file: string): string | undefined {
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
  } finally {
    fs.closeSync(descriptor);
  }
}
