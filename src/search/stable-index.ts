import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { decode, encode } from 'cborg';

// Pagefind 1.5 builds its filter indexes, and the metadata file that lists them, from hash maps:
// the order of filter values and filters, and so the files' content-hashed names, change from
// run to run for the same pages (its maintainers say so on issue #638, fixed for fragments only).
// Sorting both here makes the same input give the same files, which static hosts and our
// determinism test rely on. The files are gzip over "pagefind_dcd" + CBOR.

const signature = Buffer.from('pagefind_dcd');

type FilterIndex = [name: string, values: [value: string, pages: number[]][]];
type MetaFilter = [name: string, hash: string];
const metaFiltersField = 3; // MetaIndex: version, pages, index chunks, filters, sorts

/** Returns the index files with filter values and filters in a stable order, under names that follow their content. */
export function stabilizeIndex(files: Map<string, Uint8Array>): Map<string, Uint8Array> {
  const entryFile = 'pagefind/pagefind-entry.json';
  const entryBytes = files.get(entryFile);
  if (!entryBytes) return files;
  const result = new Map(files);
  const entry = JSON.parse(Buffer.from(entryBytes).toString('utf8')) as { languages: Record<string, { hash: string }> };
  for (const language of Object.values(entry.languages)) {
    const metaFile = `pagefind/pagefind.${language.hash}.pf_meta`;
    const meta = readPagefindFile(result, metaFile) as unknown[];
    const filters = meta[metaFiltersField] as MetaFilter[] | undefined;
    if (!Array.isArray(filters) || filters.length === 0) continue;
    const prefix = language.hash.split('_')[0];
    meta[metaFiltersField] = filters
      .map(([name, hash]): MetaFilter => {
        const filterFile = `pagefind/filter/${hash}.pf_filter`;
        const [filterName, values] = readPagefindFile(result, filterFile) as FilterIndex;
        values.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const bytes = writePagefindFile([filterName, values]);
        const stableHash = `${prefix}_${contentHash(bytes, 7)}`;
        result.delete(filterFile);
        result.set(`pagefind/filter/${stableHash}.pf_filter`, bytes);
        return [name, stableHash];
      })
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const bytes = writePagefindFile(meta);
    const stableHash = `${prefix}_${contentHash(bytes, 10)}`;
    result.delete(metaFile);
    result.set(`pagefind/pagefind.${stableHash}.pf_meta`, bytes);
    language.hash = stableHash;
  }
  result.set(entryFile, new TextEncoder().encode(JSON.stringify(entry)));
  return result;
}

function readPagefindFile(files: Map<string, Uint8Array>, file: string): unknown {
  const compressed = files.get(file);
  if (!compressed) throw new Error(`search index: Pagefind did not write ${file}`);
  const data = zlib.gunzipSync(compressed);
  if (!data.subarray(0, signature.length).equals(signature)) throw new Error(`search index: ${file} is not in the format of Pagefind 1.5`);
  return decode(data.subarray(signature.length), { useMaps: false });
}

function writePagefindFile(value: unknown): Uint8Array {
  return zlib.gzipSync(Buffer.concat([signature, encode(value)]), { level: 9 });
}

function contentHash(bytes: Uint8Array, length: number): string {
  return crypto.createHash('sha256').update(bytes).digest('hex').slice(0, length);
}
