import { options } from 'preact';
import { hydrateRoot } from 'react-dom/client';
import type { ClientSiteData, PageData } from '../shared/types.ts';
import { App, type CurrentPage } from './App.tsx';
import { installEnhancements } from './enhancements.ts';
import { installNavbarFit } from './navbar-fit.ts';

/** Reads what the server rendered (page data, article and sidebar markup) and hydrates the shell. */
function readInitialPage(): CurrentPage {
  const data = JSON.parse(document.getElementById('__PORTAL_PAGE__')?.textContent ?? '{}') as PageData;
  const html = document.getElementById('portal-article')?.innerHTML ?? '';
  const sidebarHtml = document.querySelector('.doc-sidebar .sidebar-nav')?.innerHTML;
  return { data, html, sidebarHtml };
}

// The bundle runs React's API on Preact (src/render/bundle.ts). Preact runs effects a frame after
// a render; React runs them before the next input event, which is what the shell's listeners
// (a dropdown's outside click, say) rely on: run them right after the render, as React does.
options.requestAnimationFrame = (callback) => queueMicrotask(callback);

const root = document.getElementById('__portal');
if (root) {
  installEnhancements();
  hydrateRoot(root, <App site={JSON.parse(__PORTAL_SITE_JSON__) as ClientSiteData} page={readInitialPage()} />, {
    onRecoverableError: (error) => console.warn('portal: hydration mismatch', error),
  });
  // Marked after the first client render, so tests and styles can tell.
  // The search button shows from then on, so the navbar's row is measured after it.
  requestAnimationFrame(() => {
    document.documentElement.setAttribute('data-hydrated', 'true');
    installNavbarFit();
  });
}
