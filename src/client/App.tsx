import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Layout } from '../../templates/Layout.tsx';
import { pagesChangedEvent } from '../shared/live-events.ts';
import type { ClientSiteData } from '../shared/types.ts';
import { rememberDocsVersion } from './docs-version.ts';
import { forgetPageData } from './page-loader.ts';
import { restoreTabChoices } from './enhancements.ts';
import { fitNavbar } from './navbar-fit.ts';
import { installPrefetch } from './prefetch.ts';
import { installRouter, type LoadedPage } from './router.ts';
import { SearchHost } from './search/SearchHost.tsx';
import { useShellState } from './shell-state.ts';
import { useSidebarBranches } from './use-sidebar-branches.ts';

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
    restoreTabChoices(); // the new page's tab sets show the reader's remembered choices
  }, [revision]);

  useSidebarBranches(page, setPage, shell.mobileSidebarOpen);

  // The TOC's current-section marker: re-observed whenever a page is shown (its headings are new
  // elements); its code loads after the first paint, which it is not needed for.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./current-section.ts').then((module) => {
      if (!cancelled) stop = module.watchCurrentSection(page.data.toc.map((entry) => entry.id));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [revision]);

  // Another page may carry other navbar items (an area's version menu): measure its row again.
  useLayoutEffect(fitNavbar, [page.data.route]);

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
