import { renderToStaticMarkup } from 'react-dom/server';
import { Sidebar } from '../../templates/shell/Sidebar.tsx';
import type { HomeArea } from '../shared/page-models.ts';
import { bodyOf, kindOf, policyOf } from '../kinds/table.ts';
import type { Page } from '../page.ts';
import type { ClientSiteData, PageData, SidebarItem } from '../shared/types.ts';
import { type DocumentAssets, type DocumentOptions, renderDocument } from './document.ts';
import { renderShell } from './ssr.tsx';
import { sha256Hex } from '../util/sha256.ts';

export interface RenderedPage {
  route: string;
  html: string;
  data: PageData;
}

export interface RenderContext {
  site: ClientSiteData;
  siteUrl: string;
  assets: DocumentAssets;
  home: HomeArea[];
  /** By sidebar key: an area's id, or `<area>.<sidebar id>` (content/sidebars.ts). */
  sidebars: Map<string, AreaSidebar>;
  /** The page's social card, named while it renders and drawn after (src/social-cards). */
  socialImage?: (page: Page) => DocumentOptions['image'];
  /** The Atom feeds a page links to. */
  feedsOf?: (page: Page) => DocumentOptions['feeds'];
}

/** An area's sidebar: the items, and the full markup the browser loads once per visit. */
export interface AreaSidebar {
  items: SidebarItem[];
  html: string;
  url: string;
}

/** Each area's full sidebar markup (every category closed), rendered once and published under a content hash. */
export function renderSidebars(byArea: Map<string, SidebarItem[]>): Map<string, AreaSidebar> {
  const result = new Map<string, AreaSidebar>();
  for (const [area, items] of byArea) {
    const html = renderToStaticMarkup(<Sidebar items={items} />);
    const hash = sha256Hex(html).slice(0, 10);
    result.set(area, { items, html, url: `/_data/sidebars/${area}.${hash}.html` });
  }
  return result;
}

/** One page to its full HTML document and its data file for client-side navigation. */
/** A page's social card (none for the 404 page), named by the render context. */
export function socialImageOf(page: Page, context: Pick<RenderContext, 'socialImage'>): DocumentOptions['image'] {
  return policyOf(page).socialCard ? context.socialImage?.(page) : undefined;
}

export function renderPage(page: Page, context: RenderContext): RenderedPage {
  const html = bodyOf(page, context);
  const sidebarKey = page.sidebar ?? page.area;
  const sidebar = sidebarKey ? context.sidebars.get(sidebarKey) : undefined;
  const data: PageData = {
    route: page.route,
    kind: kindOf(page).shownAs,
    title: page.title,
    documentTitle: `${page.title} | ${context.site.title}`,
    description: page.description,
    area: page.area,
    toc: page.hideTableOfContents ? [] : page.toc,
    breadcrumbs: page.breadcrumbs ?? [],
    previous: page.previous,
    next: page.next,
    sidebar: sidebar?.url,
    canonical: `${context.siteUrl.replace(/\/$/, '')}${page.route}`,
    lastUpdated: page.lastUpdated,
    lastUpdatedBy: page.lastUpdatedBy,
    editUrl: page.editUrl,
  };
  // Only the branch that leads to this page: the page stays small however large the area grows.
  const sidebarHtml = sidebar && renderToStaticMarkup(<Sidebar items={sidebar.items} activeRoute={page.route} lazy />);
  const shell = renderShell(context.site, data, html, sidebarHtml);
  const document = renderDocument(data, shell, context.assets, {
    noindex: policyOf(page).noindex,
    openGraphType: policyOf(page).openGraphType,
    siteTitle: context.site.title,
    image: socialImageOf(page, context),
    feeds: context.feedsOf?.(page),
  });
  return { route: page.route, html: document, data: { ...data, html } };
}
