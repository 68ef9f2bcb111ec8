// From a query to the hits the dialog lists. Pagefind ranks pages from its index alone; a hit's
// title, area and breadcrumb come from a small page summary (see summaries.ts), and its excerpt
// and sections from the page's "fragment", one request each (1-17 KB). So the dialog lists the
// pages a query finds at every keystroke from summaries, and loads the fragments of the hits on
// screen only once typing pauses (`details`) or the reader scrolls for more (`more`).
import { type PageSummary, summaryOfFragment } from '../search-summaries.ts';
import { pagefindOptions } from './pagefind-options.ts';
import type { PageSummaries } from './summaries.ts';
import { bare, missingWords } from './missing-words.ts';
import { excerptOutsideIndexOnly, indexOnlyMeta } from './excerpt.ts';
import { contentWords, synonymVariants, titleRank } from './question.ts';
import { correction, type Vocabulary } from './typo.ts';

export interface PagefindResultData {
  url: string;
  excerpt: string;
  /** The page's words, and which of them (indexes into its words split at spaces) the query matched. */
  content?: string;
  locations?: number[];
  meta: Record<string, string>;
  sub_results?: { title: string; url: string; excerpt: string }[];
}

export interface PagefindResult {
  id: string;
  data: () => Promise<PagefindResultData>;
}

/** The part of Pagefind's search API the dialog uses. */
export interface PagefindSearch {
  search(term: string, options?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] } | null>;
}

export interface SearchHit extends PageSummary {
  /** The page's text around the matched words, with <mark>; absent until its fragment is loaded. */
  excerpt?: string;
  sections: { title: string; url: string; excerpt: string }[];
}

export interface SearchResponse {
  query: string;
  /** The query actually searched first, when a typo was corrected. */
  corrected?: string;
  /**
   * Words of the query no page mentions (in the area searched): the hits are those of the other
   * words, or none when no word is left.
   */
  missingWords: string[];
  hits: SearchHit[];
  /** How many pages were found, resolved or not. */
  found: number;
  /** Resolves the next hits, with their details, and returns the longer list; absent once every page is listed. */
  more?: () => Promise<SearchResponse>;
  /** Loads the excerpts and sections of the hits listed; absent once they are loaded. */
  details?: () => Promise<SearchResponse>;
}

/**
 * What the search dialog and the MCP server say of the words no page mentions, or undefined
 * when there are none: 'No page mentions "flutter". Showing pages that match "sdk".'
 */
export function missingWordsNotice(response: Pick<SearchResponse, 'query' | 'corrected' | 'missingWords'>, area?: string): string | undefined {
  const missing = response.missingWords;
  if (!missing.length) return undefined;
  const listed = missing.map((word) => `"${word}"`);
  const words = listed.length > 1 ? `${listed.slice(0, -1).join(', ')} or ${listed[listed.length - 1]}` : listed[0];
  const notice = `No page${area ? ` in ${area}` : ''} mentions ${words}.`;
  const rest = searchTerms(response.corrected ?? response.query)
    .split(' ')
    .filter((word) => !missing.some((missed) => bare(missed) === bare(word)));
  return rest.length ? `${notice} Showing pages that match "${rest.join(' ')}".` : notice;
}

/** Hits resolved at once: more than a dialog shows without scrolling, even on a tall screen. */
export const pageSize = 5;

/** A listed hit and the Pagefind result its details are loaded from. */
interface Entry {
  result: PagefindResult;
  hit: SearchHit;
}

/**
 * Searches the query (and its correction, whose results lead), and lists the first hits from
 * their summaries: among them, a page whose title is the query itself comes first.
 */
export async function searchPages(pagefind: PagefindSearch, vocabulary: Vocabulary, summaries: PageSummaries, query: string, area?: string): Promise<SearchResponse> {
  const filters = area ? { area } : undefined;
  // A word the vocabulary does not know, one edit away from one it does, is taken as a typo:
  // the corrected query leads, and whatever the query found as typed follows.
  const corrected = await correction(query, vocabulary);
  const typedTerms = searchTerms(query);
  const fixedTerms = corrected && searchTerms(corrected);
  let [typed, fixed] = await Promise.all([pagefind.search(typedTerms, { filters }), fixedTerms ? pagefind.search(fixedTerms, { filters }) : undefined]);
  // Pagefind finds pages for a query with a word no page mentions: for its other words, or for
  // a shorter word in its place. Which words those are is asked only of a query that found pages.
  const asked = [...(typed?.results.length ? typedTerms.split(' ') : []), ...(fixed?.results.length && fixedTerms ? fixedTerms.split(' ') : [])];
  const missing = asked.length ? await missingWords(pagefind, vocabulary, asked, filters) : [];
  const isMissing = (word: string) => missing.some((missed) => bare(missed) === bare(word));
  if (missing.length) {
    const rest = (terms: string) => terms.split(' ').filter((word) => !isMissing(word)).join(' ');
    const searchRest = async (terms: string) => (rest(terms) ? pagefind.search(rest(terms), { filters }) : null);
    [typed, fixed] = await Promise.all([searchRest(typedTerms), fixedTerms ? searchRest(fixedTerms) : undefined]);
  }
  // A typo the correction replaced is shown as corrected, not as missing.
  const reported = fixed?.results.length && fixedTerms ? missing.filter((word) => fixedTerms.split(' ').some((kept) => bare(kept) === bare(word))) : missing;
  // The site's own words for the reader's ("microphone" -> "audio"): pages found only through
  // them follow the pages found for the words as typed.
  const searched = (fixed?.results.length && fixedTerms ? fixedTerms : typedTerms).split(' ').filter((word) => !isMissing(word));
  const variants = await Promise.all(synonymVariants(searched).map((words) => pagefind.search(words.join(' '), { filters })));
  const ids = new Set<string>();
  const found = [...(fixed?.results ?? []), ...(typed?.results ?? []), ...variants.flatMap((variant) => variant?.results ?? [])].filter((result) => !ids.has(result.id) && !!ids.add(result.id));
  // A one-word query keeps Pagefind's order (and reads the summaries of the hits it lists only).
  const candidates = searched.length > 1 ? await rankByTitle(found, summaries, titleRank(searched)) : found;
  const listed = new Set<string>();
  const first = await resolve(candidates, 0, pageSize, listed, summaries);
  const isTitle = titleMatcher(corrected ?? query);
  first.entries.sort((a, b) => Number(isTitle(b.hit.title)) - Number(isTitle(a.hit.title)));
  // Each page's fragment is loaded once however the responses of this search ask for it.
  const detailed = new Map<string, Promise<SearchHit>>();
  const withDetails = (entries: Entry[]): Promise<Entry[]> =>
    Promise.all(
      entries.map(async (entry) => {
        if (entry.hit.excerpt !== undefined) return entry;
        let hit = detailed.get(entry.result.id);
        if (!hit) {
          hit = entry.result.data().then(toHit);
          hit.catch(() => detailed.delete(entry.result.id)); // may be tried again
          detailed.set(entry.result.id, hit);
        }
        return { result: entry.result, hit: await hit };
      }),
    );
  const respond = (entries: Entry[], next: number): SearchResponse => ({
    query,
    corrected: fixed?.results.length ? corrected : undefined,
    missingWords: reported,
    hits: entries.map((entry) => entry.hit),
    found: candidates.length,
    more:
      next < candidates.length
        ? once(async () => {
            // The reader is scrolling, not typing: the next hits come with their details.
            const page = await resolve(candidates, next, pageSize, listed, summaries);
            return respond(await withDetails([...entries, ...page.entries]), page.next);
          })
        : undefined,
    details: entries.some((entry) => entry.hit.excerpt === undefined) ? once(async () => respond(await withDetails(entries), next)) : undefined,
  });
  return respond(first.entries, first.next);
}

/** Asked twice (a scroll and a key press), a load runs once; a failed one may be tried again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/** The last word of a query when it is one character: a word just begun. */
const wordJustBegun = /(^|\s)\S$/;

/** True while the last word of the query is one character. */
export function endsInFirstLetter(query: string): boolean {
  return wordJustBegun.test(query);
}

/**
 * What is searched while the reader is still typing: the query without a word just begun. Its
 * first letter matches every word that starts with it, whose index chunks would all be loaded
 * for one keystroke; it is searched once typing pauses.
 */
export function searchedWhileTyping(query: string): string {
  return query.replace(wordJustBegun, '$1');
}

/** The query as Pagefind is asked it: its content words (question.ts). */
export function searchTerms(query: string): string {
  return contentWords(query).join(' ');
}

/** How many of the first candidates are ranked again by their titles: twice what a dialog shows at once. */
const titleRankWindow = 2 * pageSize;

/**
 * Among the first candidates, the pages whose titles carry more of the query's content words
 * (or the site's synonyms for them) come first; otherwise Pagefind's order stands. A question
 * is answered by the page titled for it ("Mute audio and video" for "how do I mute the
 * microphone"), which Pagefind may rank below a long page that mentions every word.
 */
async function rankByTitle(candidates: PagefindResult[], summaries: PageSummaries, coverage: (title: string) => number): Promise<PagefindResult[]> {
  const window = candidates.slice(0, titleRankWindow);
  const found = await Promise.all(window.map((result) => summaries.get(result.id)));
  const scores = found.map((summary) => coverage(summary?.title ?? ''));
  // Between titles that carry as many, the page's own name in its address decides: "create
  // project key" is /create-project-key, titled "Create a key" as "List a project's keys" has two words too.
  // (Not a category page's: those rank below the pages they list.)
  const slugs = found.map((summary) => (summary && summary.kind !== 'category' ? coverage(summary.url.split('/').pop() ?? '') : 0));
  const order = window.map((_, index) => index).sort((a, b) => scores[b] - scores[a] || slugs[b] - slugs[a] || a - b);
  return [...order.map((index) => window[index]), ...candidates.slice(titleRankWindow)];
}

/**
 * Lists candidates from `start` until `count` new hits are found, from their summaries (or,
 * without one, their fragments): each npm reference page is listed once, although two areas
 * publish it.
 */
async function resolve(candidates: PagefindResult[], start: number, count: number, listed: Set<string>, summaries: PageSummaries): Promise<{ entries: Entry[]; next: number }> {
  const entries: Entry[] = [];
  let next = start;
  while (entries.length < count && next < candidates.length) {
    const batch = candidates.slice(next, next + count - entries.length);
    next += batch.length;
    const hits = await Promise.all(
      batch.map(async (result): Promise<SearchHit> => {
        const summary = await summaries.get(result.id);
        return summary ? { ...summary, sections: [] } : toHit(await result.data());
      }),
    );
    hits.forEach((hit, index) => {
      const key = hit.kind === 'reference' ? `reference:${hit.title}` : hit.url;
      if (listed.has(key)) return;
      listed.add(key);
      entries.push({ result: batch[index], hit });
    });
  }
  return { entries, next };
}

function toHit(data: PagefindResultData): SearchHit {
  return {
    ...summaryOfFragment(data),
    excerpt: excerptOutsideIndexOnly(data.content ?? '', data.locations ?? [], data.meta[indexOnlyMeta], pagefindOptions.excerptLength) ?? data.excerpt,
    sections: (data.sub_results ?? [])
      .filter((section) => section.url.includes('#'))
      .slice(0, 3)
      .map((section) => ({ title: section.title, url: section.url.replace(/\/#/, '#'), excerpt: section.excerpt })),
  };
}

/**
 * Whether a title is the query itself, as typed or, for an identifier, as words: an API
 * operation's id ("getMeetings") names the page titled "Get meetings".
 */
function titleMatcher(query: string): (title: string) => boolean {
  const forms = new Set([normalizeTitle(query), normalizeTitle(query.replace(/([a-z0-9])([A-Z])/g, '$1 $2'))]);
  return (title) => forms.has(normalizeTitle(title));
}

/** Lower case, no articles, no possessive "'s", single spaces: for exact-title matching. */
export function normalizeTitle(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
