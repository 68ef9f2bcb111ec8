// Where the typo-correction vocabulary is published, seen by the build (which writes it) and
// the search dialog (which reads it). Nothing here may import from either side.
//
// Most queries have no typo, and telling that costs only the words that share the first
// letter of each query word: one small shard per word. The whole list is loaded only when a
// word is unknown and a correction is looked for.

/** Every word of the vocabulary, sorted. */
export const vocabularyUrl = '/pagefind/vocabulary.json';

/** The characters a vocabulary word starts with: one shard each, empty ones included. */
export const vocabularyShardKeys = [...'0123456789abcdefghijklmnopqrstuvwxyz'];

/** The shard a word is looked up in, or undefined when no vocabulary word can start like it. */
export function vocabularyShardOf(word: string): string | undefined {
  return vocabularyShardKeys.includes(word[0]) ? word[0] : undefined;
}

export function vocabularyShardUrl(key: string): string {
  return `/pagefind/vocabulary/${key}.json`;
}
