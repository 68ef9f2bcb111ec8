import fs from 'node:fs';
import path from 'node:path';
import type { CompressedSiblings } from './precompress.ts';
import type { ArtefactStore } from '../cache/store.ts';
import type { BlobStore } from '../cache/blobs.ts';
import type { VerifiedFiles } from '../cache/verified-files.ts';
import { EarlierOutput } from './earlier-output.ts';
import { GuardedFolder } from './inside-folder.ts';
import { assertReplaceableOutput } from './output-folder.ts';
import { outputFault, swapFault } from './output-faults.ts';
import { isCompressible, Precompressor } from './precompress.ts';
import { recoverInterruptedSwap, removeInBackground } from './recover.ts';
import { markPreviousOutput, markSwapFolder, swapFolder, swapStamp, unmarkPreviousOutput, unmarkSwapFolder } from './swap-folders.ts';

/**
 * Writes a whole site into a fresh folder beside the output, then swaps it in, so a failed or
 * killed build never leaves a half-written `dist/`. A swap interrupted between its two renames
 * is repaired by the next call.
 */
export class AtomicOutput {
  readonly staging: string;
  private readonly previous: string;
  /** This build's swap stamp: the name and marker of its folders beside the output. */
  private readonly stamp: string;
  private abandoned = false;
  /** Writes the Brotli and gzip siblings of what is written, off the main thread; unset when the config's `precompress` is off. */
  readonly compression: Precompressor | undefined;
  constructor(
    readonly outDir: string,
    /** Siblings kept from earlier builds (the build cache), written rather than compressed again. */
    compressed?: ArtefactStore<CompressedSiblings>,
    /** The build cache's files by content: each output file is written or copied from there (see blobs.ts). */
    private readonly blobs?: BlobStore,
    /** Copied source files' blob hashes by the file's identity, so an unchanged file is not read again. */
    private readonly copies?: ArtefactStore<string>,
    /** Whether to write `.br` and `.gz` siblings (for hosts that serve precompressed files). */
    precompress = false,
    /**
     * The output's files with their identities, as the last build left them and as this one
     * leaves them (see verified-files.ts): an unchanged file is linked from the old output
     * without reading it. Saved by the caller once the new output is in place.
     */
    private readonly verified?: VerifiedFiles,
  ) {
    this.compression = precompress
      ? new Precompressor(
          (relativePath, contents) => this.writeFile(relativePath, contents),
          blobs && { has: (hash) => blobs.has(hash), copy: (relativePath, hash) => this.copyKnown(relativePath, hash) },
          compressed,
        )
      : undefined;
    AtomicOutput.recover(outDir);
    // The swap deletes what is at `outDir` now: only an earlier output (or nothing) may be there.
    assertReplaceableOutput(outDir);
    this.stamp = swapStamp();
    this.staging = swapFolder(outDir, 'staging', this.stamp);
    this.previous = swapFolder(outDir, 'previous', this.stamp);
    try {
      fs.mkdirSync(this.staging, { recursive: true });
      // Recovery deletes an abandoned staging folder only with this in it (see swap-folders.ts).
      markSwapFolder(this.staging, outDir, this.stamp);
    } catch (error) {
      throw outputFault(error, outDir) ?? error;
    }
    this.folder = new GuardedFolder(this.staging);
    this.earlier = new EarlierOutput(outDir, verified);
  }

  /** The output this build replaces: its unchanged files are linked, not copied (see earlier-output.ts). */
  private readonly earlier: EarlierOutput;

  /** Every file of the build is placed through it, so none lands outside the staging folder. */
  private readonly folder: GuardedFolder;

  /** Writes a file and its compressed siblings; returns its hash in the blob store, if the output is made of blobs. */
  write(relativePath: string, contents: string | Uint8Array): string | undefined {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    const hash = this.writeFile(relativePath, bytes);
    this.compression?.add(relativePath, bytes, hash);
    return hash;
  }

  /** Whether `writeKnown` can put each of these blobs in place: each is read and checked against its hash (see blobs.ts). */
  holds(...hashes: string[]): boolean {
    return !!this.blobs && hashes.every((hash) => this.blobs!.has(hash));
  }

  /** Puts an earlier build's file (blob `hash`, checked by `holds`) and its siblings in place, without making them again. */
  writeKnown(relativePath: string, hash: string): void {
    this.copyKnown(relativePath, hash);
    this.compression?.addKnown(relativePath, hash, () => this.blobs!.read(hash));
  }

  copy(relativePath: string, source: string): void {
    if (this.blobs) {
      // Through the blob store: a copy of the source, never a link to it (an edit of the output
      // must not edit the sources). A file with the same identity as last time (inode, size and
      // times: an edit changes them, a rewrite by rename the inode) is its blob already.
      const stats = fs.statSync(source);
      const identity = `${path.resolve(source)}\u0000${stats.ino}\u0000${stats.size}\u0000${stats.mtimeMs}\u0000${stats.ctimeMs}`;
      const known = this.copies?.get(identity);
      if (known && this.holds(known)) return this.writeKnown(relativePath, known);
      const hash = this.write(relativePath, fs.readFileSync(source));
      if (hash) this.copies?.set(identity, hash);
      return;
    }
    fs.copyFileSync(source, this.fileToPlace(relativePath), fs.constants.COPYFILE_FICLONE);
    if (this.compression && isCompressible(relativePath, fs.statSync(source).size)) this.compression.add(relativePath, fs.readFileSync(source));
  }

  private writeFile(relativePath: string, contents: Uint8Array): string | undefined {
    // Siblings still being compressed when a failed build abandons its staging folder.
    if (this.abandoned) return undefined;
    const file = this.fileToPlace(relativePath);
    if (!this.blobs) {
      fs.writeFileSync(file, contents);
      return undefined;
    }
    const hash = this.blobs.keep(contents);
    // A file the last build wrote with these bytes, untouched since, is linked rather than written again.
    if (this.earlier.linkInto(relativePath, hash, file, false)) this.linked.set(relativePath, hash);
    else {
      fs.writeFileSync(file, contents);
      this.placedAs(relativePath, file, hash);
    }
    return hash;
  }

  /** Records a file this build wrote or copied, as it is now: the next build trusts it while it stays so. */
  private placedAs(relativePath: string, file: string, hash: string): void {
    this.linked.delete(relativePath);
    this.verified?.record(relativePath, file, hash);
  }

  /**
   * Files linked from the old output, by path, with their hash. Their identity is recorded only
   * after the swap, once the old name is gone: removing a name changes a file's change time.
   */
  private readonly linked = new Map<string, string>();

  private copyKnown(relativePath: string, hash: string): void {
    if (this.abandoned) return;
    if (!this.blobs!.use(hash)) throw new Error(`build cache: the blob of ${relativePath} is gone`);
    const file = this.fileToPlace(relativePath);
    if (this.earlier.linkInto(relativePath, hash, file)) this.linked.set(relativePath, hash);
    else {
      this.blobs!.copyTo(hash, file);
      this.placedAs(relativePath, file, hash);
    }
  }

  /** The staging path of `relativePath`, its folder made; a path written twice keeps the last contents. */
  private fileToPlace(relativePath: string): string {
    const file = this.folder.fileFor(relativePath);
    if (this.placed.has(file)) fs.rmSync(file, { force: true });
    this.placed.add(file);
    return file;
  }

  /** Files placed so far. */
  private readonly placed = new Set<string>();

  /** Waits for the compressed siblings: after it, the staging folder is the whole new site. */
  async finish(): Promise<void> {
    await this.compression?.finish();
  }

  /** Waits for the compressed siblings, then swaps the new site in. */
  async commit(): Promise<void> {
    await this.finish();
    const hadOutput = fs.existsSync(this.outDir);
    // Marked before it is set aside, so that a build killed between the two renames leaves an
    // output recovery knows as portal's and puts back.
    if (hadOutput) this.markPrevious();
    try {
      if (hadOutput) fs.renameSync(this.outDir, this.previous);
    } catch (error) {
      unmarkPreviousOutput(this.outDir, this.stamp);
      throw swapFault(error, this.outDir) ?? error;
    }
    try {
      fs.renameSync(this.staging, this.outDir);
    } catch (error) {
      // The last good site goes back where it was before this is reported.
      if (hadOutput) {
        fs.renameSync(this.previous, this.outDir);
        unmarkPreviousOutput(this.outDir, this.stamp);
      }
      throw swapFault(error, this.outDir) ?? error;
    }
    // The marker is the staging folder's, never part of the site.
    unmarkSwapFolder(this.outDir);
    if (hadOutput) {
      // Renamed first: a folder named "discarded" is never mistaken for an output to put back.
      // Hidden (a dot first): it lives only while the background deletion runs.
      const discarded = swapFolder(this.outDir, 'discarded', this.stamp);
      fs.renameSync(this.previous, discarded);
      unmarkPreviousOutput(this.outDir, this.stamp);
      this.recordLinked(discarded);
      removeInBackground(discarded);
    }
  }

  /**
   * Removes the old names of the files linked from the old output, then records each file as it
   * is left: the only name of its bytes, with the change time it keeps until someone touches it.
   * A name that cannot be removed leaves its file unrecorded (the next build reads it).
   */
  private recordLinked(discarded: string): void {
    if (!this.verified) return;
    for (const [relativePath, hash] of this.linked) {
      try {
        fs.unlinkSync(path.join(discarded, relativePath));
        this.verified.record(relativePath, path.join(this.outDir, relativePath), hash);
      } catch {
        this.verified.forget(relativePath);
      }
    }
  }

  /**
   * Marks the output about to be set aside as this swap's. An output portal cannot write into
   * (its own folder read-only) is set aside unmarked: a build killed mid-swap then leaves it
   * for the writer to rename back, rather than failing every build.
   */
  private markPrevious(): void {
    try {
      markPreviousOutput(this.outDir, this.stamp);
    } catch {
      // left unmarked, see above
    }
  }

  abandon(): void {
    this.abandoned = true;
    fs.rmSync(this.staging, { recursive: true, force: true });
  }

  /** Puts back an output left aside by an interrupted swap (see recover.ts). */
  static recover(outDir: string): void {
    recoverInterruptedSwap(outDir);
  }

}
