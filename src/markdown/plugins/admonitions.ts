import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';

export const admonitionKinds = ['note', 'tip', 'info', 'warning', 'danger'] as const;
// Docusaurus's own kinds drawn in the colours of a close one, under their own label.
const aliases: Record<string, { kind: (typeof admonitionKinds)[number]; label: string }> = {
  caution: { kind: 'warning', label: 'Caution' },
  important: { kind: 'info', label: 'Important' },
};
/** Container directives that are not admonitions (handled by their own plugins). */
export const otherContainers = new Set(['tabs', 'tab']);

/**
 * Turns `:::note` … `:::` containers into `<aside data-admonition>` for the Admonition template.
 * A title keeps its inline markup (the template draws it); unknown kinds and unclosed containers
 * are reported where they start.
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      if (otherContainers.has(node.name)) return;
      let kind = aliases[node.name]?.kind ?? node.name;
      if (!(admonitionKinds as readonly string[]).includes(kind)) {
        file.message(
          `unknown admonition kind ":::${node.name}" (shown as a note); use one of ${[...admonitionKinds, ...Object.keys(aliases)].join(', ')}`,
          node,
        );
        kind = 'note';
      }
      const source = String(file.value);
      const end = node.position?.end.offset;
      if (end !== undefined && !/:::\s*$/.test(source.slice(0, end))) {
        file.message(`admonition ":::${node.name}" is never closed; end it with a line holding only ":::"`, node);
      }
      let title = aliases[node.name]?.label;
      const first = node.children[0];
      if (first?.type === 'paragraph' && first.data && (first.data as { directiveLabel?: boolean }).directiveLabel) {
        title = toString(first);
        first.data = { ...first.data, hName: 'span', hProperties: { dataAdmonitionTitle: '' } };
      }
      node.data = {
        hName: 'aside',
        hProperties: { dataAdmonition: kind, ...(title ? { dataTitle: title } : {}) },
      };
    });
  };
}
