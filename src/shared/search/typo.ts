// One-typo correction against the site's vocabulary of important words (titles, headings,
// symbols), which the build publishes whole and in shards by first letter.
import { vocabularyShardOf } from '../search-vocabulary.ts';

export interface Vocabulary {
  /** The words that start with `key` (see src/shared/search-vocabulary.ts). */
  shard(key: string): Promise<string[]>;
  /** Every word, sorted. */
  all(): Promise<string[]>;
}

/** Words shorter than this are never corrected: too many short words are one edit apart. */
const shortest = 5;

/** True when the word is in the vocabulary or starts a word of it (the reader is still typing). */
function isKnown(word: string, words: string[]): boolean {
  return words.includes(word) || words.some((candidate) => candidate.startsWith(word));
}

/**
 * The corrected query, or undefined when there is nothing to correct. The same answer as
 * `correct` with the whole vocabulary, which is fetched only when a word is not known.
 */
export async function correction(query: string, vocabulary: Vocabulary): Promise<string | undefined> {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word.length >= shortest);
  const unknown = await Promise.all(
    words.map(async (word) => {
      const key = vocabularyShardOf(word);
      return !key || !isKnown(word, await vocabulary.shard(key));
    }),
  );
  if (!unknown.includes(true)) return undefined;
  return correct(query, await vocabulary.all());
}

/** Replaces each word of five letters or more that the vocabulary does not know by one at edit distance 1. */
export function correct(query: string, words: string[]): string | undefined {
  let changed = false;
  const fixed = query
    .toLowerCase()
    .split(/\s+/)
    .map((word) => {
      if (word.length < shortest || isKnown(word, words)) return word;
      const match = words.find((candidate) => Math.abs(candidate.length - word.length) <= 1 && withinOneEdit(word, candidate));
      if (match) changed = true;
      return match ?? word;
    })
    .join(' ');
  return changed ? fixed : undefined;
}

/** True when one insertion, deletion, substitution or transposition turns a into b. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === b.length) {
    const diffs: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diffs.push(i);
    if (diffs.length === 1) return true;
    return diffs.length === 2 && diffs[1] === diffs[0] + 1 && a[diffs[0]] === b[diffs[1]] && a[diffs[1]] === b[diffs[0]];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}
