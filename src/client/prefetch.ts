import { dataUrlOf } from './page-loader.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Prefetches a page's data when the reader shows intent (hover, focus, touch) on an internal
 * link: never for every link in view, never twice, and not on 2g or with data saver on.
 */
export function installPrefetch(): void {
  const requested = new Set<string>();
  const supportsPrefetch = document.createElement('link').relList?.supports?.('prefetch') ?? false;

  const prefetch = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor?.href || anchor.target || anchor.hasAttribute('data-external')) return;
    const url = new URL(anchor.href);
    if (url.origin !== location.origin || url.pathname === location.pathname) return;
    if (/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.endsWith('.html')) return;
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    if (connection?.saveData || connection?.effectiveType?.includes('2g')) return;
    const dataUrl = dataUrlOf(url.pathname);
    if (requested.has(dataUrl)) return;
    requested.add(dataUrl);
    if (supportsPrefetch) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = dataUrl;
      link.as = 'fetch';
      link.crossOrigin = 'use-credentials';
      document.head.append(link);
    } else {
      void fetch(dataUrl, { credentials: 'include' }).catch(() => requested.delete(dataUrl));
    }
  };

  document.addEventListener('mouseover', prefetch, { passive: true });
  document.addEventListener('focusin', prefetch);
  document.addEventListener('touchstart', prefetch, { passive: true });
}
