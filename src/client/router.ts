import { markdownTwinOf } from '../shared/markdown-twin.ts';
import type { ClientSiteData, PageData } from '../shared/types.ts';
import { loadPageData, loadSidebar } from './page-loader.ts';

export interface LoadedPage {
  data: PageData;
  html: string;
  sidebarHtml?: string;
}

interface RouterOptions {
  site: ClientSiteData;
  /** Shows the next page; `afterCommit` runs once React has put it on screen. */
  show: (page: LoadedPage, afterCommit?: () => void) => void;
  current: () => LoadedPage;
}

interface HistoryState {
  scrollY?: number;
}

/**
 * Client-side navigation: internal links load the next page's data before it is shown, then
 * the shell swaps it in. Anything unexpected falls back to a full page load, so a reader is
 * never stuck on a half-loaded page.
 */
export function installRouter({ site, show, current }: RouterOptions): { reload: () => Promise<void> } {
  let navigation = 0;
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

  const go = async (url: URL, mode: 'push' | 'pop', scrollY?: number) => {
    const id = ++navigation;
    // The progress bar appears only when a navigation takes longer than the delay.
    const progress = window.setTimeout(() => document.documentElement.setAttribute('data-navigating', 'true'), site.progressBarDelay);
    try {
      const data = await loadPageData(url.pathname);
      // The area's full sidebar (fetched once per visit): the current one may hold only a branch.
      const sidebarHtml = data.sidebar ? await loadSidebar(data.sidebar) : undefined;
      if (id !== navigation) return; // a newer navigation won
      if (mode === 'push') {
        history.replaceState({ ...(history.state as HistoryState), scrollY: window.scrollY } satisfies HistoryState, '');
        history.pushState({} satisfies HistoryState, '', url.pathname + url.search + url.hash);
      }
      // Once the new page is on screen: scroll, then move focus for screen readers.
      show({ data, html: data.html ?? '', sidebarHtml }, () => {
        const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
        if (scrollY !== undefined) window.scrollTo(0, scrollY);
        else if (target) {
          window.dispatchEvent(new Event('portal:hash-navigation'));
          target.scrollIntoView();
        } else window.scrollTo(0, 0);
        focusPage(data.title);
      });
      updateHead(data);
    } catch {
      if (id === navigation) window.location.assign(url.href);
    } finally {
      window.clearTimeout(progress);
      if (id === navigation) document.documentElement.removeAttribute('data-navigating');
    }
  };

  document.addEventListener('click', (event) => {
    const url = internalTarget(event);
    if (!url) return;
    event.preventDefault();
    if (url.pathname === location.pathname && url.search === location.search) {
      // Same page: only the hash changes; let the browser scroll and record it.
      if (url.hash !== location.hash) location.hash = url.hash;
      else document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
      return;
    }
    void go(url, 'push');
  });

  window.addEventListener('popstate', (event) => {
    const url = new URL(location.href);
    if (url.pathname === current().data.route || normalize(url.pathname) === current().data.route) return; // hash-only change
    void go(url, 'pop', (event.state as HistoryState | null)?.scrollY);
  });

  return {
    reload: async () => {
      const data = await loadPageData(location.pathname, { fresh: true });
      show({ data, html: data.html ?? '', sidebarHtml: current().sidebarHtml });
      updateHead(data);
    },
  };
}

/** The URL a click should navigate to client-side, or undefined to let the browser handle it. */
function internalTarget(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || !anchor.href || anchor.target || anchor.hasAttribute('download') || anchor.hasAttribute('data-external')) return undefined;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin) return undefined;
  // Files (assets, feeds, the sitemap) are not pages.
  if (/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.endsWith('.html')) return undefined;
  return url;
}

export function normalize(pathname: string): string {
  const clean = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '').replace(/\/+$/, '');
  return clean || '/';
}

function updateHead(data: PageData) {
  document.title = data.documentTitle;
  document.querySelector('link[rel="canonical"]')?.setAttribute('href', data.canonical);
  document.querySelector('link[rel="alternate"][type="text/markdown"]')?.setAttribute('href', markdownTwinOf(data.canonical));
  const description = document.querySelector('meta[name="description"]');
  if (description && data.description) description.setAttribute('content', data.description);
  document.documentElement.setAttribute('data-page-kind', data.kind);
}

/** Moves focus to the new page's heading (or main) and announces it, as a full load would. */
function focusPage(title: string) {
  const heading = document.querySelector<HTMLElement>('main h1');
  const target = heading ?? document.getElementById('main-content');
  if (target) {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }
  const announcer = document.getElementById('route-announcer');
  if (announcer) announcer.textContent = `Navigated to ${title}`;
}
