import { Layout } from '../../templates/Layout.tsx';
import type { ClientSiteData, PageData } from '../shared/types.ts';
import { useShellState } from './shell-state.ts';

export interface CurrentPage {
  data: PageData;
  html: string;
  sidebarHtml?: string;
}

/**
 * The hydrated shell. The page is a prop so that a client-side router can swap it: it loads the
 * next page's data and calls the setter; nothing else in the shell has to change.
 */
export function App({ site, page }: { site: ClientSiteData; page: CurrentPage }) {
  const shell = useShellState(site);
  return <Layout site={site} page={page.data} html={page.html} sidebarHtml={page.sidebarHtml} shell={shell} />;
}
