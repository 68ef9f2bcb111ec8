// Pagefind matches prefixes and stems but not typos. The search UI corrects a mistyped word
// against this vocabulary of the words that matter (titles, headings, symbols): small enough
// to load with the search dialog.
export function collectVocabulary(texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
      if (word.length >= 4 && word.length <= 30 && !/^\d+$/.test(word)) words.add(word);
    }
  }
  return [...words].sort();
}
