import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { ExtractedLinks } from './extract.ts';
import { writeFileAtomically } from '../util/write-atomically.ts';

/**
 * What `check-links` read out of each built file last time (its hrefs and ids), kept by the
 * file's identity (inode, size, modification time) so an unchanged file is not read and scanned
 * again. A build writes a new file for every page it changes (a new blob or a rename), and an edit
 * in place changes the time, so a stale entry is never used. Strings are kept once in a table: the
 * navbar's and footer's links are on every page.
 */
interface StoredScans {
  /** The portal code that scanned them: a changed scanner starts afresh. */
  scanner: string;
  outDir: string;
  strings: string[];
  files: Record<string, { identity: string; hrefs: number[]; ids: number[]; brokenMarkdown?: number[] }>;
}

export class ScanCache {
  private readonly stored: StoredScans;
  private readonly scanner: string;
  private readonly outDir: string;
  private readonly seen = new Map<string, { identity: string; links: ExtractedLinks }>();
  private changed = false;

  constructor(
    private readonly file: string,
    outDir: string,
    scanner: string,
  ) {
    let stored: StoredScans | undefined;
    try {
      stored = v8.deserialize(fs.readFileSync(file)) as StoredScans;
    } catch {
      // Missing or damaged: every file is scanned.
    }
    this.scanner = scanner;
    this.outDir = outDir;
    this.stored = stored?.scanner === scanner && stored.outDir === outDir ? stored : { scanner, outDir, strings: [], files: {} };
  }

  /** The scan of `relative` if the file is the one scanned last time; else `scan` it now. */
  scanOf(relative: string, absolute: string, scan: () => ExtractedLinks): ExtractedLinks {
    const stats = fs.statSync(absolute);
    // Not the change time: linking a blob into a new output changes it, and would make every
    // build look like a change to every file.
    const identity = `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
    const known = this.stored.files[relative];
    let links: ExtractedLinks;
    if (known?.identity === identity) {
      const { strings } = this.stored;
      links = { hrefs: known.hrefs.map((index) => strings[index]), ids: new Set(known.ids.map((index) => strings[index])) };
      if (known.brokenMarkdown) links.brokenMarkdown = known.brokenMarkdown.map((index) => strings[index]);
    } else {
      links = scan();
      this.changed = true;
    }
    this.seen.set(relative, { identity, links });
    return links;
  }

  /** Writes this run's scans, only when a file was scanned anew or one is gone. */
  save(): void {
    if (!this.changed && this.seen.size === Object.keys(this.stored.files).length) return;
    const next: StoredScans = { scanner: this.scanner, outDir: this.outDir, strings: [], files: {} };
    const indexOf = new Map<string, number>();
    const intern = (text: string) => {
      let index = indexOf.get(text);
      if (index === undefined) {
        index = next.strings.push(text) - 1;
        indexOf.set(text, index);
      }
      return index;
    };
    for (const [relative, { identity, links }] of this.seen) {
      next.files[relative] = { identity, hrefs: links.hrefs.map(intern), ids: [...links.ids].map(intern) };
      if (links.brokenMarkdown) next.files[relative].brokenMarkdown = links.brokenMarkdown.map(intern);
    }
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileAtomically(this.file, v8.serialize(next));
    } catch {
      // The cache only saves time; a read-only checkout still gets its report.
    }
  }
}
