// Questions as readers ask them ("how do I mute the microphone"): the words that carry the
// question's content, other words the site uses for them, and how well a page's title answers
// them. Used by the search dialog and `portal mcp` alike, through searchPages.
import { bare } from './missing-words.ts';

/**
 * Words that carry no content of their own: on nearly every page ("a", "the", "of"), or the
 * frame of a question ("how do I", "can you", "what is"). Pagefind matches each query word as a
 * prefix too ("a" is every word that starts with "a") and loads all its locations, which for
 * these grow with the site; and a page need not say "how do I" to answer it. A query that has
 * other words is searched without them, so they are neither required nor highlighted.
 */
export const stopWords = new Set([
  ...['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'into', 'is', 'are', 'be', 'it', 'as', 'its', 'this', 'that', 'there'],
  ...['how', 'what', 'which', 'when', 'where', 'why', 'who', 'do', 'does', 'did', 'can', 'could', 'should', 'would', 'will', 'i', 'me', 'my', 'we', 'our', 'you', 'your', 'want', 'need'],
]);

/** The query's words as Pagefind is asked them: without stop words, unless nothing else is left. */
export function contentWords(query: string): string[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const kept = words.filter((word) => !stopWords.has(word.toLowerCase()));
  return kept.length ? kept : words;
}

/**
 * Other words this site uses for a reader's word: the pages say "audio" and "mute" where a
 * reader says "microphone". Each target is a word the site's pages use, and each reader's word
 * one they may not: `test/search/relevance.test.ts` checks both against the built site's
 * vocabulary, so a synonym pointing at a word the site never uses fails a test.
 */
export const synonyms: Readonly<Record<string, readonly string[]>> = {
  microphone: ['audio', 'mute'],
  mic: ['microphone', 'audio'],
  camera: ['video'],
  webcam: ['camera', 'video'],
  screenshare: ['presentation'],
};

/** How many other forms of a query are searched besides the one typed. */
const maxVariants = 4;

/**
 * Other forms of the searched words with one word replaced by a synonym the site uses, the
 * nearest first: "mute microphone" -> "mute audio", "mute". Empty when no word has a synonym.
 */
export function synonymVariants(words: string[]): string[][] {
  const variants: string[][] = [];
  const seen = new Set([words.map(bare).join(' ')]);
  words.forEach((word, index) => {
    for (const other of synonyms[bare(word)] ?? []) {
      const variant = [...words.slice(0, index), other, ...words.slice(index + 1)].filter((kept, at, all) => all.findIndex((earlier) => bare(earlier) === bare(kept)) === at);
      const key = variant.map(bare).join(' ');
      if (!seen.has(key)) variants.push(variant);
      seen.add(key);
    }
  });
  return variants.slice(0, maxVariants);
}

/** A word without the endings a title changes: "meetings", "meeting" and "meet"; "mute", "muted" and "muting". */
function stem(word: string): string {
  const plain = bare(word);
  return plain.length >= 4 ? plain.replace(/s$/, '').replace(/(ing|ed|e)$/, '') : plain;
}

/**
 * How many of the query's content words a title carries, each as typed or as one of its
 * synonyms, each word of the title counting for one of them only: "Mute audio and video"
 * carries both of "mute microphone", "Start muted" one (its "muted" is the mute, and cannot
 * also stand for the microphone through the synonym "mute").
 */
export function titleCoverage(words: string[]): (title: string) => number {
  const concepts = words.map((word) => new Set([word, ...(synonyms[bare(word)] ?? [])].map(stem)));
  return (title) => {
    const unused = title.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(stem);
    let carried = 0;
    for (const forms of concepts) {
      const at = unused.findIndex((word) => forms.has(word));
      if (at < 0) continue;
      unused.splice(at, 1);
      carried++;
    }
    return carried;
  };
}

/**
 * A title's rank for a question: how many of its content words the title carries, when that is
 * at least half of them; otherwise 0. A title that carries one word of three is not titled for
 * the question: the interface page "Button" does not answer "add toolbar button", and lifting
 * it above the pages Pagefind ranks first for all three words would bury the guide that does.
 */
export function titleRank(words: string[]): (title: string) => number {
  const coverage = titleCoverage(words);
  return (title) => {
    const carried = coverage(title);
    return 2 * carried >= words.length ? carried : 0;
  };
}
