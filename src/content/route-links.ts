import fs from 'node:fs';
import path from 'node:path';
import type { AreaId } from '../shared/types.ts';
import type { PortalConfig } from '../config/schema.ts';
import { type DocSource, type DocsTree, normalizeRoute } from './docs.ts';
import { generatedIndexRoute } from './sidebars.ts';
import { safeDecode } from '../util/safe-decode.ts';
import type { ResolvedRouteLink, RouteLinks } from '../markdown/doc-links.ts';

/**
 * What resolving relative route links needs to know about the whole docs tree. Plain data, so
 * it travels to the render workers.
 */
export interface RouteLinkSetup {
  /** Each area's `trailingSlash` (portal.config.ts), as the Docusaurus site it came from had it. */
  trailingSlash: Partial<Record<AreaId, boolean>>;
  /** Routes of the generated category indexes (`/docs/category/…`, or a `slug` of their own). */
  categoryRoutes: string[];
}

/**
 * The URL a doc had on its Docusaurus site, in our route space. Docusaurus gives a folder's index
 * doc its folder's URL ending in "/", and any other doc its own URL without one; `trailingSlash:
 * true` adds a "/" to every URL and `false` takes it off every one. The browser resolved the
 * doc's relative links against that URL, so a sibling link reads differently on each.
 */
export function docusaurusUrl(doc: DocSource, trailingSlash: boolean | undefined): string {
  // A folder index already has its folder's route (docs.ts gives it Docusaurus's URL).
  const endsInSlash = trailingSlash ?? (doc.folderIndex === true || doc.frontMatter.slug?.endsWith('/') === true);
  return endsInSlash && doc.route !== '/' ? `${doc.route}/` : doc.route;
}

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/** Looks links up by our routes and by the URLs the docs had on the Docusaurus site. */
export class RouteLinkResolver implements RouteLinks {
  private readonly targets = new Map<string, string>();
  private readonly bases = new Map<string, string>();
  private readonly categories: Set<string>;
  private readonly areas = new Map<string, AreaId>();
  private readonly trailingSlash: RouteLinkSetup['trailingSlash'];

  constructor(docs: DocSource[], setup: RouteLinkSetup) {
    this.categories = new Set(setup.categoryRoutes);
    this.trailingSlash = setup.trailingSlash;
    for (const route of setup.categoryRoutes) this.targets.set(route, route);
    for (const doc of docs) this.targets.set(doc.route, doc.route);
    for (const doc of docs) {
      const trailingSlash = doc.area ? setup.trailingSlash[doc.area] : undefined;
      const url = docusaurusUrl(doc, trailingSlash);
      this.bases.set(doc.absoluteFile, url);
      if (doc.area) this.areas.set(doc.absoluteFile, doc.area);
    }
  }

  /** Undefined when the file is not a doc (its links stay as they are). */
  resolve(href: string, absoluteFile: string): ResolvedRouteLink | undefined {
    const base = this.bases.get(absoluteFile);
    if (!base) return undefined;
    // A file beside the page ("./files/setup.zip") is a file link, as in Docusaurus, not a URL.
    const written = href.split(/[?#]/)[0];
    if (written && isFile(path.resolve(path.dirname(absoluteFile), safeDecode(written)))) return undefined;
    const url = new URL(href, `http://docs.invalid${base}`);
    const resolved = safeDecode(url.pathname);
    const suffix = `${url.search}${url.hash}`;
    const route = this.lookUp(resolved);
    if (route) return { href: `${route}${suffix}`, base, found: true };
    const area = this.areas.get(absoluteFile);
    const setting = area ? `areas.${area}.trailingSlash is ${this.trailingSlash[area] ?? 'unset'}` : 'outside any area';
    return {
      href: `${url.pathname}${suffix}`,
      base,
      found: false,
      hint: `A relative link is read from the page's URL as its Docusaurus site had it, "${base}" (${setting}). Link to the file instead ("../page.md"), which holds under any URL style.`,
    };
  }

  private lookUp(resolved: string): string | undefined {
    const trimmed = normalizeRoute(resolved);
    for (const candidate of [trimmed, trimmed.toLowerCase()]) {
      const route = this.targets.get(candidate);
      if (route) return route;
      // A generated index keeps its Docusaurus URL (/docs/category/x), outside the area's prefix.
      const outsideArea = `/docs${candidate.replace(/^\/docs\/[^/]+/, '')}`;
      if (this.categories.has(outsideArea)) return outsideArea;
    }
    return undefined;
  }
}

/** The setup of a build: each area's `trailingSlash` and the routes of the generated indexes. */
export function routeLinkSetup(tree: DocsTree, config: PortalConfig): RouteLinkSetup {
  const categoryRoutes = [...tree.categories].filter(([, category]) => category.link?.type === 'generated-index').map(([folder, category]) => generatedIndexRoute(folder, category));
  const trailingSlash: RouteLinkSetup['trailingSlash'] = {};
  for (const [id, area] of Object.entries(config.areas) as [AreaId, PortalConfig['areas'][AreaId]][]) if (area.trailingSlash !== undefined) trailingSlash[id] = area.trailingSlash;
  return { trailingSlash, categoryRoutes };
}
