import type { Element, Root } from 'hast';
import type { VFile } from 'vfile';
import { SKIP, visit } from '../visit.ts';

export interface SymbolLinkOptions {
  /** The reference page of an exported name in the page's docs area, if there is one. */
  resolveSymbol: (name: string, file: VFile) => string | undefined;
}

// Writers name APIs in inline code (`createInfinityClient`, `registerPlugin()`); when the name is
// an export of a documented package, the code links to its reference page, so guides and
// reference never drift apart and nobody maintains those links by hand.
const identifier = /^([A-Za-z_$][\w$]*)(\(\))?$/;

export function rehypeSymbolLinks(options: SymbolLinkOptions) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName === 'a' || node.tagName === 'pre' || /^h[1-6]$/.test(node.tagName)) return SKIP;
      if (node.tagName !== 'code' || !parent || index === undefined) return;
      const text = node.children.length === 1 && node.children[0].type === 'text' ? node.children[0].value : undefined;
      const name = text && identifier.exec(text)?.[1];
      const href = name && options.resolveSymbol(name, file);
      if (!href) return;
      parent.children[index] = { type: 'element', tagName: 'a', properties: { href, className: ['symbol-link'] }, children: [node] };
      return SKIP;
    });
  };
}
