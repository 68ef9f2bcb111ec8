// Page summaries in the browser (see src/shared/search-summaries.ts): the manifest once, then
// each shard the first time a hit needs it.
import { fromSummaryRow, type PageSummary, type SummaryManifest, type SummaryShard, summaryManifestUrl, summaryShardOf, summaryShardUrl } from '../search-summaries.ts';

export type { PageSummary } from '../search-summaries.ts';

export interface PageSummaries {
  /** The summary of a Pagefind page id, or undefined when none is published for it. */
  get(id: string): Promise<PageSummary | undefined>;
  /** Reads the manifest ahead of the first hit. */
  prepare(): Promise<unknown>;
}

/**
 * Summaries read through `readJson` (a fetch in the dialog, the built files in tests), which
 * resolves undefined for a file that is not there. A missing manifest or shard (an index
 * published before summaries were, or replaced since) leaves the page without a summary: the
 * dialog then reads its fragment instead.
 */
export function pageSummaries(readJson: (url: string) => Promise<unknown>): PageSummaries {
  let manifest: Promise<SummaryManifest | undefined> | undefined;
  const shards = new Map<string, Promise<SummaryShard | undefined>>();
  const read = <T>(url: string) => readJson(url).then((value) => value as T | undefined, () => undefined);
  const loadManifest = () => (manifest ??= read<SummaryManifest>(summaryManifestUrl));
  return {
    prepare: loadManifest,
    async get(id) {
      const current = await loadManifest();
      if (!current) return undefined;
      const key = summaryShardOf(id, current.keyLength);
      let shard = shards.get(key);
      if (!shard) shards.set(key, (shard = read<SummaryShard>(summaryShardUrl(current, key))));
      const row = (await shard)?.[id];
      return row && fromSummaryRow(row);
    },
  };
}
