import type { DocSource } from '../content/docs.ts';
import { docTags } from '../content/doc-tags.ts';
import { docusaurusUrl } from '../content/route-links.ts';
import { sidebarEntryOf } from '../content/sidebars.ts';
import type { Page } from '../page.ts';
import { breadcrumbLabelOf } from './navigation.ts';

/**
 * What the rest of the site reads of a doc and of the page made from it, through the build's own
 * readers: its route, id and former URL (links from other docs), its entry in the sidebars (and
 * so its neighbours' previous/next, the category pages and card lists), its title (the route
 * manifest, llms.txt), the label its breadcrumbs end with, the description category pages and
 * card lists show, the dates its feed and the sitemap carry, and its tags (the tag pages). While this stays the same, an
 * edit changes that page alone: watch mode rebuilds it in place, and anything else in full.
 */
export function siteReadsOf(doc: DocSource, page: Pick<Page, 'title' | 'sidebarLabel' | 'description' | 'declaredDates'>): string {
  return JSON.stringify({
    route: doc.route,
    id: doc.id,
    url: docusaurusUrl(doc, undefined),
    sidebar: sidebarEntryOf(doc),
    title: page.title,
    breadcrumb: breadcrumbLabelOf(page),
    description: page.description ?? null,
    dates: page.declaredDates ?? null,
    tags: docTags(doc),
  });
}
