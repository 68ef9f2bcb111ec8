import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { portalRoot } from '../portal-root.ts';
import { sha256Hex } from '../util/sha256.ts';

/** A hex SHA-256 of the parts, each length-prefixed so ["ab", "c"] and ["a", "bc"] differ. */
export function keyOf(...parts: (string | Uint8Array | undefined)[]): string {
  const hash = crypto.createHash('sha256');
  for (const part of parts) {
    // A string is encoded once: measuring its UTF-8 length and hashing it would encode it twice,
    // and a page's key hashes its whole model (tens of KB a page, every page of a warm build).
    const value = typeof part === 'string' ? Buffer.from(part) : (part ?? Buffer.from('\u0000undefined'));
    hash.update(`${value.byteLength}:`);
    hash.update(value);
  }
  return hash.digest('hex');
}

/** A JSON text with object keys sorted, so the same value always hashes the same. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Map) return { '\u0000map': [...item].sort(([a], [b]) => (String(a) < String(b) ? -1 : 1)) };
    if (item instanceof Set) return { '\u0000set': [...item].map(String).sort() };
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      return Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return item;
  });
}

let generator: string | undefined;

/**
 * What the output depends on in portal itself: its sources and templates, and the exact
 * dependency versions (package-lock.json). Any change there makes every cached artefact stale,
 * which is the safe side: a cache entry is only ever reused by the very generator that made it.
 */
export function generatorFingerprint(): string {
  if (generator) return generator;
  const hash = crypto.createHash('sha256');
  const files: string[] = [];
  for (const folder of ['src', 'templates', 'bin']) {
    const absolute = path.join(portalRoot, folder);
    if (!fs.existsSync(absolute)) continue;
    for (const entry of fs.readdirSync(absolute, { recursive: true }).map(String)) {
      if (/\.(ts|tsx|mts|mjs|js|css|json)$/.test(entry)) files.push(path.join(folder, entry));
    }
  }
  files.push('package-lock.json', 'package.json');
  for (const file of files.sort()) {
    const absolute = path.join(portalRoot, file);
    if (!fs.existsSync(absolute) || !fs.statSync(absolute).isFile()) continue;
    hash.update(`${file}\u0000`);
    hash.update(fs.readFileSync(absolute));
  }
  generator = hash.digest('hex');
  return generator;
}

/** The content of a file an artefact was made from, or "absent": what decides whether it is still valid. */
export function fileFingerprint(file: string, memo?: Map<string, string>): string {
  const known = memo?.get(file);
  if (known) return known;
  let fingerprint = 'absent';
  try {
    const stat = fs.statSync(file);
    fingerprint = stat.isFile() ? sha256Hex(fs.readFileSync(file)) : `folder`;
  } catch {
    // Missing: "absent" is a fingerprint too (a page that linked a missing image must notice it appear).
  }
  memo?.set(file, fingerprint);
  return fingerprint;
}
