import { flattenSidebar, type Sidebars } from '../content/sidebars.ts';
import type { Page } from '../page.ts';
import type { PortalConfig } from '../config/schema.ts';

/** Fills breadcrumbs and previous/next for every page of an area, from the shared sidebars. */
export function addNavigation(table: Map<string, Page>, sidebars: Sidebars, config: PortalConfig): void {
  for (const [area, items] of sidebars.byArea) {
    const order = flattenSidebar(items);
    order.forEach((entry, index) => {
      const page = table.get(entry.href);
      if (!page) return;
      const previous = order[index - 1];
      const next = order[index + 1];
      page.previous = previous && { route: previous.href, title: previous.label };
      page.next = next && { route: next.href, title: next.label };
      page.area ??= area;
    });
  }
  for (const page of table.values()) {
    if (!page.area) continue;
    const trail = sidebars.ancestors.get(page.route) ?? [{ label: config.areas[page.area].label }];
    page.breadcrumbs = [...trail.map((crumb) => ({ label: crumb.label, route: crumb.href })), { label: page.sidebarLabel ?? page.title }];
  }
}
