import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { drawMermaid } from '../mermaid.ts';
import { SKIP, visit } from '../visit.ts';
import { zoomButton } from './images.ts';

/**
 * Docusaurus sites write diagrams as ```mermaid blocks: each is drawn at build time as an inline,
 * labelled SVG figure (no diagram script in the browser). One portal cannot draw stays a code
 * block, with a warning at its line saying what is unsupported and what to do. The page's
 * Markdown twin keeps the block's source, which agents read better than SVG.
 */
export function rehypeMermaid() {
  return (tree: Root, file: VFile) => {
    let count = 0;
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      const classes = (code?.properties.className as string[] | undefined) ?? [];
      if (!code || !classes.some((name) => name.toLowerCase() === 'language-mermaid')) return;
      const drawn = drawMermaid(toString(code), `mermaid-${++count}`);
      if ('problem' in drawn) {
        const message = file.message(drawn.problem, node);
        message.note = drawn.hint;
        return SKIP;
      }
      const name = toString(drawn.svg.children[0] as Element);
      parent.children[index] = { type: 'element', tagName: 'figure', properties: { className: ['diagram'], tabIndex: 0 }, children: [drawn.svg, zoomButton('diagram', name)] };
      return SKIP;
    });
  };
}
