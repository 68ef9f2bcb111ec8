import type { Element, Root } from 'hast';
import { SKIP, visit } from '../visit.ts';
import { isHighlightedBlock } from './code-blocks.ts';

// Wide tables scroll inside a focusable wrapper, so keyboard users can scroll them too.
export function rehypeScrollableTables() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (isHighlightedBlock(node)) return SKIP;
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-wrapper'], tabIndex: 0 },
        children: [node],
      };
      return SKIP;
    });
  };
}
