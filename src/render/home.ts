import type { PortalConfig } from '../config/schema.ts';
import type { AreaId } from '../shared/types.ts';
import type { HomeArea } from '../../templates/pages/HomePage.tsx';

// What each area offers, as entry points; an entry appears once its page exists.
const offers: Record<AreaId, { label: string; route: string }[]> = {
  infinity: [
    { label: 'npm packages for web apps', route: '/docs/infinity/web/npm-packages/introduction' },
    { label: 'Web tutorial with the npm packages', route: '/docs/infinity/web/tutorials/npm-packages/introduction' },
    { label: 'Web App 3 plugins', route: '/docs/infinity/web/plugins/webapp-3/introduction' },
    { label: 'Android and iOS SDKs', route: '/docs/infinity/mobile/introduction' },
  ],
  vpaas: [
    { label: 'REST API reference', route: '/docs/vpaas/api/vpaas-api' },
    { label: 'Tutorial: build a VPaaS app', route: '/docs/vpaas/tutorial/introduction' },
    { label: 'npm packages', route: '/docs/category/npm-packages-1' },
  ],
  oneTouchJoin: [
    { label: 'Token API', route: '/docs/cloud-one-touch-join/api/token/token-api' },
    { label: 'Meetings API', route: '/docs/cloud-one-touch-join/api/meetings/meetings-api' },
  ],
};

export function homeAreas(config: PortalConfig, routeOfDoc: Map<string, string>, routes: Set<string>): HomeArea[] {
  return (Object.entries(config.areas) as [AreaId, PortalConfig['areas']['infinity']][]).map(([id, area]) => ({
    title: area.label,
    href: routeOfDoc.get(area.mainDoc) ?? '/docs',
    summary: areaSummaries[id],
    offers: offers[id].filter((offer) => routes.has(offer.route)).map((offer) => ({ label: offer.label, href: offer.route })),
  }));
}

/** One sentence per area, on the home page and the /docs page. */
export const areaSummaries: Record<AreaId, string> = {
  infinity:
    'Build on the self-hosted Pexip Infinity platform: web apps with the npm packages, Web App 3 plugins, and native Android and iOS apps.',
  vpaas:
    'Embed video meetings in your own product with the hosted Pexip VPaaS: a REST API for meetings and participants, and a browser SDK.',
  oneTouchJoin:
    'Show upcoming meetings on video systems with the Cloud One-Touch Join token and meetings APIs.',
};
