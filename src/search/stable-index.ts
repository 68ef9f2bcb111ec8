import { editMetadata, pack, sha256, uniqueName, unpack } from './pagefind-files.ts';

// Pagefind 1.5 builds its filter indexes, and the metadata file that lists them, from hash maps:
// the order of filter values and filters, and so the files' content-hashed names, change from
// run to run for the same pages (its maintainers say so on issue #638, fixed for fragments only).
// Sorting both here makes the same input give the same files, which static hosts and our
// determinism test rely on.

type FilterIndex = [name: string, values: [value: string, pages: number[]][]];
type MetaFilter = [name: string, hash: string];
const metaFiltersField = 3; // MetaIndex: version, pages, index chunks, filters, sorts

const byFirst = ([a]: [string, ...unknown[]], [b]: [string, ...unknown[]]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Returns Pagefind's output files (paths relative to the bundle folder) with filter values and
 * filters in a stable order, under names that follow their content.
 */
export async function stabilizeIndex(files: Map<string, Uint8Array>): Promise<Map<string, Uint8Array>> {
  return editMetadata(files, async (meta, { prefix, result }) => {
    const filters = meta[metaFiltersField] as MetaFilter[] | undefined;
    if (!Array.isArray(filters) || filters.length === 0) return;
    const names = new Set<string>();
    const stable: MetaFilter[] = [];
    for (const [name, hash] of [...filters].sort(byFirst)) {
      const path = `filter/${hash}.pf_filter`;
      const file = result.get(path);
      if (!file) throw new Error(`search index: filter ${hash} is missing`);
      const [filterName, values] = (await unpack(file, path)) as FilterIndex;
      const packed = await pack([filterName, [...values].sort(byFirst)]);
      const stableName = uniqueName(prefix, sha256(packed), 7, names);
      result.delete(path);
      result.set(`filter/${stableName}.pf_filter`, packed);
      stable.push([name, stableName]);
    }
    meta[metaFiltersField] = stable;
  });
}
