import type { PortalConfig } from '../config/schema.ts';
import type { HomeArea } from '../shared/page-models.ts';

/** The home page's areas, from portal.config.ts: each with its summary and entry points. */
export function homeAreas(config: PortalConfig, routeOfDoc: Map<string, string>): HomeArea[] {
  return Object.values(config.areas).map((area) => ({
    title: area.label,
    href: routeOfDoc.get(area.mainDoc) ?? '/docs',
    summary: area.summary ?? '',
    // A missing page is not left out here: the link check reports it at the home page.
    offers: area.offers.map((offer) => ({ label: offer.label, href: offer.to })),
  }));
}
