import { slug } from 'github-slugger';
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';
import type { CollectedLink } from '../../markdown/plugins/links.ts';

/** An operation that links in the spec's text may name, and the page it got here. */
export interface LinkableOperation {
  summary?: string;
  route: string;
}

const external = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * Where a link in a spec's own text goes. A spec published for another site follows that site's
 * conventions: "#list-issues" is the heading of an operation on a one-page reference (here, that
 * operation's page), and "/rest/guides/x" is a page of the site it was published on (`linkBase`).
 * Anything else is returned unchanged, for the link check to judge.
 */
export function specLinkResolver(operations: LinkableOperation[], linkBase: string | undefined): (href: string) => string {
  // null: two operations share the heading, so the link cannot say which one it means.
  const routeByHeading = new Map<string, string | null>();
  for (const operation of operations) {
    if (!operation.summary) continue;
    const heading = slug(operation.summary);
    routeByHeading.set(heading, routeByHeading.has(heading) ? null : operation.route);
  }
  return (href) => {
    if (href.startsWith('#')) return routeByHeading.get(decodeFragment(href.slice(1))) ?? href;
    if (linkBase && href.startsWith('/') && !href.startsWith('//')) return new URL(href, linkBase).href;
    return href;
  };
}

/**
 * Applies `resolve` to the links of one rendered text (its tree and the internal links the
 * Markdown pipeline collected from it); returns the links that are still internal.
 */
export function rewriteSpecLinks(tree: Root, links: CollectedLink[], resolve: (href: string) => string): CollectedLink[] {
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
