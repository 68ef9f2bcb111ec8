// From a query to the hits the dialog lists. Pagefind ranks pages from its index alone; what a
// hit shows (title, breadcrumb, excerpts, sections) is in a per-page "fragment", one request
// each (1-17 KB). Only the hits on screen are resolved: the dialog asks for more as the reader
// scrolls, so a query costs the fragments of a few pages instead of every candidate's.
import { correction, type Vocabulary } from './typo.ts';

export interface PagefindResultData {
  url: string;
  excerpt: string;
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

export interface SearchHit {
  url: string;
  title: string;
  area?: string;
  breadcrumb?: string;
  kind?: string;
  excerpt: string;
  sections: { title: string; url: string; excerpt: string }[];
}

export interface SearchResponse {
  query: string;
  /** The query actually searched first, when a typo was corrected. */
  corrected?: string;
  hits: SearchHit[];
  /** How many pages were found, resolved or not. */
  found: number;
  /** Resolves the next hits and returns the longer list; absent once every page is listed. */
  more?: () => Promise<SearchResponse>;
}

/** Hits resolved at once: more than a dialog shows without scrolling, even on a tall screen. */
export const pageSize = 5;

/**
 * Searches the query (and its correction, whose results lead), and resolves the first hits:
 * among them, a page whose title is the query itself comes first.
 */
export async function searchPages(pagefind: PagefindSearch, vocabulary: Vocabulary, query: string, area?: string): Promise<SearchResponse> {
  const filters = area ? { area } : undefined;
  // A word the vocabulary does not know, one edit away from one it does, is taken as a typo:
  // the corrected query leads, and whatever the query found as typed follows.
  const corrected = await correction(query, vocabulary);
  const [typed, fixed] = await Promise.all([pagefind.search(searchTerms(query), { filters }), corrected ? pagefind.search(searchTerms(corrected), { filters }) : undefined]);
  const ids = new Set<string>();
  const candidates = [...(fixed?.results ?? []), ...(typed?.results ?? [])].filter((result) => !ids.has(result.id) && !!ids.add(result.id));
  const listed = new Set<string>();
  const first = await resolve(candidates, 0, pageSize, listed);
  const isTitle = titleMatcher(corrected ?? query);
  first.hits.sort((a, b) => Number(isTitle(b.title)) - Number(isTitle(a.title)));
  const respond = (hits: SearchHit[], next: number): SearchResponse => {
    // Asked twice (a scroll and a key press), a response loads its next hits once.
    let pending: Promise<SearchResponse> | undefined;
    const more = async () => {
      const page = await resolve(candidates, next, pageSize, listed);
      return respond([...hits, ...page.hits], page.next);
    };
    return {
      query,
      corrected: fixed?.results.length ? corrected : undefined,
      hits,
      found: candidates.length,
      more:
        next < candidates.length
          ? () =>
              (pending ??= more().catch((error: unknown) => {
                pending = undefined; // a failed load may be tried again
                throw error;
              }))
          : undefined,
    };
  };
  return respond(first.hits, first.next);
}

/**
 * Words on nearly every page. Pagefind matches each query word as a prefix too ("a" is every
 * word that starts with "a"), and its index keeps a word's locations in one chunk, which for
 * these grows with the site (the chunk of "a" alone outweighs the rest of a query on a large
 * site). They add nothing to the ranking, so a query that has other words is searched without
 * them.
 */
const stopWords = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'is', 'are', 'be', 'it', 'as']);

/** The query as Pagefind is asked it. */
export function searchTerms(query: string): string {
  const words = query.trim().split(/\s+/);
  const kept = words.filter((word) => !stopWords.has(word.toLowerCase()));
  return kept.length ? kept.join(' ') : query;
}

/**
 * Loads the fragments of candidates from `start` until `count` new hits are found: each npm
 * reference page is listed once, although two areas publish it.
 */
async function resolve(candidates: PagefindResult[], start: number, count: number, listed: Set<string>): Promise<{ hits: SearchHit[]; next: number }> {
  const hits: SearchHit[] = [];
  let next = start;
  while (hits.length < count && next < candidates.length) {
    const batch = candidates.slice(next, next + count - hits.length);
    next += batch.length;
    for (const data of await Promise.all(batch.map((result) => result.data()))) {
      const hit = toHit(data);
      const key = hit.kind === 'reference' ? `reference:${hit.title}` : hit.url;
      if (listed.has(key)) continue;
      listed.add(key);
      hits.push(hit);
    }
  }
  return { hits, next };
}

function toHit(data: PagefindResultData): SearchHit {
  const url = data.url.replace(/\/$/, '') || '/';
  return {
    url,
    title: data.meta.title ?? url,
    area: data.meta.area,
    breadcrumb: data.meta.breadcrumb,
    kind: data.meta.kind,
    excerpt: data.excerpt,
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
