// A page's fragment is the one file of Pagefind's output the build reads: the summaries need
// which page id (the fragment's name) is which page. Its JSON is the object Pagefind's search
// API returns from `result.data()` (url, meta, …); on disk it is gzip("pagefind_dcd" + JSON).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FragmentSummaryFields } from '../shared/search-summaries.ts';

const signature = new TextEncoder().encode('pagefind_dcd');
const gunzip = promisify(zlib.gunzip);

/** The fragment's JSON (`name`: its path, for the message when it is not one). */
export async function readFragment(file: Uint8Array, name: string): Promise<FragmentSummaryFields> {
  const raw = await gunzip(file).catch(() => undefined);
  if (!raw || !signature.every((byte, index) => raw[index] === byte)) throw new Error(`search index: ${name} is not a Pagefind fragment`);
  return JSON.parse(new TextDecoder().decode(raw.subarray(signature.length))) as FragmentSummaryFields;
}
