import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { freeId, isRuntimeId } from '../../shared/runtime-ids.ts';
import { SKIP, visit } from '../visit.ts';
import { isHighlightedBlock } from './code-blocks.ts';
import { safeDecode } from '../../util/safe-decode.ts';

const heading = /^h[1-6]$/;

/**
 * Content may not take an id the page shell or the runtime finds its elements by ("main-content",
 * "__PORTAL_PAGE__"): hydration would read the wrong element. Runs after the heading ids are
 * set, so a heading "Main content" is caught as well as a raw `<div id="main-content">` or
 * `<a name="...">`. Such an id gets the first free "-1", "-2" suffix (the form a repeated
 * heading gets), with a warning; links on the page to the old id follow it.
 */
export function rehypeReservedIds() {
  return (tree: Root, file: VFile) => {
    const taken = new Set<string>();
    const reserved: Element[] = [];
    visit(tree, 'element', (node: Element) => {
      if (isHighlightedBlock(node)) return SKIP;
      for (const value of [node.properties.id, node.properties.name]) {
        if (typeof value !== 'string') continue;
        taken.add(value);
        if (isRuntimeId(value) && !reserved.includes(node)) reserved.push(node);
      }
    });
    if (!reserved.length) return;

    const renamed = new Map<string, string>();
    for (const node of reserved) {
      const text = heading.test(node.tagName) ? toString(node).trim() : undefined;
      // An element whose id and name agree keeps them in agreement.
      const own = new Map<string, string>();
      for (const key of ['id', 'name'] as const) {
        const value = node.properties[key];
        if (typeof value !== 'string' || !isRuntimeId(value)) continue;
        const repeated = own.get(value);
        const next = repeated ?? freeId(value, taken);
        own.set(value, next);
        taken.add(next);
        node.properties[key] = next;
        if (!renamed.has(value)) renamed.set(value, next);
        if (repeated) continue; // reported with the id
        const message = text !== undefined
          ? file.message(`the heading "${text}" would take the id "${value}", which the page shell uses; it gets "${next}"`, node)
          : file.message(`<${node.tagName} ${key}="${value}"> takes an id the page shell uses; it becomes "${next}"`, node);
        message.note = text !== undefined
          ? `Link to it as #${next}, or give the heading an id of its own: "${text} {#your-id}".`
          : `Choose another ${key}; links on this page to #${value} now go to #${next}.`;
      }
    }

    visit(tree, 'element', (node: Element) => {
      const href = node.properties.href;
      if (node.tagName !== 'a' || typeof href !== 'string' || !href.startsWith('#')) return;
      const next = renamed.get(href.slice(1)) ?? renamed.get(safeDecode(href.slice(1)));
      if (next) node.properties.href = `#${next}`;
    });
  };
}
