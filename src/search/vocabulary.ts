import { vocabularyShardKeys, vocabularyShardOf, vocabularyShardUrl, vocabularyUrl } from '../shared/search-vocabulary.ts';

// Pagefind matches prefixes and stems but not typos. The search UI corrects a mistyped word
// against this vocabulary of the words that matter (titles, headings, symbols).
export function collectVocabulary(texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
      if (word.length >= 4 && word.length <= 30 && !/^\d+$/.test(word)) words.add(word);
    }
  }
  return [...words].sort();
}

/**
 * The vocabulary's files, path under the output folder -> JSON: the whole sorted list, and
 * one shard per first character (see src/shared/search-vocabulary.ts). Every shard is written,
 * empty ones too, so the dialog never asks for a file that is not there.
 */
export function vocabularyFiles(words: string[]): Map<string, string> {
  const shards = new Map(vocabularyShardKeys.map((key) => [key, [] as string[]]));
  for (const word of words) {
    const key = vocabularyShardOf(word);
    if (key) shards.get(key)!.push(word);
  }
  const files = new Map([[vocabularyUrl.slice(1), JSON.stringify(words)]]);
  for (const [key, shard] of shards) files.set(vocabularyShardUrl(key).slice(1), JSON.stringify(shard));
  return files;
}
