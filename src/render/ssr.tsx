import { renderToString } from 'react-dom/server';
import { Layout } from '../../templates/Layout.tsx';
import { serverShellState } from '../../templates/shell/state.ts';
import type { ClientSiteData, PageData } from '../shared/types.ts';

/** Server-renders the shell around a page; the client hydrates the same tree. */
export function renderShell(site: ClientSiteData, page: PageData, html: string, sidebarHtml: string | undefined): string {
  return renderToString(
    <Layout site={site} page={page} html={html} sidebarHtml={sidebarHtml} shell={serverShellState(site.colorMode.defaultMode)} />,
  );
}
