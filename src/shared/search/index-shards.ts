// The search index is written as a few Pagefind indexes ("shards"), each holding the pages whose
// route hashes to it, so an edit makes the build index only its page's shard again; the browser
// and `portal mcp` merge them back into one search with Pagefind's `mergeIndex`. The first shard
// is the index at /pagefind/ (with the engine); the others are listed in a file beside it.
// Seen by the build (which writes the list) and both searchers (which read it).

/** The other shards' folders, as a JSON list of base paths. Absent (an index built before shards): none. */
export const indexShardsUrl = '/pagefind/shards.json';

/** The folder of shard `n` under the output folder ("pagefind/", "pagefind/shard1/"). */
export function indexShardFolder(n: number): string {
  return n === 0 ? 'pagefind/' : `pagefind/shard${n}/`;
}

// The folder of a shard after the first, as `indexShardFolder` names it: the one place its name is matched.
const laterShard = 'shard[1-9][0-9]{0,2}/';

/** The folder of any shard ("pagefind/" or "pagefind/shard3/"), as the start of a regular expression's source. */
export const indexFolderPattern = `pagefind/(?:${laterShard})?`;

/** A shard's base path as a searcher may merge it: only a folder under /pagefind/ the build names so. */
const shardPath = new RegExp(`^/pagefind/${laterShard}$`);

/** What merging needs of Pagefind: its `mergeIndex` (the module in the browser, an instance in Node). */
export interface MergingPagefind {
  mergeIndex(basePath: string, options?: object): Promise<void>;
}

/**
 * Merges the shards listed at `indexShardsUrl` into `pagefind`, whose own index is the first shard.
 * `readJson` resolves undefined when the list is not there. `options`: the options the first shard
 * was given (Pagefind applies `options()` to its own index only).
 */
export async function mergeIndexShards(pagefind: MergingPagefind, readJson: (url: string) => Promise<unknown>, options: object): Promise<void> {
  // A list that cannot be read fails the load (a partial search would drop pages without a word).
  const listed = await readJson(indexShardsUrl);
  const paths = Array.isArray(listed) ? listed.filter((entry): entry is string => typeof entry === 'string' && shardPath.test(entry)) : [];
  await Promise.all(paths.map((basePath) => pagefind.mergeIndex(basePath, options)));
}
