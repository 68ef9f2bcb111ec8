import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from '../visit.ts';

// A "#" link after each h2..h6 so readers can copy a deep link; its label says where it goes.
export function rehypeHeadingAnchors() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (!/^h[2-6]$/.test(node.tagName) || !node.properties.id) return;
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: {
          href: `#${node.properties.id}`,
          className: ['hash-link'],
          ariaLabel: `Direct link to ${toString(node).trim()}`,
          // Not text of the page: the Markdown twin has no such link, and checks that compare the two skip it.
          dataMarkdownIgnore: '',
        },
        children: [{ type: 'text', value: '#' }],
      });
    });
  };
}
