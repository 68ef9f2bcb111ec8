import type { Element, Root, Text } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { SKIP, visit } from '../markdown/visit.ts';

/**
 * How far a twin's text is from its page's: the words the page's article shows that the twin
 * does not hold (counted with repeats, so a dropped paragraph counts even when its words appear
 * elsewhere), out of all the article's words.
 */
export interface TwinDivergence {
  missing: number;
  total: number;
  /** A few of the missing words, most frequent first, for the report. */
  sample: string[];
}

/** A twin diverges when more than this share of its page's words is missing from it… */
export const divergenceShare = 0.1;
/** …and at least this many words are (a short page's few labels are no divergence). */
export const divergenceMinWords = 25;

// What twins leave out by design: controls (copy buttons, heading "#" links), what is hidden or
// only for screen readers, navigation, and drawings (a twin links an SVG, it does not spell it).
const leftOut = new Set(['button', 'script', 'style', 'template', 'nav', 'svg', 'select', 'input', 'textarea']);
const leftOutClasses = ['hash-link', 'visually-hidden'];

const urls = /\bhttps?:\/\/[^\s)>\]"']+/g;
const words = (text: string) => text.replace(urls, ' ').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function counts(list: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const word of list) map.set(word, (map.get(word) ?? 0) + 1);
  return map;
}

/** The article's text as a reader sees it, without what twins leave out by design. */
function articleText(html: string): string {
  const tree = fromHtml(html, { fragment: true }) as Root;
  visit(tree, 'element', (node: Element, index, parent) => {
    const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
    const omitted =
      leftOut.has(node.tagName) ||
      node.properties.hidden !== undefined ||
      node.properties.dataMarkdownIgnore !== undefined ||
      node.properties.ariaHidden === 'true' ||
      classes.some((name) => leftOutClasses.includes(name));
    if (omitted && parent && index !== undefined) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    return undefined;
  });
  // Text node by text node: block elements put no space between their texts ("Propertiesname").
  const texts: string[] = [];
  visit(tree, 'text', (node: Text) => {
    texts.push(node.value);
  });
  return texts.join(' ');
}

/** The twin's words: its text without link targets and Markdown punctuation. */
function twinText(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, '] ').replace(/<https?:\/\/[^>]+>/g, ' ');
}

/** Compares a page's article HTML with its (whole, unsplit) twin. */
export function twinDivergence(articleHtml: string, twinMarkdown: string): TwinDivergence {
  const page = counts(words(articleText(articleHtml)));
  const twin = counts(words(twinText(twinMarkdown)));
  let missing = 0;
  let total = 0;
  const gaps: [string, number][] = [];
  for (const [word, count] of page) {
    total += count;
    const gap = count - (twin.get(word) ?? 0);
    if (gap > 0) {
      missing += gap;
      gaps.push([word, gap]);
    }
  }
  gaps.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { missing, total, sample: gaps.slice(0, 8).map(([word]) => word) };
}

/** Whether the twin leaves out more of its page than its design explains. */
export const diverges = (divergence: TwinDivergence) => divergence.missing >= divergenceMinWords && divergence.missing > divergence.total * divergenceShare;
