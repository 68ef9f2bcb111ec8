import { areaOfSidebar, flattenSidebar, type Sidebars } from '../content/sidebars.ts';
import type { Page } from '../page.ts';
import { fillDocCardLists } from './doc-card-lists.ts';
import type { PortalConfig } from '../config/schema.ts';

/** Fills breadcrumbs and previous/next for every page of an area, from the shared sidebars. */
export function addNavigation(table: Map<string, Page>, sidebars: Sidebars, config: PortalConfig): void {
  // A page belongs to the first sidebar that lists it (an area's own comes first): that one is
  // shown on it, and gives its previous and next, as in Docusaurus.
  const claimed = new Set<string>();
  for (const [key, items] of sidebars.byArea) {
    const order = flattenSidebar(items);
    order.forEach((entry, index) => {
      const page = table.get(entry.href);
      if (!page || (claimed.has(entry.href) && key !== areaOfSidebar(key))) return;
      claimed.add(entry.href);
      const previous = order[index - 1];
      const next = order[index + 1];
      page.previous = previous && { route: previous.href, title: previous.label };
      page.next = next && { route: next.href, title: next.label };
      page.area ??= areaOfSidebar(key);
      if (key !== page.area) page.sidebar = key;
    });
  }
  fillDocCardLists(table, sidebars);
  for (const page of table.values()) {
    if (!page.area) continue;
    const trail = sidebars.ancestors.get(page.route) ?? nearestTrail(page.route, sidebars, table) ?? [{ label: config.areas[page.area].label }];
    page.breadcrumbs = [...trail.map((crumb) => ({ label: crumb.label, route: crumb.href })), { label: breadcrumbLabelOf(page) }];
  }
}

/** The label a page's own breadcrumb (and its children's trails) ends with. */
export const breadcrumbLabelOf = (page: Pick<Page, 'sidebarLabel' | 'title'>): string => page.sidebarLabel ?? page.title;

/** Pages outside the sidebar (a class of a package) borrow the trail of their nearest listed parent route. */
function nearestTrail(route: string, sidebars: Sidebars, table: Map<string, Page>): { label: string; href?: string }[] | undefined {
  for (let parent = route.slice(0, route.lastIndexOf('/')); parent.length > 1; parent = parent.slice(0, parent.lastIndexOf('/'))) {
    const trail = sidebars.ancestors.get(parent);
    const page = table.get(parent);
    if (trail && page) return [...trail, { label: breadcrumbLabelOf(page), href: parent }];
  }
  return undefined;
}
