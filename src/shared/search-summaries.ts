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

/** What a search hit shows before its fragment (excerpts, sections) is loaded. */
export interface PageSummary {
  url: string;
  title: string;
  area?: string;
  breadcrumb?: string;
  kind?: string;
}

/** The part of a Pagefind fragment (as the build reads it, and as the engine returns it) a summary comes from. */
export interface FragmentSummaryFields {
  url: string;
  meta: Record<string, string>;
}

/** A page's summary from its fragment: the URL without Pagefind's trailing slash, the meta the index document set. */
export function summaryOfFragment({ url, meta }: FragmentSummaryFields): PageSummary {
  const route = url.replace(/\/$/, '') || '/';
  return { url: route, title: meta.title ?? route, area: meta.area, breadcrumb: meta.breadcrumb, kind: meta.kind };
}

/** url, title, area, breadcrumb, kind: the last three left out when empty. */
export type SummaryRow = [url: string, title: string, area?: string, breadcrumb?: string, kind?: string];

export function toSummaryRow({ url, title, area, breadcrumb, kind }: PageSummary): SummaryRow {
  const row: SummaryRow = [url, title, area ?? '', breadcrumb ?? '', kind ?? ''];
  while (row.length > 2 && !row[row.length - 1]) row.pop();
  return row;
}

export function fromSummaryRow([url, title, area, breadcrumb, kind]: SummaryRow): PageSummary {
  return { url, title, area: area || undefined, breadcrumb: breadcrumb || undefined, kind: kind || undefined };
}

/** A shard: Pagefind page id -> row. */
export type SummaryShard = Record<string, SummaryRow>;

/** The shard a page id ("en_3fa09c1") is in. */
export function summaryShardOf(id: string, keyLength: number): string {
  return id.slice(id.indexOf('_') + 1).slice(0, keyLength);
}

export function summaryShardUrl(manifest: SummaryManifest, key: string): string {
  return `/pagefind/summaries/${key}.${manifest.version}.json`;
}
