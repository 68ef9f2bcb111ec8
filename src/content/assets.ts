import fs from 'node:fs';
import path from 'node:path';
import { sha256Hex } from '../util/sha256.ts';

/** Images referenced by content: each is published once under a content-hashed name. */
export class AssetRegistry {
  /** Public URL -> absolute source file. */
  readonly files = new Map<string, string>();
  private readonly urls = new Map<string, string>();

  /** The public URL of a local file, or undefined when it does not exist. */
  publish(absoluteFile: string): string | undefined {
    const known = this.urls.get(absoluteFile);
    if (known) return known;
    if (!fs.existsSync(absoluteFile) || !fs.statSync(absoluteFile).isFile()) return undefined;
    const hash = sha256Hex(fs.readFileSync(absoluteFile)).slice(0, 10);
    const extension = path.extname(absoluteFile);
    const url = `/assets/${path.basename(absoluteFile, extension)}.${hash}${extension}`;
    this.record(url, absoluteFile);
    return url;
  }

  /** The public URL a file was published under, if it was. */
  urlOf(absoluteFile: string): string | undefined {
    return this.urls.get(absoluteFile);
  }

  /** Takes a file another registry (a worker thread's) already published, without hashing it again. */
  record(url: string, absoluteFile: string): void {
    this.urls.set(absoluteFile, url);
    this.files.set(url, absoluteFile);
  }
}
