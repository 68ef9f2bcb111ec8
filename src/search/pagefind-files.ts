// Pagefind's data files (metadata, word-index chunks, filters) are gzip("pagefind_dcd" + CBOR).
// The build rewrites some of them (smaller chunks, a stable order); these read and write them.
// (De)compression, most of the work, runs on libuv's threads, off the event loop: watch mode's
// server keeps answering meanwhile.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { decode, encode } from 'cborg';
import type { FragmentSummaryFields } from '../shared/search-summaries.ts';
import { sha256Hex } from '../util/sha256.ts';

/** What the CBOR in Pagefind's files holds: integers, text and arrays (structs are arrays). */
export type PagefindValue = number | string | PagefindValue[];

const signature = new TextEncoder().encode('pagefind_dcd');
const gunzip = promisify(zlib.gunzip);
const gzip = promisify(zlib.gzip);

/** The body of a Pagefind file: gunzipped, its signature checked and removed. */
async function unwrap(file: Uint8Array, name: string, kind: string): Promise<Uint8Array> {
  const raw = await gunzip(file);
  if (!signature.every((byte, index) => raw[index] === byte)) throw new Error(`search index: ${name} is not a Pagefind ${kind}`);
  return raw.subarray(signature.length);
}

export async function unpack(file: Uint8Array, name: string): Promise<PagefindValue> {
  return decode(await unwrap(file, name, 'data file')) as PagefindValue;
}

/** Files packed before, by the hash of their CBOR body (the build cache keeps them between builds). */
export interface PackedFiles {
  get(key: string): Uint8Array | undefined;
  set(key: string, file: Uint8Array): void;
}

/** A Pagefind data file of `value`; with `packed`, an unchanged body is not compressed again (gzip at level 9 is most of the cost). */
export async function pack(value: PagefindValue, packed?: PackedFiles): Promise<Uint8Array> {
  const body = encode(value);
  const key = packed && sha256(body);
  const known = key && packed.get(key);
  if (known) return known;
  const raw = new Uint8Array(signature.length + body.length);
  raw.set(signature);
  raw.set(body, signature.length);
  const file = new Uint8Array(await gzip(raw, { level: 9 }));
  if (key) packed.set(key, file);
  return file;
}

export const sha256 = sha256Hex;

/** `prefix_` and the first `length` hex digits of `hash`, longer while the name is taken. */
export function uniqueName(prefix: string, hash: string, length: number, taken: Set<string>): string {
  let name = `${prefix}_${hash.slice(0, length)}`;
  while (taken.has(name)) name = `${prefix}_${hash.slice(0, ++length)}`;
  taken.add(name);
  return name;
}

/**
 * Lets `edit` change each language's metadata file (and any other files in `result`), then
 * stores the metadata under a name from its new content hash (so a cached copy of the old one
 * is never used) and points pagefind-entry.json at it. Paths are relative to the bundle folder.
 */
export async function editMetadata(
  files: Map<string, Uint8Array>,
  edit: (meta: PagefindValue[], context: { metaPath: string; prefix: string; result: Map<string, Uint8Array> }) => Promise<void>,
): Promise<Map<string, Uint8Array>> {
  const entryFile = files.get('pagefind-entry.json');
  if (!entryFile) throw new Error('search index: Pagefind wrote no pagefind-entry.json');
  const entry = JSON.parse(new TextDecoder().decode(entryFile)) as { languages: Record<string, { hash: string }> };
  const result = new Map(files);
  for (const language of Object.values(entry.languages)) {
    const metaPath = `pagefind.${language.hash}.pf_meta`;
    const metaFile = result.get(metaPath);
    if (!metaFile) throw new Error(`search index: ${metaPath} is missing`);
    const meta = await unpack(metaFile, metaPath);
    if (!Array.isArray(meta)) throw new Error(`search index: ${metaPath} has an unknown layout`);
    const prefix = language.hash.replace(/_.*$/, '');
    await edit(meta, { metaPath, prefix, result });
    const packedMeta = await pack(meta);
    language.hash = `${prefix}_${sha256(packedMeta).slice(0, 10)}`;
    result.delete(metaPath);
    result.set(`pagefind.${language.hash}.pf_meta`, packedMeta);
  }
  result.set('pagefind-entry.json', new TextEncoder().encode(JSON.stringify(entry)));
  return result;
}

/** What a page's fragment holds that the build reads (Pagefind's JSON has more). */
export type PagefindFragment = FragmentSummaryFields;

/** A page's fragment: gzip("pagefind_dcd" + JSON), unlike the CBOR data files. */
export async function unpackFragment(file: Uint8Array, name: string): Promise<PagefindFragment> {
  return JSON.parse(new TextDecoder().decode(await unwrap(file, name, 'fragment'))) as PagefindFragment;
}
