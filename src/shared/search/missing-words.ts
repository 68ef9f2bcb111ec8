// Which words of a query no page mentions. Pagefind never says: a query word no indexed word
// starts with is matched by the longest indexed word it starts with instead ("webhook" finds
// the pages of "web"), or, when there is none, left out of the query ("sdk flutter" finds the
// pages of "sdk"). The search must say so, or a reader takes the pages found for the words it
// kept as pages about the word it dropped.
import { vocabularyShardOf } from '../search-vocabulary.ts';
import type { PagefindSearch } from './results.ts';
import type { Vocabulary } from './typo.ts';

/** Lower case, letters and digits only: how a query word and a word of a page are compared. */
export const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * True when a page mentions the word, as Pagefind matches it. Quoted, a word is matched by its
 * stem exactly ("webhooks" and "joining" as "webhook" and "join"), never by a shorter word. A
 * word still being typed ("conferen") is not a stem: one that starts a word of a title or
 * heading (the typo vocabulary, site-wide, so only when no area is chosen) is on that page;
 * another is searched as Pagefind searches it, and the words its first page was found for tell
 * an extension ("conference") from a shorter word taken in its place ("web" for "webhook").
 * That last check loads a page's fragment, which the first two spare most keystrokes.
 */
async function isMentioned(pagefind: PagefindSearch, vocabulary: Vocabulary, word: string, filters: Record<string, string> | undefined): Promise<boolean> {
  const unquoted = word.replace(/"/g, '');
  const exact = await pagefind.search(`"${unquoted}"`, { filters });
  if (exact?.results.length) return true;
  const wanted = bare(word);
  const shard = vocabularyShardOf(wanted);
  if (!filters && shard && (await vocabulary.shard(shard)).some((known) => known.startsWith(wanted))) return true;
  const first = (await pagefind.search(unquoted, { filters }))?.results[0];
  if (!first) return false;
  const page = await first.data();
  const words = (page.content ?? '').split(/\s+/);
  return (page.locations ?? []).some((location) => bare(words[location] ?? '').includes(wanted));
}

/**
 * The words (as given, each once) that no page mentions, in the pages `filters` keeps. A word
 * of punctuation alone is never reported: Pagefind searches nothing for it.
 */
export async function missingWords(pagefind: PagefindSearch, vocabulary: Vocabulary, words: string[], filters?: Record<string, string>): Promise<string[]> {
  const distinct = [...new Map(words.filter((word) => bare(word)).map((word) => [bare(word), word])).values()];
  const mentioned = await Promise.all(distinct.map((word) => isMentioned(pagefind, vocabulary, word, filters)));
  return distinct.filter((_, index) => !mentioned[index]);
}
