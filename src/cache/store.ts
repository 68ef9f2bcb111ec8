import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * A folder of artefacts named by the hash of their inputs (content-addressed): an entry is
 * reused only when every input is the same, so a hit can never be stale. Each entry is its own
 * file, so a build that changed one page writes one entry; `prune` removes what the last
 * successful build did not use, so the folder does not grow forever.
 */
export class ArtefactStore<T> {
  private readonly used = new Set<string>();
  hits = 0;
  misses = 0;

  constructor(readonly folder: string) {}

  /** The entry of `key`, if there is one and `isValid` (a check of what the key cannot hold, such as files read) accepts it. */
  get(key: string, isValid: (value: T) => boolean = () => true): T | undefined {
    const file = this.fileOf(key);
    let value: T | undefined;
    try {
      value = v8.deserialize(fs.readFileSync(file)) as T;
    } catch {
      // Missing, or damaged by an interrupted write elsewhere: made again.
    }
    if (value !== undefined && !isValid(value)) value = undefined;
    if (value === undefined) this.misses++;
    else {
      this.hits++;
      this.used.add(key);
    }
    return value;
  }

  set(key: string, value: T): void {
    const file = this.fileOf(key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a killed build never leaves half an entry.
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, v8.serialize(value));
    fs.renameSync(partial, file);
    this.used.add(key);
  }

  /** Removes every entry this build neither read nor wrote. */
  prune(): void {
    if (!fs.existsSync(this.folder)) return;
    for (const shard of fs.readdirSync(this.folder)) {
      const shardFolder = path.join(this.folder, shard);
      for (const name of fs.readdirSync(shardFolder)) {
        if (!this.used.has(`${shard}${name}`)) fs.rmSync(path.join(shardFolder, name), { force: true });
      }
    }
  }

  private fileOf(key: string): string {
    // Two hex digits of shard: no folder holds more than a few hundred entries on large sites.
    return path.join(this.folder, key.slice(0, 2), key.slice(2));
  }
}
