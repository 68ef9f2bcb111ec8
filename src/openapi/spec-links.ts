import { slug } from 'github-slugger';
import type { Element, Root } from 'hast';
import { visit } from '../markdown/visit.ts';
import type { CollectedLink } from '../page.ts';
import { operationIds, overviewIds } from '../shared/api-ids.ts';

/** An operation that links in the spec's text may name, and the page it got here. */
export interface LinkableOperation {
  summary?: string;
  operationId?: string;
  route: string;
}

/** Ids every operation or overview page carries (its own sections), which a spec's "#…" may mean. */
const pageIds = new Set([...Object.values(operationIds), ...Object.values(overviewIds)]);

const external = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Where a link in a spec's own text goes. A spec published for another site follows that site's
 * conventions: "#list-issues" is the heading of an operation on a one-page reference and Redoc's
 * "#operation/listIssues" names one (here, that operation's page either way). With `linkBase`,
 * every other link that is not one of ours goes to the site the spec was published on:
 * root-relative ("/rest/guides/x") and page-relative ("guides/x") paths, Redoc's "#tag/…", and
 * "#anchors" that neither the text itself (`localIds`, its own headings) nor our page carries.
 * Without it, anything else is returned unchanged, for the link check to judge.
 */
export function specLinkResolver(operations: LinkableOperation[], linkBase: string | undefined): (href: string, localIds?: Set<string>) => string {
  // null: two operations share the heading, so the link cannot say which one it means.
  const routeByHeading = new Map<string, string | null>();
  for (const operation of operations) {
    if (!operation.summary) continue;
    const heading = slug(operation.summary);
    routeByHeading.set(heading, routeByHeading.has(heading) ? null : operation.route);
  }
  const routeById = new Map(operations.filter((operation) => operation.operationId).map((operation) => [operation.operationId!, operation.route]));
  return (href, localIds = new Set()) => {
    if (href.startsWith('#')) {
      const fragment = decodeFragment(href.slice(1));
      const redocOperation = /^operation\/(.+)$/.exec(fragment)?.[1];
      const ours = (redocOperation && routeById.get(redocOperation)) || routeByHeading.get(fragment);
      if (ours) return ours;
      if (linkBase && !localIds.has(fragment) && !pageIds.has(fragment) && !/^response-/.test(fragment)) return new URL(href, linkBase).href;
      return href;
    }
    if (!linkBase || external.test(href)) return href;
    // Root-relative or page-relative: a page of the site the spec was written for.
    return new URL(href, linkBase).href;
  };
}

/**
 * Applies `resolve` to the links of one rendered text (its tree and the internal links the
 * Markdown pipeline collected from it); returns the links that are still internal.
 */
export function rewriteSpecLinks(tree: Root, links: CollectedLink[], resolveLink: (href: string, localIds?: Set<string>) => string): CollectedLink[] {
  // The text's own headings (and other ids) are on whatever page shows it: its "#…" to them stay.
  const localIds = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    if (typeof node.properties.id === 'string') localIds.add(node.properties.id);
  });
  const resolve = (href: string) => resolveLink(href, localIds);
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
    // A heading's own anchor is not a link the writer made.
    if (String(node.properties.className ?? '').includes('hash-link')) return;
    const href = resolve(node.properties.href);
    if (href === node.properties.href) return;
    node.properties.href = href;
    if (external.test(href)) node.properties.className = ['external'];
  });
  return links.flatMap((link) => {
    const href = resolve(link.href);
    return external.test(href) ? [] : [{ ...link, href }];
  });
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
