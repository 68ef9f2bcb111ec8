import { slug } from 'github-slugger';
import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from '../markdown/visit.ts';

// A spec's descriptions are written as documents of their own ("# Overview", "## Errors"), but
// on our pages they sit under our headings: an operation's description under its h1, a
// response's under its h3. Their headings are moved below the heading that holds them, so the
// page's outline (screen readers, axe's heading-order, the TOC) stays in order, and their ids
// are kept unique on the page, where several descriptions and our own sections meet.

/** The ids a page already uses, shared by every description rendered onto it. */
export type PageIds = Set<string>;

const headingTag = /^h([1-6])$/;

/** Whether a rendered description holds any heading (most do not, and skip the work below). */
export function hasHeadings(tree: Root): boolean {
  let found = false;
  visit(tree, 'element', (node: Element) => {
    if (headingTag.test(node.tagName)) found = true;
  });
  return found;
}

/**
 * Moves a description's headings so its top level sits just below `holderLevel` (its outline
 * kept, capped at h6), gives each heading an id not yet in `ids` (its own slug, numbered on a
 * clash), and points the description's own "#…" links at the new ids. Mutates `tree`; returns
 * the renamed ids (old -> new) so collected links can follow.
 */
export function placeDescriptionHeadings(tree: Root, holderLevel: number, ids: PageIds): Map<string, string> {
  const headings: Element[] = [];
  visit(tree, 'element', (node: Element) => {
    if (headingTag.test(node.tagName)) headings.push(node);
  });
  const renamed = new Map<string, string>();
  if (!headings.length) return renamed;
  const levelOf = (node: Element) => Number(headingTag.exec(node.tagName)![1]);
  const offset = holderLevel + 1 - Math.min(...headings.map(levelOf));
  for (const heading of headings) {
    heading.tagName = `h${Math.min(6, Math.max(1, levelOf(heading) + offset))}`;
    const anchor = heading.children.find((child): child is Element => child.type === 'element' && String(child.properties.className ?? '').includes('hash-link'));
    const text = toString({ ...heading, children: heading.children.filter((child) => child !== anchor) }).trim();
    const before = typeof heading.properties.id === 'string' ? heading.properties.id : undefined;
    const base = before ?? (slug(text) || 'section');
    let id = base;
    for (let n = 1; ids.has(id); n++) id = `${base}-${n}`;
    ids.add(id);
    heading.properties.id = id;
    if (before && before !== id) renamed.set(before, id);
    // A heading lifted out as a title (a leading "# …") comes back without its "#" link.
    if (anchor) anchor.properties.href = `#${id}`;
    else heading.children.push({ type: 'element', tagName: 'a', properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: `Direct link to ${text}`, dataMarkdownIgnore: '' }, children: [{ type: 'text', value: '#' }] });
  }
  if (renamed.size) {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'a' || typeof node.properties.href !== 'string' || !node.properties.href.startsWith('#')) return;
      if (String(node.properties.className ?? '').includes('hash-link')) return;
      const target = renamed.get(node.properties.href.slice(1));
      if (target) node.properties.href = `#${target}`;
    });
  }
  return renamed;
}
