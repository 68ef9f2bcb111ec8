import { indexFolderPattern } from '../shared/search/index-shards.ts';

/**
 * The most `portal mcp` takes of each kind of site file, far above what a portal site holds
 * (a twin stays under 100,000 characters, an index chunk is about 5 KB), so that a site answering
 * without end costs a message, not the reader's memory.
 */
export interface SiteFileLimit {
  /** The kind of file, for messages ("an index chunk"). */
  kind: string;
  /** Most bytes fetched (as sent, after HTTP's own decoding). */
  bytes: number;
  /** Most bytes once unpacked, for Pagefind's gzip-packed index files. */
  unpacked?: number;
}

const MiB = 1024 * 1024;

/** A file of the search index, in any shard's folder: `rest` is the pattern of its path there. */
const indexFile = (rest: string) => new RegExp(`^/${indexFolderPattern}${rest}$`);

const limits: [RegExp, SiteFileLimit][] = [
  [indexFile('pagefind-entry\\.json'), { kind: 'search index entry', bytes: 1 * MiB }],
  [indexFile('pagefind\\.[^/]+\\.pf_meta'), { kind: 'search index metadata file', bytes: 32 * MiB, unpacked: 128 * MiB }],
  [indexFile('index/[^/]+\\.pf_index'), { kind: 'search index chunk', bytes: 8 * MiB, unpacked: 64 * MiB }],
  [indexFile('filter/[^/]+\\.pf_filter'), { kind: 'search filter file', bytes: 8 * MiB, unpacked: 64 * MiB }],
  [indexFile('fragment/[^/]+\\.pf_fragment'), { kind: 'search result fragment', bytes: 4 * MiB, unpacked: 16 * MiB }],
  [/\.md$/, { kind: 'Markdown page', bytes: 8 * MiB }],
  [/\.json$/, { kind: 'JSON data file', bytes: 64 * MiB }],
];

/** Anything else the tools read (robots.txt). */
const otherFile: SiteFileLimit = { kind: 'file', bytes: 1 * MiB };

export function siteFileLimit(sitePath: string): SiteFileLimit {
  const pathname = sitePath.split(/[?#]/)[0];
  return limits.find(([pattern]) => pattern.test(pathname))?.[1] ?? otherFile;
}
