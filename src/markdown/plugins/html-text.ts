import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import type { Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { type Processor, unified } from 'unified';
import { visit } from '../visit.ts';

// MDX, which Docusaurus reads docs with, has no indented code: text indented inside an HTML
// element (`<details>` laid out over lines) is prose, not a code block.
function remarkNoIndentedCode(this: Processor) {
  const settings = this.data();
  (settings.micromarkExtensions ??= []).push({ disable: { null: ['codeIndented'] } });
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkNoIndentedCode).freeze();

/**
 * The text between raw HTML tags, read as Markdown the way Docusaurus reads the text inside JSX:
 * `**bold**`, `code` and links inside `<summary>`, paragraphs and lists inside `<details>`.
 * `inline` (inside a phrasing element such as `<summary>`) keeps only the inline content.
 * Positions are moved to where the text stands in the file, so messages name the right line.
 */
export function markdownOfHtmlText(text: string, line: number, column: number, inline: boolean): RootContent[] {
  const tree = parser.parse(text) as Root;
  const blocks = tree.children;
  // Inside a phrasing element, a paragraph or heading gives its inline content; any other block
  // ("- item" inside a <summary>) stays the text it was written as.
  const inlineOf = (block: RootContent): RootContent[] =>
    block.type === 'paragraph' || block.type === 'heading' ? block.children : [{ type: 'text', value: text.slice(block.position?.start.offset, block.position?.end.offset) }];
  const result = blocks.length === 1 && blocks[0].type === 'paragraph' ? blocks[0].children : !inline ? blocks : blocks.flatMap((block, index) => (index === 0 ? inlineOf(block) : [{ type: 'break' } as RootContent, ...inlineOf(block)]));
  for (const node of result) {
    visit(node, (child) => {
      // What the tag scanner left is no tag it knows ("<!DOCTYPE>"): shown as written, never run.
      if (child.type === 'html') (child as unknown as { type: string }).type = 'text';
      const position = child.position;
      if (!position) return;
      for (const point of [position.start, position.end]) {
        if (point.line === 1) point.column += column - 1;
        point.line += line - 1;
        point.offset = undefined;
      }
    });
  }
  // Paragraph parsing trims the text; the space around it separates it from the tags beside it.
  const isInline = inline || (blocks.length === 1 && blocks[0].type === 'paragraph');
  if (!isInline || result.length === 0) return result;
  return [...(/^\s/.test(text) ? [{ type: 'text', value: ' ' } as RootContent] : []), ...result, ...(/\s$/.test(text) ? [{ type: 'text', value: ' ' } as RootContent] : [])];
}

/** HTML character references in text kept as written (`&lt;` inside `<pre>`), decoded once. */
export function decodeEntities(text: string): string {
  return text.includes('&') ? toString(fromHtml(text, { fragment: true })) : text;
}
