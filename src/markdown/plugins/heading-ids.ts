import type { Heading, Root } from 'mdast';
import { visit } from '../visit.ts';

// Docusaurus's explicit heading id: "## Set up {#setup}" is the heading "Set up" with the id
// "setup", so links to "#setup" hold when the wording changes. rehype-slug keeps an id it finds.
const explicitId = /\s*\{#([\w.:-]+)\}\s*$/;

export function remarkHeadingIds() {
  return (tree: Root) => {
    visit(tree, 'heading', (node: Heading) => {
      const last = node.children[node.children.length - 1];
      if (last?.type !== 'text') return;
      const match = explicitId.exec(last.value);
      if (!match) return;
      last.value = last.value.slice(0, match.index);
      if (last.value === '') node.children.pop();
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id: match[1] } };
    });
  };
}
