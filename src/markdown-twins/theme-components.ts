import type { Html, Image, Paragraph, Parent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { attributeValues, themedImageSources } from '../markdown/plugins/html-subset.ts';

/** Where a `<DocCardList />` stood: its cards are known only once the sidebars are (docCardListsInTwin). */
export const docCardListPlaceholder = '<!-- portal:doc-card-list -->';

const themedImageTag = /^\s*<ThemedImage\b([^>]*?)\/?>\s*$/;
const tocInlineTag = /^\s*<TOCInline\b[^>]*\/>\s*$/;
const docCardListTag = /^\s*<DocCardList\b[^>]*\/>\s*$/;
const admonitionTag = /<(\/?)Admonition\b([^>]*)>/g;

/**
 * The Docusaurus theme components a guide's twin would otherwise keep as raw tags, in the
 * Markdown the twin uses for what the page draws: `<ThemedImage>` its light image with its alt,
 * `<Admonition type title>` the admonition `:::` makes (resolved after this, by the one rule,
 * admonitionHeading), `<DocCardList />` a placeholder for the category's cards. `<TOCInline />`
 * goes: the twin carries every heading itself, in order, and its links would point at the HTML
 * page's anchors, not at the text an assistant is reading.
 * `parse` reads the Markdown between an `<Admonition>`'s tags when they share an HTML block with it.
 */
export function resolveThemeComponents(tree: Root, parse: (markdown: string) => Root): void {
  const resolve = (parent: Parent): void => {
    for (const child of parent.children) if ('children' in child) resolve(child);
    parent.children = wrapAdmonitions(parent.children.flatMap((child) => replaced(child, parent)), parse) as Parent['children'];
  };
  resolve(tree);
}

function replaced(child: RootContent, parent: Parent): RootContent[] {
  if (child.type !== 'html') return [child];
  const value = child.value;
  if (tocInlineTag.test(value)) return [];
  if (docCardListTag.test(value)) return [{ type: 'html', value: docCardListPlaceholder }];
  const themed = themedImageTag.exec(value);
  if (!themed) return [child];
  const values = attributeValues(themed[1]);
  const { light, dark } = themedImageSources(values);
  const url = typeof light === 'string' ? light : typeof dark === 'string' ? dark : undefined;
  if (!url) return [child];
  const image: Image = { type: 'image', url, alt: values.alt ?? '' };
  return parent.type === 'paragraph' ? [image] : [{ type: 'paragraph', children: [image] } as Paragraph];
}

type Piece = RootContent | { open: Record<string, string> } | { close: true };

/** `<Admonition>` … `</Admonition>` in one parent's children, in one HTML block or around Markdown blocks. */
function wrapAdmonitions(children: RootContent[], parse: (markdown: string) => Root): RootContent[] {
  if (!children.some((child) => child.type === 'html' && /<\/?Admonition\b/.test(child.value))) return children;
  const pieces: Piece[] = children.flatMap((child): Piece[] => {
    if (child.type !== 'html' || !/<\/?Admonition\b/.test(child.value)) return [child];
    const value = (child as Html).value;
    const split: Piece[] = [];
    let last = 0;
    const text = (markdown: string) => (markdown.trim() ? parse(markdown).children : []);
    for (const match of value.matchAll(admonitionTag)) {
      split.push(...text(value.slice(last, match.index)));
      split.push(match[1] ? { close: true } : { open: attributeValues(match[2]) });
      last = match.index + match[0].length;
    }
    split.push(...text(value.slice(last)));
    return split;
  });
  const stack: { values: Record<string, string>; children: RootContent[] }[] = [{ values: {}, children: [] }];
  for (const piece of pieces) {
    if ('open' in piece) stack.push({ values: piece.open, children: [] });
    else if ('close' in piece) {
      if (stack.length > 1) stack[stack.length - 2].children.push(admonition(stack.pop()!));
    } else stack[stack.length - 1].children.push(piece);
  }
  // One never closed (the page reported it) keeps its content.
  while (stack.length > 1) stack[stack.length - 2].children.push(admonition(stack.pop()!));
  return stack[0].children;
}

function admonition({ values, children }: { values: Record<string, string>; children: RootContent[] }): RootContent {
  const title: Paragraph[] = values.title ? [{ type: 'paragraph', data: { directiveLabel: true } as Paragraph['data'], children: [{ type: 'text', value: values.title }] }] : [];
  return { type: 'containerDirective', name: values.type ?? 'note', attributes: {}, children: [...title, ...children] } as ContainerDirective as RootContent;
}

/** A guide twin's `<DocCardList />` places filled with its cards, as Markdown (kinds/twin-parts.ts writes them). */
export function docCardListsInTwin(twin: string, cards: string): string {
  return twin.replaceAll(docCardListPlaceholder, cards);
}
