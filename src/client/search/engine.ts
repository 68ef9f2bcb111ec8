// The search engine as the dialog sees it: Pagefind (loaded on first use from the static
// index), with one-typo correction against the site's vocabulary of important words.

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string>;
  sub_results?: PagefindSubResult[];
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string, options?: { filters?: Record<string, string> }): Promise<{ results: { id: string; score: number; data: () => Promise<PagefindResultData> }[] } | null>;
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
  /** The query actually searched, when a typo was corrected. */
  corrected?: string;
  hits: SearchHit[];
}

let engine: Promise<Pagefind> | undefined;
let vocabulary: Promise<string[]> | undefined;

function load(): Promise<Pagefind> {
  // A variable URL: the engine is not bundled, it is fetched from the built index on first use.
  const url = '/pagefind/pagefind.js';
  engine ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pagefind) => {
    await pagefind.options({ baseUrl: '/', excerptLength: 24 });
    await pagefind.init();
    return pagefind;
  });
  engine.catch(() => (engine = undefined));
  return engine;
}

function loadVocabulary(): Promise<string[]> {
  vocabulary ??= fetch('/pagefind/vocabulary.json').then((response) => (response.ok ? response.json() : []));
  vocabulary.catch(() => (vocabulary = undefined));
  return vocabulary;
}

/** Loads the engine ahead of the first keystroke. */
export function prepareSearch(): Promise<unknown> {
  return Promise.all([load(), loadVocabulary()]);
}

export async function search(query: string, area: string | undefined, limit = 8): Promise<SearchResponse> {
  const pagefind = await load();
  const filters = area ? { area } : undefined;
  // A word the vocabulary does not know, one edit away from one it does, is taken as a typo:
  // the corrected query leads, and whatever the query found as typed follows.
  const corrected = correct(query, await loadVocabulary());
  const resolve = async (term: string): Promise<SearchHit[]> => {
    const response = await pagefind.search(term, { filters });
    // A few more than are shown: duplicates of the npm references are removed afterwards.
    return Promise.all((response?.results ?? []).slice(0, limit + 2).map(async (result) => toHit(await result.data())));
  };
  const [typed, fixed] = await Promise.all([resolve(query), corrected ? resolve(corrected) : Promise.resolve([])]);
  return mergeResults(query, corrected, typed, fixed, limit);
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
 * The ranking the dialog shows: corrected results first, a page whose title is the query
 * itself ahead of the rest, and each npm reference page once although two areas publish it.
 */
export function mergeResults<Hit extends { url: string; title: string; kind?: string }>(query: string, corrected: string | undefined, typed: Hit[], fixed: Hit[], limit: number): { query: string; corrected?: string; hits: Hit[] } {
  const hits = [...fixed, ...typed];
  const wanted = normalizeTitle(corrected ?? query);
  hits.sort((a, b) => Number(normalizeTitle(b.title) === wanted) - Number(normalizeTitle(a.title) === wanted));
  const seen = new Set<string>();
  const unique = hits.filter((hit) => {
    const key = hit.kind === 'reference' ? `${hit.kind}:${hit.title}` : hit.url;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { query, corrected: fixed.length ? corrected : undefined, hits: unique.slice(0, limit) };
}

/** Replaces each word of five letters or more that the vocabulary does not know by one at edit distance 1. */
export function correct(query: string, words: string[]): string | undefined {
  let changed = false;
  const known = new Set(words);
  const fixed = query
    .toLowerCase()
    .split(/\s+/)
    .map((word) => {
      if (word.length < 5 || known.has(word) || words.some((candidate) => candidate.startsWith(word))) return word;
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

/** Lower case, no articles, no possessive "'s", single spaces: for exact-title matching. */
export function normalizeTitle(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
