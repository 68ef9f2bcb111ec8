import { type SummaryManifest, type SummaryRow, type SummaryShard, summaryManifestUrl, summaryOfFragment, summaryShardOf, summaryShardUrl, toSummaryRow } from '../shared/search-summaries.ts';
import { sha256Hex } from '../util/sha256.ts';
import { readFragment } from './pagefind-fragment.ts';

// The page summaries the search dialog lists hits from while the reader types (see
// src/shared/search-summaries.ts), read back from the fragments Pagefind wrote.

/** Rows per shard, on average, that the key length aims at: a query's first hits cost a few hundred bytes each. */
const rowsPerShard = 8;

/** The fewest hex digits (at least one) that keep shards at `rowsPerShard` rows or fewer on average. */
export function summaryKeyLength(pages: number): number {
  let length = 1;
  while (pages / 16 ** length > rowsPerShard) length++;
  return length;
}

/** Pagefind's fragment path ("fragment/en_3fa09c1.pf_fragment") -> page id. */
const fragmentId = /^fragment\/([^/]+)\.pf_fragment$/;

/**
 * The summary row of each page of a Pagefind bundle (`files`: paths relative to the bundle
 * folder), by Pagefind's page id: read from the fragments, once per bundle Pagefind writes.
 */
export async function summaryRows(files: Map<string, Uint8Array>): Promise<Map<string, SummaryRow>> {
  const fragments = [...files].flatMap(([file, contents]) => {
    const id = fragmentId.exec(file)?.[1];
    return id ? [{ id, file, contents }] : [];
  });
  const rows = await Promise.all(fragments.map(async ({ file, contents }) => toSummaryRow(summaryOfFragment(await readFragment(contents, file)))));
  return new Map(fragments.map(({ id }, index) => [id, rows[index]]));
}

/** The summary files for the rows of every page (page id -> row), as paths under the output folder: the manifest and one shard per key that has pages. */
export function summaryFiles(rows: Map<string, SummaryRow>): Map<string, string> {
  // Sorted by id: the same pages give the same bytes.
  const ids = [...rows.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const keyLength = summaryKeyLength(ids.length);
  const shards = new Map<string, SummaryShard>();
  for (const id of ids) {
    const key = summaryShardOf(id, keyLength);
    if (!shards.has(key)) shards.set(key, {});
    shards.get(key)![id] = rows.get(id)!;
  }
  const texts = new Map([...shards].map(([key, shard]) => [key, JSON.stringify(shard)]));
  const version = sha256Hex(new TextEncoder().encode([...texts].map(([key, text]) => `${key}\n${text}`).join('\n'))).slice(0, 10);
  const manifest: SummaryManifest = { keyLength, version };
  const result = new Map([[summaryManifestUrl.slice(1), JSON.stringify(manifest)]]);
  for (const [key, text] of texts) result.set(summaryShardUrl(manifest, key).slice(1), text);
  return result;
}
