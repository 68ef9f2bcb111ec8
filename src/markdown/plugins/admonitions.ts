import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';

export const admonitionKinds = ['note', 'tip', 'info', 'warning', 'danger'] as const;
const aliases: Record<string, (typeof admonitionKinds)[number]> = { caution: 'warning', important: 'info' };

/**
 * Turns `:::note` … `:::` containers into `<aside data-admonition>` for the Admonition template.
 * Unknown kinds and unclosed containers are reported where they start.
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      let kind = aliases[node.name] ?? node.name;
      if (!(admonitionKinds as readonly string[]).includes(kind)) {
        file.message(
          `unknown admonition kind ":::${node.name}" (shown as a note); use one of ${admonitionKinds.join(', ')}`,
          node,
        );
        kind = 'note';
      }
      const source = String(file.value);
      const end = node.position?.end.offset;
      if (end !== undefined && !/:::\s*$/.test(source.slice(0, end))) {
        file.message(`admonition ":::${node.name}" is never closed; end it with a line holding only ":::"`, node);
      }
      let title: string | undefined;
      const first = node.children[0];
      if (first?.type === 'paragraph' && first.data && (first.data as { directiveLabel?: boolean }).directiveLabel) {
        title = first.children.map((child) => ('value' in child ? child.value : '')).join('');
        node.children.shift();
      }
      node.data = {
        hName: 'aside',
        hProperties: { dataAdmonition: kind, ...(title ? { dataTitle: title } : {}) },
      };
    });
  };
}
