import type { Root, Text } from 'mdast';
import type { VFile } from 'vfile';
import { SKIP, visit } from '../visit.ts';

// remark-directive reads ":name" in running text ("at 10:30am", "Note:foo") as a directive.
// We only use container directives (admonitions), so put every other directive back as the
// exact text the writer typed.
export function remarkLiteralDirectives() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    visit(tree, (node, index, parent) => {
      if ((node.type !== 'textDirective' && node.type !== 'leafDirective') || !parent || index === undefined) return;
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      const value = start !== undefined && end !== undefined ? source.slice(start, end) : `:${node.name}`;
      const text: Text = { type: 'text', value };
      if (node.type === 'leafDirective') parent.children.splice(index, 1, { type: 'paragraph', children: [text] } as never);
      else parent.children.splice(index, 1, text as never);
      return [SKIP, index + 1];
    });
  };
}
