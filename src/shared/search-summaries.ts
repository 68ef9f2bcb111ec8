// Where the page summaries are published, seen by the build (which writes them) and the search
// dialog (which reads them). Nothing here may import from either side.
//
// Pagefind ranks pages from its index alone, but what a hit shows (title, area, breadcrumb)
// lives in the page's fragment, 1-17 KB each. A summary is that part alone, a row of a few
// dozen bytes, so the dialog can list the pages a query finds at every keystroke and load the
// fragments (excerpts, sections) of the ones on screen once typing pauses.
//
// Summaries are sharded by the first hex digits of Pagefind's page id (a content hash, so the
// shards fill evenly): a query asks for the shards of its first hits only.

/** Says how shards are named. Fixed name; the shards' names change with their contents. */
export const summaryManifestUrl = '/pagefind/summaries.json';

export interface SummaryManifest {
  /** Hex digits of the page id that pick a shard. */
  keyLength: number;
  /** A hash of every shard, part of their names: a cached shard of an older build is not used. */
  version: string;
}

/** url, title, area, breadcrumb, kind: the last three left out when empty. */
export type SummaryRow = [url: string, title: string, area?: string, breadcrumb?: string, kind?: string];

/** A shard: Pagefind page id -> row. */
export type SummaryShard = Record<string, SummaryRow>;

/** The shard a page id ("en_3fa09c1") is in. */
export function summaryShardOf(id: string, keyLength: number): string {
  return id.slice(id.indexOf('_') + 1).slice(0, keyLength);
}

export function summaryShardUrl(manifest: SummaryManifest, key: string): string {
  return `/pagefind/summaries/${key}.${manifest.version}.json`;
}
