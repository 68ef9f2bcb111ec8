import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';

// A page may take its title from a leading "# Heading" instead of front matter; the template
// draws the h1, so the heading is lifted out of the body.
export function remarkLeadingTitle() {
  return (tree: Root, file: VFile) => {
    const index = tree.children.findIndex((node) => node.type !== 'yaml' && node.type !== 'html');
    const first = tree.children[index];
    if (first?.type === 'heading' && first.depth === 1) {
      file.data.leadingTitle = toString(first);
      tree.children.splice(index, 1);
    }
  };
}
