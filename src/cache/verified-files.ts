import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { writeFileAtomically } from '../util/write-atomically.ts';

/**
 * What a regular file is at this moment, in the terms the kernel keeps for it: device, inode,
 * link count, size, and modification and change times in nanoseconds. Writing a file changes
 * its change time (ctime), and so do a new or removed name, `chmod` and setting its times back
 * (which no program can set); replacing a file by rename or a symlink changes its inode or kind.
 * So a file whose identity is the one recorded when its bytes were known still holds those bytes.
 * Undefined for anything but a regular file (a symlink, a folder, nothing).
 */
export function fileIdentity(file: string): string | undefined {
  let stats: fs.BigIntStats | undefined;
  try {
    stats = fs.lstatSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined; // a file on the way
  }
  if (!stats?.isFile()) return undefined;
  return `${stats.dev}:${stats.ino}:${stats.nlink}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

/**
 * Files whose bytes a build knew (it wrote them, or read them and checked their hash), each with
 * its identity at that moment, kept in the cache between builds. A later build trusts a file
 * whose identity is still the recorded one without reading it again, and reads and hashes any
 * other, so the cost of a warm build's checks follows what changed, not the site's size. An entry
 * is a fact about one state of one inode, so a stale or damaged record can only cost a read: a
 * file changed since fails the identity and is read as if never recorded.
 */
export class VerifiedFiles {
  private recorded?: Map<string, string>;
  /** The entries this build recorded or found still true: the only ones `save` keeps. */
  private readonly kept = new Map<string, string>();

  constructor(readonly file: string) {}

  /** Whether `file` is, untouched, the file recorded under `key` as holding the bytes of `hash`. */
  vouches(key: string, file: string, hash: string): boolean {
    const entry = this.kept.get(key) ?? this.load().get(key);
    if (entry === undefined || entry !== `${hash} ${fileIdentity(file)}`) return false;
    this.kept.set(key, entry);
    return true;
  }

  /** Records that `file`, as it is now, holds the bytes of `hash` (the caller wrote or checked them). */
  record(key: string, file: string, hash: string): void {
    const identity = fileIdentity(file);
    if (identity) this.kept.set(key, `${hash} ${identity}`);
    else this.kept.delete(key);
  }

  forget(key: string): void {
    this.kept.delete(key);
  }

  /** Writes what this build recorded or confirmed (atomically: a killed build leaves the last record). */
  save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileAtomically(this.file, v8.serialize(this.kept));
  }

  private load(): Map<string, string> {
    if (!this.recorded) {
      try {
        const stored: unknown = v8.deserialize(fs.readFileSync(this.file));
        this.recorded = stored instanceof Map ? (stored as Map<string, string>) : new Map();
      } catch {
        this.recorded = new Map(); // missing or damaged: every file is read once
      }
    }
    return this.recorded;
  }
}
