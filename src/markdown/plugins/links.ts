import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';

export interface CollectedLink {
  href: string;
  line?: number;
  column?: number;
  /** Where in the source the link is, when a line cannot say it (a JSON pointer into an OpenAPI spec). */
  where?: string;
  /** How to fix the link if it is broken, beyond the closest match. */
  hint?: string;
}

export interface LinkOptions {
  /** Maps a relative Markdown link ("../intro.md#x") to a route ("/docs/intro#x"); undefined if the file is missing. */
  resolveMarkdownLink: (href: string, file: VFile) => string | undefined;
}

const unsafeScheme = /^\s*(javascript|vbscript|data|file):/i;
const external = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Rewrites links to .md files into routes, marks external links, rejects unsafe schemes and
 * records every internal href with its position for the link checker (`file.data.links`).
 */
export function rehypeLinks(options: LinkOptions) {
  return (tree: Root, file: VFile) => {
    const links: CollectedLink[] = [];
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string') return;
      const href = node.properties.href;
      const position = { line: node.position?.start.line, column: node.position?.start.column };
      if (unsafeScheme.test(href)) {
        const message = file.message(`unsafe link "${href.slice(0, 40)}": only http(s), mailto and site paths are allowed`, node);
        message.fatal = true;
        node.properties.href = '#';
        return;
      }
      if (external.test(href) || href.startsWith('//')) {
        node.properties.className = ['external'];
        return;
      }
      if (/\.mdx?(#|$)/.test(href) && !href.startsWith('/')) {
        const route = options.resolveMarkdownLink(href, file);
        if (!route) {
          file.message(`link to "${href}" points to a Markdown file that does not exist`, node);
          node.properties.dataBrokenMarkdownLink = true;
          return;
        }
        node.properties.href = route;
      }
      if (!String(node.properties.className ?? '').includes('hash-link')) {
        links.push({ href: String(node.properties.href), ...position });
      }
    });
    file.data.links = links;
  };
}
