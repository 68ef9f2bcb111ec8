import type { ClientSiteData, NavbarItemView } from './types.ts';

/** The area a route belongs to: the one whose base path holds it. */
export function areaOfRoute(areas: ClientSiteData['areas'], route: string): ClientSiteData['areas'][number] | undefined {
  return areas.find((area) => route === area.routeBasePath || route.startsWith(`${area.routeBasePath}/`));
}

/**
 * The navbar as a page shows it: a version item (`followsArea`) opens the main doc of the area
 * being read, as Docusaurus's does for its docs plugin; outside any area it keeps its `href`.
 * The server and the browser both call this with the page's route, so hydration agrees.
 */
export function navbarForRoute(items: NavbarItemView[], areas: ClientSiteData['areas'], route: string): NavbarItemView[] {
  const main = areaOfRoute(areas, route)?.mainRoute;
  if (!main) return items;
  return items.map((item) => {
    if (item.kind === 'link' && item.followsArea) return { ...item, href: main };
    if (item.kind === 'dropdown' && item.items.some((child) => child.followsArea)) return { ...item, items: item.items.map((child) => (child.followsArea ? { ...child, href: main } : child)) };
    return item;
  });
}
