import { kindOf, policyOf } from '../kinds/table.ts';
import type { Page } from '../page.ts';
import type { RouteManifestEntry } from '../shared/types.ts';

const indexable = (page: Page) => policyOf(page).sitemap;

export function buildSitemap(pages: Page[], siteUrl: string): string {
  const base = siteUrl.replace(/\/$/, '');
  const urls = pages
    .filter(indexable)
    .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
    .map((page) => `  <url><loc>${base}${page.route === '/' ? '/' : page.route}</loc>${page.lastUpdated ? `<lastmod>${page.lastUpdated.slice(0, 10)}</lastmod>` : ''}</url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/$/, '')}/sitemap.xml\n`;
}

/** routes.json: every page's route, kind, title and area, sorted by route. */
export function buildRouteManifest(pages: Page[]): RouteManifestEntry[] {
  return pages
    .map((page) => ({ route: page.route, kind: kindOf(page).shownAs, title: page.title, ...(page.area ? { area: page.area } : {}) }))
    .sort((a, b) => a.route.localeCompare(b.route));
}
