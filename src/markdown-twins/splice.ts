import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { phrasingTypes } from './phrasing.ts';

// A guide's twin is mostly its source as written: serialising the whole tree again cost a quarter
// of each doc worker's time. So the twin is written from the source at the parse's positions, and
// only what the twin changed (admonitions, tabs, links made absolute, dropped comments, check
// lines…) is serialised again. A node is copied when neither it nor anything in it changed since
// the parse (`recordParse` notes each node as parsed; `spliceSource` compares).

/** A run of the source put in the tree in place of a node that did not change. */
export interface SplicedSource {
  type: 'splicedSource';
  value: string;
  /** The type of the node it stands for (the check line's join asks whether it was code). */
  data: { splicedFrom: string };
}

/** Each node of a fresh parse with what the serialiser reads of it, before anything changes it, and the text it was parsed from. */
export type ParseRecord = Map<Nodes, { fields: string; children?: readonly Nodes[]; source: string }>;

// Scalar fields only (value, url, depth, lang, meta, attributes…): children are compared by identity.
function fieldsOf(node: Nodes): string {
  let fields = '';
  for (const key in node) {
    if (key === 'children' || key === 'position') continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    fields += `${key}\u0000${typeof value === 'object' ? JSON.stringify(value) : String(value)}\u0001`;
  }
  return fields;
}

/**
 * Notes every node of `tree`, parsed from `source`, as parsed (into `record`, when one is given:
 * a twin step that parses a part again adds it); call it before any plugin or twin step changes the tree.
 */
export function recordParse(tree: Root, source: string, record: ParseRecord = new Map()): ParseRecord {
  const walk = (node: Nodes) => {
    const children = 'children' in node ? (node.children as Nodes[]) : undefined;
    record.set(node, { fields: fieldsOf(node), children: children && [...children], source });
    if (children) for (const child of children) walk(child);
  };
  walk(tree);
  return record;
}

// Inside these the serialiser adds nothing at the start of a line, so a source run that spans
// lines reads the same there; inside a list, a quote or a directive it would indent or prefix
// lines the source already prefixes.
const flatParents = new Set(['root', 'paragraph', 'heading', 'table', 'tableRow', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);
// Copied only with their parent: a list item's bullet, a row's and a cell's layout are the parent's.
const neverAlone = new Set(['root', 'listItem', 'tableRow', 'tableCell']);
const closedFence = /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*\n[ \t]*\1[`~]*[ \t]*$|^[ \t]*(`{3,}|~{3,})[^\n]*\n[ \t]*\2[`~]*[ \t]*$/;

/**
 * Replaces each node that is as parsed by a `splicedSource` holding its text from the text it was
 * parsed from. Blocks are copied at the top level; phrasing anywhere, on one line when inside a
 * list, quote or directive.
 */
export function spliceSource(tree: Root, record: ParseRecord): void {
  const unchanged = new Map<Nodes, boolean>();
  const isUnchanged = (node: Nodes): boolean => {
    const known = unchanged.get(node);
    if (known !== undefined) return known;
    const parsed = record.get(node);
    let same = parsed !== undefined && typeof node.position?.start.offset === 'number' && typeof node.position.end.offset === 'number' && parsed.fields === fieldsOf(node);
    if (same && parsed!.children) {
      const children = (node as Parent).children as Nodes[];
      same = children.length === parsed!.children.length && children.every((child, index) => child === parsed!.children![index] && isUnchanged(child));
    }
    unchanged.set(node, same);
    return same;
  };
  const walk = (parent: Parent, flat: boolean) => {
    const children = parent.children as Nodes[];
    for (let index = 0; index < children.length; index++) {
      const child = children[index];
      const text = isUnchanged(child) && !neverAlone.has(child.type) ? record.get(child)!.source.slice(child.position!.start.offset, child.position!.end.offset) : undefined;
      if (text !== undefined && copies(child, parent, text, flat)) {
        children[index] = { type: 'splicedSource', value: text, data: { splicedFrom: child.type } } as unknown as Nodes;
      } else if ('children' in child) walk(child as Parent, flat && flatParents.has(child.type));
    }
  };
  walk(tree, true);
}

function copies(node: Nodes, parent: Parent, text: string, flat: boolean): boolean {
  const phrasing = phrasingTypes.has(node.type);
  // A block from further in (a directive's content, moved up) would carry that indent on its other lines.
  if (!phrasing && (parent.type !== 'root' || node.position!.start.column !== 1)) return false;
  if (!flat && text.includes('\n')) return false;
  // A "!" right before a link would make it an image; the serialiser escapes it, a copy would not.
  if (phrasing && text.endsWith('!')) return false;
  // Indented code, or a fence the file's end closed: the serialiser fences it, so the check line after it stays outside.
  if (node.type === 'code') return closedFence.test(text);
  return true;
}

/** The serialiser's handler: the source as written. */
export function splicedSource(node: SplicedSource): string {
  return node.value;
}
splicedSource.peek = (node: SplicedSource): string => node.value.charAt(0);

/** Whether a node is, or was copied in place of, a node of this type. */
export const wasType = (node: Nodes | RootContent, type: string): boolean => node.type === type || (node as unknown as SplicedSource).data?.splicedFrom === type;
