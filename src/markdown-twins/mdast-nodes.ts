import type { BlockContent, Blockquote, Code, Heading, InlineCode, Link, List, Paragraph, PhrasingContent, Root, RootContent, Strong, Table, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { htmlToMdast } from './html-to-markdown.ts';
import { phrasingTypes } from './phrasing.ts';
import { stringifyMarkdown } from './stringify.ts';

// The few Markdown nodes the reference twins are written with: a writer builds a tree from its
// page's model, and the one stringifier escapes its text as every twin's is.

export const text = (value: string): Text => ({ type: 'text', value });
export const inlineCode = (value: string): InlineCode => ({ type: 'inlineCode', value });
export const strong = (...children: PhrasingContent[]): Strong => ({ type: 'strong', children });
export const link = (url: string, ...children: PhrasingContent[]): Link => ({ type: 'link', url, children });
export const paragraph = (...children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children });
export const blockquote = (...children: BlockContent[]): Blockquote => ({ type: 'blockquote', children });
export const heading = (depth: 1 | 2 | 3 | 4 | 5 | 6, ...children: PhrasingContent[]): Heading => ({ type: 'heading', depth, children });
export const fenced = (value: string, lang: string | null = null): Code => ({ type: 'code', lang, value });

/** A bulleted list, one item per array of blocks; `tight`, no blank line inside an item (a version and its notes). */
export const list = (items: BlockContent[][], { tight = false } = {}): List => ({
  type: 'list',
  ordered: false,
  spread: !tight && items.some((blocks) => blocks.length > 1),
  children: items.map((children) => ({ type: 'listItem', spread: !tight && children.length > 1, children })),
});

/** A table with a header row; each cell holds phrasing content. */
export const table = (header: string[], rows: PhrasingContent[][][]): Table => ({
  type: 'table',
  align: header.map(() => null),
  children: [header.map((cell) => [text(cell)]), ...rows].map((cells) => ({ type: 'tableRow', children: cells.map((children) => ({ type: 'tableCell', children })) })),
});

/** Text written with Markdown code spans (a CHANGELOG bullet): each `name` as code, the rest as text, as the page draws it. */
export const codeSpans = (value: string): PhrasingContent[] => value.split(/`([^`\n]+)`/).map((part, index) => (index % 2 === 1 ? inlineCode(part) : text(part))).filter((node) => node.type === 'inlineCode' || node.value);

/** A fragment of HTML the model holds (a doc comment, a description), as blocks of the twin. */
export function htmlBlocks(html: string | undefined, siteUrl: string, route: string): RootContent[] {
  if (!html) return [];
  const blocks: RootContent[] = [];
  for (const node of htmlToMdast(html, siteUrl, route).children) {
    // A fragment of bare text (no <p>) is a paragraph of the twin, not text run into its neighbours.
    if (!phrasingTypes.has(node.type)) blocks.push(node);
    else if (blocks.at(-1)?.type === 'paragraph' && loose.has(blocks.at(-1)!)) (blocks.at(-1) as Paragraph).children.push(node as PhrasingContent);
    else {
      const wrapper = paragraph(node as PhrasingContent);
      loose.add(wrapper);
      blocks.push(wrapper);
    }
  }
  return blocks.filter((block) => !(loose.has(block) && toString(block).trim() === ''));
}

const loose = new WeakSet<RootContent>();

/** Blocks as one line of phrasing content (a table cell): their text, joined by spaces, code as inline code. */
export function phrasingOf(blocks: RootContent[]): PhrasingContent[] {
  const phrasing: PhrasingContent[] = [];
  for (const block of blocks) {
    const inline: PhrasingContent[] =
      block.type === 'paragraph' || block.type === 'heading'
        ? block.children
        : block.type === 'code'
          ? [inlineCode(block.value.replace(/\s*\n\s*/g, ' '))]
          : 'children' in block
            ? phrasingOf(block.children as RootContent[])
            : 'value' in block && typeof block.value === 'string'
              ? [text(block.value)]
              : [];
    if (phrasing.length && inline.length) phrasing.push(text(' '));
    phrasing.push(...inline);
  }
  return phrasing;
}

/** The Markdown of some blocks. */
export const markdownOf = (children: RootContent[]): string => stringifyMarkdown({ type: 'root', children } as Root);
