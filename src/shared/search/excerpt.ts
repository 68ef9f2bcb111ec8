// A hit's excerpt from the page's own text. The index document also carries words for search
// alone (front-matter keywords, a symbol's name split into words, the area's name: see
// src/search/index-document.ts), which Pagefind puts in its excerpts like any other text, and
// weighted high, so often first. The build says where those words are (the `index-only` meta:
// first word and count, in the page's words split at spaces), and the excerpt is cut from the
// rest of the text.

/** The meta key of the index-only words: "<first word> <count>". */
export const indexOnlyMeta = 'index-only';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The excerpt of `length` words with the matched words marked, from the page's words outside
 * the index-only range: the window holding the most matched words, or the start of the text
 * when only index-only words matched. Undefined when the page has no such range (Pagefind's
 * own excerpt stands).
 */
export function excerptOutsideIndexOnly(content: string, locations: number[], range: string | undefined, length: number): string | undefined {
  const [first, count] = (range ?? '').split(' ').map(Number);
  if (!Number.isInteger(first) || !Number.isInteger(count) || count <= 0) return undefined;
  const words = content.split(/\s+/);
  // The page's text without the index-only words, each word keeping whether it matched.
  const matched = new Set(locations);
  const text = words.map((word, index) => ({ word, hit: matched.has(index) })).filter((_, index) => index < first || index >= first + count);
  let best = 0;
  let bestHits = 0;
  let hits = 0;
  for (let end = 0; end < text.length; end++) {
    hits += Number(text[end].hit);
    if (end >= length) hits -= Number(text[end - length].hit);
    if (hits > bestHits) {
      bestHits = hits;
      best = Math.max(0, end - length + 1);
    }
  }
  return text
    .slice(best, best + length)
    .map((entry) => (entry.hit ? `<mark>${escapeHtml(entry.word)}</mark>` : escapeHtml(entry.word)))
    .join(' ');
}
