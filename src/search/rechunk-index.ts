// Pagefind splits its word index into chunks of about 20,000 word locations (a constant of its
// indexer), which compress to 22-28 KB each; the browser loads the one chunk each query word
// falls in. On this site that made the index the largest part of a first query (one chunk per
// word, ~50 KB for two words). This module re-splits the index Pagefind wrote into smaller
// chunks and rewrites the metadata that maps words to chunks; the engine in the browser reads
// them exactly as it reads its own. Words, pages and locations are untouched.
import { editMetadata, pack, type PagefindValue, sha256, uniqueName, unpack } from './pagefind-files.ts';

export interface RechunkOptions {
  /** Word locations (plus one per page a word is on, Pagefind's own measure) per chunk. */
  targetUnits: number;
  /**
   * A chunk does not end between a word and its extensions ("confer" and "conferenc") until it
   * holds this many units: Pagefind looks for extensions of a query word only in that word's
   * chunk.
   */
  maxUnits: number;
}

export const defaultRechunkOptions: RechunkOptions = { targetUnits: 3000, maxUnits: 9000 };

/** A word of the index: [word, pages, ...], each page [page number, locations, ...]. */
type PackedWord = [string, [number, number[], ...PagefindValue[]][], ...PagefindValue[]];

function isPackedWord(value: PagefindValue): value is PackedWord {
  return Array.isArray(value) && typeof value[0] === 'string' && Array.isArray(value[1]) && value[1].every((page) => Array.isArray(page) && typeof page[0] === 'number' && Array.isArray(page[1]));
}

/** Pagefind's measure of a word's share of a chunk. */
const unitsOf = (word: PackedWord) => word[1].reduce((sum, page) => sum + page[1].length + 1, 0);

/**
 * Groups the sorted words into chunks of about `targetUnits`, never separating a word from
 * its extensions below `maxUnits`.
 */
export function splitWords(words: PackedWord[], { targetUnits, maxUnits }: RechunkOptions): PackedWord[][] {
  const chunks: PackedWord[][] = [];
  let chunk: PackedWord[] = [];
  let units = 0;
  let stems = new Set<string>();
  for (const word of words) {
    const text = word[0];
    const extendsChunk = () => {
      for (let length = 3; length < text.length; length++) if (stems.has(text.slice(0, length))) return true;
      return false;
    };
    if (chunk.length && units >= targetUnits && (units >= maxUnits || !extendsChunk())) {
      chunks.push(chunk);
      chunk = [];
      units = 0;
      stems = new Set();
    }
    chunk.push(word);
    units += unitsOf(word);
    // Stems of three letters or more: shorter ones ("a", "in") prefix half the vocabulary.
    if (text.length >= 3) stems.add(text);
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/**
 * The range of query words each chunk answers for. The engine picks, for each query word, the
 * chunk with from <= word <= to. A chunk ends at its last word itself; the next one starts
 * at the shortest prefix of its first word that sorts after that, so a partly typed word
 * ("wl" before "wlk") still finds the chunk its extensions are in. (Pagefind shortens the end
 * too, to "wi" say, which leaves "with" and "within" in no chunk's range.)
 */
export function chunkBounds(chunks: PackedWord[][]): { from: string; to: string }[] {
  const bounds = chunks.map((chunk) => ({ from: chunk[0][0], to: chunk[chunk.length - 1][0] }));
  for (let i = 1; i < bounds.length; i++) {
    const last = [...bounds[i - 1].to];
    const next = [...bounds[i].from];
    let common = 0;
    while (common < last.length && common < next.length && last[common] === next[common]) common++;
    bounds[i].from = next.slice(0, common + 1).join('');
  }
  return bounds;
}

/**
 * Re-splits the word index among Pagefind's output files (path -> contents, paths relative to
 * the bundle folder). Returns a new map: the old chunks and metadata are replaced, every other
 * file is kept as it is.
 */
export async function rechunkIndex(files: Map<string, Uint8Array>, options: RechunkOptions = defaultRechunkOptions): Promise<Map<string, Uint8Array>> {
  return editMetadata(files, async (meta, { metaPath, prefix, result }) => {
    // [version, pages, index chunks [from, to, hash], filters, ...]
    if (!Array.isArray(meta[2])) throw new Error(`search index: ${metaPath} has an unknown layout`);
    const paths = meta[2].map((chunk) => `index/${Array.isArray(chunk) ? chunk[2] : undefined}.pf_index`);
    const indexes = await Promise.all(
      paths.map((path) => {
        const file = result.get(path);
        if (!file) throw new Error(`search index: chunk ${path.slice('index/'.length, -'.pf_index'.length)} is missing`);
        return unpack(file, path);
      }),
    );
    const words: PackedWord[] = [];
    indexes.forEach((index, i) => {
      if (!Array.isArray(index) || index.length !== 1 || !Array.isArray(index[0]) || !index[0].every(isPackedWord)) throw new Error(`search index: ${paths[i]} has an unknown layout`);
      for (const word of index[0] as PackedWord[]) words.push(word);
      result.delete(paths[i]);
    });

    const chunks = splitWords(words, options);
    const bounds = chunkBounds(chunks);
    const packed = await Promise.all(chunks.map((chunk) => pack([chunk])));
    const names = new Set<string>();
    meta[2] = packed.map((file, i) => {
      const name = uniqueName(prefix, sha256(file), 7, names);
      result.set(`index/${name}.pf_index`, file);
      return [bounds[i].from, bounds[i].to, name];
    });
  });
}
