import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Layout } from '../../templates/Layout.tsx';
import type { ClientSiteData } from '../shared/types.ts';
import { rememberDocsVersion } from './docs-version.ts';
import { forgetPageData, loadSidebar } from './page-loader.ts';
import { installPrefetch } from './prefetch.ts';
import { installRouter, type LoadedPage } from './router.ts';
import { SearchHost } from './search/SearchHost.tsx';
import { useShellState } from './shell-state.ts';
import { lazyCategoryEvent, openCategoryOf, openCurrentBranch, rememberSidebarFocus, whenIdle } from './sidebar.ts';

/** Sent by watch mode's live-reload script (src/serve/live-reload.ts) when pages were rebuilt. */
const pagesChangedEvent = 'portal:pages-changed';

export type CurrentPage = LoadedPage;

/**
 * The hydrated shell. The router loads the next page's data and hands it to `setPage`; the
 * shell re-renders around it (title, sidebar highlight, breadcrumbs, TOC).
 */
export function App({ site, page: initial }: { site: ClientSiteData; page: CurrentPage }) {
  const shell = useShellState(site);
  const [page, setPage] = useState(initial);
  const [revision, setRevision] = useState(0);
  const [searchOpen, setSearchOpen] = useState(false);
  const hasSearch = site.navbar.some((item) => item.kind === 'search');
  const current = useRef(page);
  current.current = page;
  const router = useRef<{ reload: () => Promise<void> }>(undefined);
  const afterCommit = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    const show = (next: CurrentPage, after?: () => void) => {
      afterCommit.current = after;
      setPage(next);
      setRevision((value) => value + 1);
    };
    router.current = installRouter({ site, show, current: () => current.current });
    installPrefetch();
    // Watch mode: pages were rebuilt; refresh the open one in place if it is among them.
    window.addEventListener(pagesChangedEvent, (event) => {
      const routes = (event as CustomEvent<string[]>).detail;
      forgetPageData(routes);
      if (routes.includes(current.current.data.route)) router.current?.reload().catch(() => window.location.reload());
    });
  }, []);

  useEffect(() => {
    afterCommit.current?.();
    afterCommit.current = undefined;
  }, [revision]);

  // Sidebars: open the branch of the page shown (and a category the reader asked for), then
  // replace a page's partial sidebar with the area's full one once the browser is idle.
  const categoryToOpen = useRef<string | undefined>(undefined);
  const restoreFocus = useRef<(() => void) | undefined>(undefined);
  useLayoutEffect(() => {
    openCurrentBranch();
    if (categoryToOpen.current) openCategoryOf(categoryToOpen.current);
    categoryToOpen.current = undefined;
    // New markup replaced the element a keyboard user was on: put focus back on its twin.
    restoreFocus.current?.();
    restoreFocus.current = undefined;
  }, [page.sidebarHtml, page.data.route]);
  useEffect(() => {
    const url = page.data.sidebar;
    if (!url || !page.sidebarHtml?.includes('data-lazy')) return;
    const route = page.data.route;
    let cancelled = false;
    const swapIn = () =>
      loadSidebar(url)
        .then((full) => {
          if (cancelled) return;
          restoreFocus.current = rememberSidebarFocus();
          setPage((shown) => (shown.data.route === route ? { ...shown, sidebarHtml: full } : shown));
        })
        .catch(() => undefined); // the partial sidebar still works; a navigation retries
    const onLazyCategory = (event: Event) => {
      categoryToOpen.current = (event as CustomEvent<string>).detail;
      void swapIn();
    };
    document.addEventListener(lazyCategoryEvent, onLazyCategory);
    const cancelIdle = whenIdle(() => void swapIn());
    return () => {
      cancelled = true;
      document.removeEventListener(lazyCategoryEvent, onLazyCategory);
      cancelIdle();
    };
  }, [page.sidebarHtml, page.data.sidebar]);

  useEffect(() => {
    shell.setMobileSidebarOpen(false); // choosing a link closes the mobile menu
    rememberDocsVersion(page.data.area);
  }, [page.data.route]);

  return (
    <>
    <Layout
      site={site}
      page={page.data}
      html={page.html}
      sidebarHtml={page.sidebarHtml}
      shell={hasSearch ? { ...shell, openSearch: () => setSearchOpen(true) } : shell}
      revision={revision}
      onRetry={() => router.current?.reload().catch(() => window.location.reload())}
    />
    {hasSearch && <SearchHost site={site} open={searchOpen} setOpen={setSearchOpen} area={page.data.area} />}
    </>
  );
}
