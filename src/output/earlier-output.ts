import fs from 'node:fs';
import path from 'node:path';
import { fileHash } from '../cache/blobs.ts';
import type { VerifiedFiles } from '../cache/verified-files.ts';
import { resolveInside } from './inside-folder.ts';

/**
 * The output a build replaces, as a source of files that did not change. Copying every reused
 * file from the cache writes the whole site again on each build (on ext4, with no copy on write,
 * that made a warm build of this repository's site about 1.25 times slower); a file of the last
 * output that still holds the bytes wanted is linked into the new one instead. The link joins
 * two outputs, never an output and the cache, and the old output is deleted by the swap: what
 * is left in `dist/` is plain files, each the only name of its bytes.
 *
 * Whether a file still holds the bytes wanted is known without reading it when its identity is
 * the one the build that made it recorded (see verified-files.ts): a file edited in place, even
 * with its times set back, or replaced, has another. Any other file is read and hashed.
 */
export class EarlierOutput {
  private readonly root?: string;
  /** Folders of the old output by whether they really are inside it (no symlink on the way). */
  private readonly inside = new Map<string, boolean>();

  constructor(
    outDir: string,
    /** The old output's files as the build that made them recorded them, by path in the output. */
    private readonly verified?: VerifiedFiles,
  ) {
    try {
      this.root = fs.realpathSync(outDir);
    } catch {
      this.root = undefined; // no earlier output
    }
  }

  /**
   * Links the earlier output's `relativePath` to `target` when it holds exactly the bytes of
   * `hash` and has no other name (a file edited in place fails the check; one linked elsewhere,
   * as older builds linked outputs into the cache, is not shared further); false otherwise.
   * `readIfUnknown: false` gives up on a file whose identity was not recorded, rather than read
   * it (for a caller with the bytes at hand, for which writing them costs about what reading does).
   */
  linkInto(relativePath: string, hash: string, target: string, readIfUnknown = true): boolean {
    const file = this.root && resolveInside(this.root, relativePath);
    if (!file || !this.isInside(path.dirname(file))) return false;
    if (!this.verified?.vouches(relativePath, file, hash)) {
      if (!readIfUnknown) return false;
      const stats = fs.lstatSync(file, { throwIfNoEntry: false });
      if (!stats?.isFile() || stats.nlink !== 1 || fileHash(file) !== hash) return false;
    }
    try {
      fs.linkSync(file, target);
      return true;
    } catch {
      return false; // another file system, or gone since: the caller copies
    }
  }

  private isInside(folder: string): boolean {
    let known = this.inside.get(folder);
    if (known === undefined) {
      try {
        known = fs.realpathSync(folder) === folder;
      } catch {
        known = false;
      }
      this.inside.set(folder, known);
    }
    return known;
  }
}
