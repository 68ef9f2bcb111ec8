import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import type { TocEntry } from '../../shared/types.ts';

export interface TocOptions {
  minLevel: number;
  maxLevel: number;
}

/** Collects h2..h5 (or the page's own levels) with their ids into `file.data.toc`. Runs after rehype-slug. */
export function rehypeToc(options: TocOptions) {
  return (tree: Root, file: VFile) => {
    const toc: TocEntry[] = [];
    visit(tree, 'element', (node: Element) => {
      const depth = /^h([1-6])$/.exec(node.tagName)?.[1];
      if (!depth || !node.properties.id) return;
      const level = Number(depth);
      if (level < options.minLevel || level > options.maxLevel) return;
      toc.push({ depth: level, id: String(node.properties.id), text: toString(node).trim() });
    });
    file.data.toc = toc;
  };
}

/**
 * Docusaurus's `<TOCInline />` (html-subset.ts leaves `div[data-toc-inline]` where it stands):
 * the page's headings as nested links, from `minHeadingLevel` (2) to `maxHeadingLevel` (3).
 * Runs after rehypeToc.
 */
export function rehypeInlineToc() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      if (node.properties.dataTocInline === undefined) return;
      const min = Number(node.properties.dataMin ?? 2) || 2;
      const max = Number(node.properties.dataMax ?? 3) || 3;
      const entries = (file.data.toc ?? []).filter((entry) => entry.depth >= min && entry.depth <= max);
      const root: Element = { type: 'element', tagName: 'ul', properties: {}, children: [] };
      // Each entry goes into the list of the nearest shallower entry before it.
      const open: { depth: number; list: Element }[] = [{ depth: min - 1, list: root }];
      for (const entry of entries) {
        while (open.length > 1 && open[open.length - 1].depth >= entry.depth) open.pop();
        const item: Element = { type: 'element', tagName: 'li', properties: {}, children: [{ type: 'element', tagName: 'a', properties: { href: `#${entry.id}` }, children: [{ type: 'text', value: entry.text }] }] };
        open[open.length - 1].list.children.push(item);
        const list: Element = { type: 'element', tagName: 'ul', properties: {}, children: [] };
        item.children.push(list);
        open.push({ depth: entry.depth, list });
      }
      visit(root, 'element', (list: Element, index, parent) => {
        if (list.tagName === 'ul' && list.children.length === 0 && parent && index !== undefined) {
          parent.children.splice(index, 1);
          return index;
        }
      });
      node.tagName = 'div';
      node.properties = { className: ['toc-inline'] };
      node.children = root.children.length ? [root] : [];
    });
  };
}
