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
