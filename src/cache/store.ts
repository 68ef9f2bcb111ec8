import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import zlib from 'node:zlib';
import { writeFileAtomically } from '../util/write-atomically.ts';

/**
 * Artefacts named by the hash of their inputs (content-addressed): an entry is reused only when
 * every input is the same, so a hit can never be stale. A store is one file, read on first use
 * and written again only after a successful build that changed it, keeping just the entries that
 * build used: creating a file costs more than writing its bytes on the disks builds run on
 * (about 0.6 ms each on this project's CI machines), and a site has thousands of artefacts.
 *
 * Each entry is sealed to its key (a hash of the key and the entry's bytes, checked on every
 * read): an entry moved under another key, or edited without the seal, is a miss. So a store that
 * is well formed but wrong (one page's entry naming another page's files, all valid blobs) is
 * made again rather than published. The seal is no secret: whoever can write the cache can write
 * the sources too; it stops accidents and hand edits, not someone set on forging.
 */
export class ArtefactStore<T> {
  private entries?: Map<string, Uint8Array>;
  private readonly used = new Set<string>();
  private changed = false;
  hits = 0;
  misses = 0;

  /** `compress`: entries are deflated (HTML shrinks to a fifth; already compressed data does not). */
  constructor(
    readonly file: string,
    private readonly compress = true,
  ) {}

  /** The entry of `key`, if there is one and `isValid` (a check of what the key cannot hold, such as files read) accepts it. */
  get(key: string, isValid: (value: T) => boolean = () => true): T | undefined {
    const stored = this.load().get(key);
    const payload = stored && unsealed(key, stored);
    let value: T | undefined;
    if (payload) {
      try {
        value = v8.deserialize(this.compress ? zlib.inflateRawSync(payload) : payload) as T;
      } catch {
        // A damaged entry is made again.
      }
    }
    if (value !== undefined && !isValid(value)) value = undefined;
    if (value === undefined) this.misses++;
    else {
      this.hits++;
      this.used.add(key);
    }
    return value;
  }

  /** Whether an entry is stored under `key`, read or not (only `get` tells whether it is still good); counts as neither hit nor miss. */
  has(key: string): boolean {
    return this.load().has(key);
  }

  set(key: string, value: T): void {
    const serialized = v8.serialize(value);
    this.load().set(key, sealed(key, this.compress ? zlib.deflateRawSync(serialized, { level: 1 }) : serialized));
    this.used.add(key);
    this.changed = true;
  }

  /** Writes the entries this build read or wrote, and only those, if anything changed. */
  save(): void {
    const entries = this.load();
    const unused = [...entries.keys()].filter((key) => !this.used.has(key));
    if (!this.changed && unused.length === 0) return;
    for (const key of unused) entries.delete(key);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    // A killed build never leaves half a store.
    writeFileAtomically(this.file, v8.serialize(entries));
    this.changed = false;
  }

  private load(): Map<string, Uint8Array> {
    if (!this.entries) {
      try {
        const stored: unknown = v8.deserialize(fs.readFileSync(this.file));
        // Anything but a map of byte arrays (a file of another shape, from elsewhere) holds nothing reusable.
        this.entries = isEntryMap(stored) ? stored : new Map();
      } catch {
        // Missing, damaged or not a file: an empty store (a cold build).
        this.entries = new Map();
      }
    }
    return this.entries;
  }
}

function isEntryMap(value: unknown): value is Map<string, Uint8Array> {
  if (!(value instanceof Map)) return false;
  for (const [key, entry] of value) if (typeof key !== 'string' || !(entry instanceof Uint8Array)) return false;
  return true;
}

/** Bytes of the seal that starts every entry. */
const sealLength = 16;

function sealOf(key: string, payload: Uint8Array): Buffer {
  return createHash('sha256').update(key).update('\u0000').update(payload).digest().subarray(0, sealLength);
}

/** The entry for `key`: its seal, then `payload`. */
function sealed(key: string, payload: Uint8Array): Buffer {
  return Buffer.concat([sealOf(key, payload), payload]);
}

/** The payload of `entry` when its seal is the one of `key` and those bytes; else undefined. */
function unsealed(key: string, entry: Uint8Array): Uint8Array | undefined {
  if (entry.byteLength < sealLength) return undefined;
  const payload = entry.subarray(sealLength);
  return sealOf(key, payload).equals(entry.subarray(0, sealLength)) ? payload : undefined;
}
