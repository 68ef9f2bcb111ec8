import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { unsafeUrl } from '../../shared/url-scheme.ts';
import { SKIP, visit } from '../visit.ts';
import { isHighlightedBlock } from './code-blocks.ts';
import type { CollectedLink } from '../../page.ts';
import { isMarkdownFileLink, isRelativeRouteLink } from '../../shared/link-kinds.ts';


export interface LinkOptions {
  /** Maps a relative Markdown link ("../intro.md#x") to a route ("/docs/intro#x"); undefined if the file is missing. */
  resolveMarkdownLink: (href: string, file: VFile) => string | undefined;
  /** Reads a relative route link ("../other-page") as the page's Docusaurus site did; undefined leaves it as written. */
  resolveRouteLink?: (href: string, file: VFile) => { href: string; found: boolean; hint?: string } | undefined;
}

const external = /^[a-z][a-z0-9+.-]*:/i;

/** The rule id of the message about a `.md` link to a missing file. */
export const brokenMarkdownLinkRule = 'broken-markdown-link';

// Which kind of link an href is: shared with the link check, which must not load the Markdown pipeline.

/**
 * Rewrites links to .md files into routes, marks external links, rejects unsafe schemes and
 * records every internal href with its position for the link checker (`file.data.links`).
 */
export function rehypeLinks(options: LinkOptions) {
  return (tree: Root, file: VFile) => {
    const links: CollectedLink[] = [];
    visit(tree, 'element', (node: Element) => {
      if (isHighlightedBlock(node)) return SKIP;
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      const href = node.properties.href;
      const position = { line: node.position?.start.line, column: node.position?.start.column };
      const unsafe = unsafeUrl('link', href);
      if (unsafe) {
        const message = file.message(unsafe.message, node);
        message.fatal = true;
        message.note = unsafe.hint;
        node.properties.href = '#';
        return;
      }
      if (external.test(href) || href.startsWith('//')) {
        node.properties.className = ['external'];
        return;
      }
      if (isMarkdownFileLink(href)) {
        const route = options.resolveMarkdownLink(href, file);
        // "/guides/setup.md" that names no doc may still be a file of content/static: the link check says.
        if (!route && !href.startsWith('/')) {
          const message = file.message(`link to "${href}" points to a Markdown file that does not exist`, node);
          // The link check reports it, as the page's `onBrokenMarkdownLinks` says: kept here for callers without one.
          message.ruleId = brokenMarkdownLinkRule;
          node.properties.dataBrokenMarkdownLink = true;
          links.push({ href, ...position });
          return;
        }
        if (route) node.properties.href = route;
      }
      // Resolved at build time, so the link holds whether or not the reader's URL ends in "/".
      const relative = isRelativeRouteLink(href) ? options.resolveRouteLink?.(href, file) : undefined;
      if (relative) {
        node.properties.href = relative.href;
        links.push({ href: relative.href, ...position, written: href, ...(relative.hint ? { hint: relative.hint } : {}) });
        return;
      }
      if (!String(node.properties.className ?? '').includes('hash-link')) {
        links.push({ href: String(node.properties.href), ...position });
      }
    });
    file.data.links = links;
  };
}
