import type { Element, Root as HastRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import type { Root as MdastRoot } from 'mdast';
import { SKIP, visit } from '../markdown/visit.ts';
import { absoluteUrl } from './absolute-links.ts';
import { stringifyMarkdown } from './stringify.ts';
import { markCheckLines } from './check-lines.ts';

/**
 * Markdown from HTML our own templates rendered (descriptions, reference bodies): controls that
 * only make sense on screen (copy buttons, heading "#" links, anything marked data-markdown-ignore) are dropped, admonitions become
 * blockquotes, links absolute URLs on the page at `route`, a code block's label its check line.
 */
export function htmlToMarkdown(html: string, siteUrl: string, route: string): string {
  return stringifyMarkdown(htmlToMdast(html, siteUrl, route));
}

/** The same, as a Markdown tree, for a twin a writer assembles from its model around such fragments. */
export function htmlToMdast(html: string, siteUrl: string, route: string): MdastRoot {
  const hast = fromHtml(html, { fragment: true });
  prepare(hast, siteUrl, route);
  const mdast = toMdast(hast) as MdastRoot;
  markCheckLines(mdast);
  return mdast;
}

function prepare(tree: HastRoot, siteUrl: string, route: string): void {
  visit(tree, 'element', (node: Element, index, parent) => {
    const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
    if (parent && index !== undefined && (node.tagName === 'button' || classes.includes('hash-link') || node.properties.hidden !== undefined || node.properties.dataMarkdownIgnore !== undefined)) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    if (node.tagName === 'aside') node.tagName = 'blockquote';
    if (classes.includes('admonition-heading')) node.children = [{ type: 'element', tagName: 'strong', properties: {}, children: node.children }];
    for (const attribute of ['href', 'src'] as const) {
      const value = node.properties[attribute];
      if (typeof value === 'string') node.properties[attribute] = absoluteUrl(value, siteUrl, route);
    }
    return undefined;
  });
}
