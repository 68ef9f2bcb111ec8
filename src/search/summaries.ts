import { type SummaryManifest, type SummaryRow, type SummaryShard, summaryManifestUrl, summaryShardOf, summaryShardUrl } from '../shared/search-summaries.ts';
import { sha256, unpackFragment } from './pagefind-files.ts';

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
 * The summary files for a Pagefind bundle (paths relative to the bundle folder, as in
 * `files`): the manifest and one shard per key that has pages.
 */
export async function summaryFiles(files: Map<string, Uint8Array>): Promise<Map<string, Uint8Array>> {
  const fragments = [...files].flatMap(([file, contents]) => {
    const id = fragmentId.exec(file)?.[1];
    return id ? [{ id, file, contents }] : [];
  });
  const keyLength = summaryKeyLength(fragments.length);
  const shards = new Map<string, SummaryShard>();
  // Sorted by id: the same pages give the same bytes.
  fragments.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = await Promise.all(fragments.map(async ({ file, contents }) => toRow(await unpackFragment(contents, file))));
  fragments.forEach(({ id }, index) => {
    const key = summaryShardOf(id, keyLength);
    if (!shards.has(key)) shards.set(key, {});
    shards.get(key)![id] = rows[index];
  });
  const texts = new Map([...shards].map(([key, shard]) => [key, JSON.stringify(shard)]));
  const version = sha256(new TextEncoder().encode([...texts].map(([key, text]) => `${key}\n${text}`).join('\n'))).slice(0, 10);
  const manifest: SummaryManifest = { keyLength, version };
  const encode = (text: string) => new TextEncoder().encode(text);
  const result = new Map([[summaryManifestUrl.replace(/^\/pagefind\//, ''), encode(JSON.stringify(manifest))]]);
  for (const [key, text] of texts) result.set(summaryShardUrl(manifest, key).replace(/^\/pagefind\//, ''), encode(text));
  return result;
}

function toRow(fragment: { url: string; meta: Record<string, string> }): SummaryRow {
  const url = fragment.url.replace(/\/$/, '') || '/';
  const row: SummaryRow = [url, fragment.meta.title ?? url, fragment.meta.area ?? '', fragment.meta.breadcrumb ?? '', fragment.meta.kind ?? ''];
  while (row.length > 2 && !row[row.length - 1]) row.pop();
  return row;
}
