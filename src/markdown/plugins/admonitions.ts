import type { Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import { admonitionDirectives, admonitionOf } from '../../shared/admonitions.ts';

/** Container directives that are not admonitions (handled by their own plugins). */
export const otherContainers = new Set(['tabs', 'tab']);

/**
 * Turns `:::note` … `:::` containers into `<aside data-admonition>` for the Admonition template.
 * A title keeps its inline markup (the template draws it); unknown kinds are reported where they
 * start (unclosed containers in unclosed-directives.ts).
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      if (otherContainers.has(node.name)) return;
      if (!admonitionDirectives.includes(node.name)) {
        file.message(`unknown admonition kind ":::${node.name}" (shown as a note); use one of ${admonitionDirectives.join(', ')}`, node);
      }
      const kind = admonitionDirectives.includes(node.name) ? admonitionOf(node.name) : admonitionOf('note');
      // A kind drawn like another (caution, important) keeps its own label; the others' is the template's default.
      let title = kind.label !== admonitionOf(kind.style).label ? kind.label : undefined;
      const first = node.children[0];
      if (first?.type === 'paragraph' && first.data && (first.data as { directiveLabel?: boolean }).directiveLabel) {
        title = toString(first);
        first.data = { ...first.data, hName: 'span', hProperties: { dataAdmonitionTitle: '' } };
      }
      node.data = {
        hName: 'aside',
        hProperties: { dataAdmonition: kind.style, ...(title ? { dataTitle: title } : {}) },
      };
    });
  };
}
