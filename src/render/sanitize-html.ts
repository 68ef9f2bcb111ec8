import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { defaultSchema, sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { removeUnsafeUrls } from '../markdown/url-attributes.ts';
import { visit } from '../markdown/visit.ts';
import { freeId, isRuntimeId } from '../shared/runtime-ids.ts';

export interface HtmlProblem {
  message: string;
  hint: string;
  /** An error (an unsafe URL) rather than a warning (a renamed id). */
  fatal: boolean;
}

// HTML that writers put in the config (a navbar `html` item) is rendered as markup, so it goes
// through GitHub's allowlist: no script, no event handlers, no frames. URLs are judged by the
// site's one rule first, and ids the page shell owns are renamed, each with a problem for `report`.
export function sanitizeHtml(html: string, report: (problem: HtmlProblem) => void = () => {}): string {
  const tree: Root = fromHtml(html, { fragment: true });
  const taken = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    for (const value of [node.properties.id, node.properties.name]) if (typeof value === 'string') taken.add(value);
  });
  visit(tree, 'element', (node: Element) => {
    for (const { message, hint } of removeUnsafeUrls(node.tagName, node.properties)) report({ message, hint, fatal: true });
    for (const key of ['id', 'name'] as const) {
      const value = node.properties[key];
      if (typeof value !== 'string' || !isRuntimeId(value)) continue;
      const next = freeId(value, taken);
      taken.add(next);
      node.properties[key] = next;
      report({ message: `<${node.tagName} ${key}="${value}"> takes an id the page shell uses; it becomes "${next}"`, hint: `Choose another ${key}.`, fatal: false });
    }
  });
  return toHtml(sanitize(tree, { ...defaultSchema, clobberPrefix: '', protocols: {} }));
}
