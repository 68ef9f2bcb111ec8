import type { PageData } from '../shared/types.ts';

// Page data and sidebars are fetched at most once per visit: prefetches and navigations share
// these promises. A failed load is forgotten so a later attempt can retry it.
const pages = new Map<string, Promise<PageData>>();
const sidebars = new Map<string, Promise<string>>();

export function dataUrlOf(pathname: string): string {
  const route = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  return route === '/' ? '/_data/index.json' : `/_data${route}.json`;
}

export function loadPageData(pathname: string, options: { fresh?: boolean } = {}): Promise<PageData> {
  const url = dataUrlOf(pathname);
  if (options.fresh) pages.delete(url);
  let pending = pages.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: 'include' }).then(async (response) => {
      if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
      return (await response.json()) as PageData;
    });
    pending.catch(() => pages.delete(url));
    pages.set(url, pending);
  }
  return pending;
}

export function loadSidebar(url: string): Promise<string> {
  let pending = sidebars.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: 'include' }).then((response) => {
      if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
      return response.text();
    });
    pending.catch(() => sidebars.delete(url));
    sidebars.set(url, pending);
  }
  return pending;
}

/** Forgets loaded data of pages that changed (watch mode), so the next visit fetches them again. */
export function forgetPageData(routes: string[]): void {
  for (const route of routes) pages.delete(dataUrlOf(route));
}

export function isLoaded(pathname: string): boolean {
  return pages.has(dataUrlOf(pathname));
}
