import type { Paragraph, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import { admonitionDirectives, admonitionOf, type AdmonitionStyle, suggestedAdmonitions } from '../../shared/admonitions.ts';

/** Container directives that are not admonitions (handled by their own plugins). */
export const otherContainers = new Set(['tabs', 'tab']);

/** What a `:::kind[title]` block is drawn as, decided once for its page and its Markdown twin. */
export interface AdmonitionHeading {
  /** The colour and icon it is drawn with. */
  style: AdmonitionStyle;
  /** What the kind is called ("Note", "Caution", "Success"). */
  label: string;
  /** The writer's title as written, inline markup kept; undefined when the block has none. */
  title?: Paragraph;
  /** False for a name `:::` does not accept: drawn as a note, and reported by the page. */
  known: boolean;
}

/**
 * The one rule for an admonition's kind and title: the page's plugin (below) and the twin
 * (markdown-twins/guide.ts) both ask it, so a block is never called two names.
 */
export function admonitionHeading(node: ContainerDirective): AdmonitionHeading {
  const known = admonitionDirectives.includes(node.name);
  const kind = admonitionOf(known ? node.name : 'note');
  const first = node.children[0];
  const title = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel ? first : undefined;
  return { style: kind.style, label: kind.label, title, known };
}

/**
 * Turns `:::note` … `:::` containers into `<aside data-admonition>` for the Admonition template.
 * A title keeps its inline markup (the template draws it); unknown kinds are reported where they
 * start (unclosed containers in unclosed-directives.ts).
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node: ContainerDirective) => {
      if (otherContainers.has(node.name)) return;
      const heading = admonitionHeading(node);
      if (!heading.known) {
        file.message(`unknown admonition kind ":::${node.name}" (shown as a note); use one of ${suggestedAdmonitions.join(', ')}`, node);
      }
      // A kind drawn like another (caution, success) keeps its own label; the others' is the template's default.
      let title = heading.label !== admonitionOf(heading.style).label ? heading.label : undefined;
      if (heading.title) {
        title = toString(heading.title);
        heading.title.data = { ...heading.title.data, hName: 'span', hProperties: { dataAdmonitionTitle: '' } };
      }
      node.data = {
        hName: 'aside',
        hProperties: { dataAdmonition: heading.style, ...(title ? { dataTitle: title } : {}) },
      };
    });
  };
}
