import type { Html, Nodes, Root, RootContent } from 'mdast';
import { copyTree } from './copy-tree.ts';
import { visit } from './visit.ts';

/**
 * MDX partials, as Docusaurus uses them: a page imports an `_`-prefixed file
 * (`import Part from './_part.mdx'`) and writes `<Part />` on a line of its own, where the
 * partial's content then stands. `partOf` gives an imported name's parsed content (the page's
 * partials are read by content/partials.ts). Its nodes take the place of the `<Part />` tag, so a message about them
 * points at that line of the page.
 */
export function spliceParts(tree: Root, partOf: (name: string) => Root | undefined): void {
  visit(tree, 'html', (node: Html, index, parent) => {
    const name = /^<([A-Z][\w]*)\s*\/>$/.exec(node.value.trim())?.[1];
    const part = name === undefined ? undefined : partOf(name);
    if (!part || !parent || index === undefined || parent.type === 'paragraph') return;
    const children = copyTree(part.children);
    for (const child of children) placeAt(child, node.position);
    parent.children.splice(index, 1, ...(children as never[]));
    return index + children.length;
  });
}

// Line and column only: an offset would point plugins that read the page's text (an unclosed
// `:::` fence) at the page's characters, not the partial's.
function placeAt(node: Nodes | RootContent, position: Html['position']): void {
  node.position = position && { start: { line: position.start.line, column: position.start.column }, end: { line: position.end.line, column: position.end.column } };
  if ('children' in node) for (const child of node.children) placeAt(child, position);
}
