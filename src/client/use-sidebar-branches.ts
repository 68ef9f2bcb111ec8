import { type Dispatch, type SetStateAction, useEffect, useLayoutEffect, useRef } from 'react';
import { loadSidebar } from './page-loader.ts';
import type { LoadedPage } from './router.ts';
import { lazyCategoryEvent, openCategoryOf, openCurrentBranch, rememberSidebarFocus, revealCurrentInDrawer, whenIdle } from './sidebar.ts';

/**
 * Keeps the sidebar in step with the page shown: opens the branch that leads to it (and a
 * category the reader asked to open), and replaces a page's partial sidebar with the area's
 * full one once the browser is idle, or at once when a closed category is opened. The phone
 * drawer's copy is new markup each time it opens, so its branch is opened (and the current link
 * scrolled into view) when it opens too.
 */
export function useSidebarBranches(page: LoadedPage, setPage: Dispatch<SetStateAction<LoadedPage>>, drawerOpen: boolean): void {
  const categoryToOpen = useRef<string | undefined>(undefined);
  const restoreFocus = useRef<(() => void) | undefined>(undefined);
  useLayoutEffect(() => {
    openCurrentBranch();
    if (categoryToOpen.current) openCategoryOf(categoryToOpen.current);
    categoryToOpen.current = undefined;
    // New markup replaced the element a keyboard user was on: put focus back on its twin.
    restoreFocus.current?.();
    restoreFocus.current = undefined;
    if (drawerOpen) revealCurrentInDrawer();
  }, [page.sidebarHtml, page.data.route, drawerOpen]);
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
}
