import type { Root, RootContent } from 'mdast';
import type { Node } from 'unist';
import { copyTree } from './copy-tree.ts';

/** Which part of the text was parsed to make a tree: all of it, or the blocks an edit touched. */
export interface ParsedSpan {
  from: number;
  to: number;
}

// A link or footnote definition is read by the whole document ("[text][id]" anywhere), so a
// text that holds one, before or after the edit, is parsed whole.
const mayDefine = /\]:/;
// A block that starts with one of these can continue the block before it across a blank line
// (a list item, an item's indented text, indented code): it cannot be where a parse starts afresh.
const continuesAcrossBlankLine = /[ \t]|[-+*](?:[ \t\n]|$)|\d{1,9}[.)](?:[ \t\n]|$)/y;
// Put after the re-parsed blocks, it must come back as a paragraph of its own: if it does not,
// the blocks left something open (a fence, a `:::`, an HTML block) that runs on into what follows.
const endMark = 'portal-reparse-end';

/**
 * Watch mode's parse of a saved doc. An edit changes a few top-level blocks; the blocks before and
 * after it parse to the same trees as last time, moved by the edit's length. So only the blocks
 * from the last clean start before the edit to the first clean start after it are parsed again,
 * and the rest comes from the last parse of the same file. Where that cannot be told for sure (a
 * definition in the text, CR line ends, something left open at the end of the re-parsed part),
 * the whole text is parsed. The tests hold every tree against a full parse of the text: the cases
 * one by one in test/unit/markdown/reparse.test.ts, every doc of the site and of a Docusaurus site
 * under random edits in test/content/reparse-docs.test.ts.
 *
 * Holds the last parse of the few files saved most recently; each tree it hands out is a copy
 * the caller may change.
 */
export class ParseMemory {
  private readonly parses = new Map<string, { value: string; tree: Root }>();

  constructor(private readonly capacity = 16) {}

  parse(key: string, value: string, parseText: (text: string) => Root): { tree: Root; parsed: ParsedSpan } {
    const last = this.parses.get(key);
    const reused = last ? reparse(last, value, parseText) : undefined;
    const tree = reused?.tree ?? parseText(value);
    this.parses.delete(key);
    this.parses.set(key, { value, tree });
    if (this.parses.size > this.capacity) this.parses.delete(this.parses.keys().next().value!);
    return { tree: copyTree(tree), parsed: reused?.parsed ?? { from: 0, to: value.length } };
  }
}

/** The tree of `value` from the last parse of `last.value`, parsing only what the edit touched; undefined where it cannot. */
function reparse(last: { value: string; tree: Root }, value: string, parseText: (text: string) => Root): { tree: Root; parsed: ParsedSpan } | undefined {
  const old = last.value;
  if (old === value) return { tree: last.tree, parsed: { from: 0, to: 0 } };
  if (old.includes('\r') || value.includes('\r') || mayDefine.test(old) || mayDefine.test(value)) return undefined;
  const children = last.tree.children;
  if (!children.length || !last.tree.position || children.some((child) => child.position?.start.offset === undefined)) return undefined;
  // The edit: value[prefix, value.length - suffix) replaced old[prefix, old.length - suffix).
  const shorter = Math.min(old.length, value.length);
  let prefix = 0;
  while (prefix < shorter && old.charCodeAt(prefix) === value.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && old.charCodeAt(old.length - 1 - suffix) === value.charCodeAt(value.length - 1 - suffix)) suffix++;
  const shift = value.length - old.length;
  const startOf = (node: RootContent) => node.position!.start.offset!;

  // The first block to parse again: the last one that starts before the edit on a clean line (the
  // new text's: an edit just after the line's start may have made it an item), else the text's start.
  let first = children.length - 1;
  while (first >= 0 && !(startOf(children[first]) < prefix && startsClean(value, startOf(children[first])))) first--;
  // The first block kept after the edit: the first one wholly after it that starts clean in both texts.
  let next = children.findIndex((child) => startOf(child) >= old.length - suffix && startsClean(old, startOf(child)) && startsClean(value, startOf(child) + shift));
  if (next < 0) next = children.length;
  if (first < 0 && next === children.length) return undefined;

  const from = first < 0 ? 0 : startOf(children[first]);
  const to = next < children.length ? startOf(children[next]) + shift : value.length;
  const parsed = parseText(next < children.length ? value.slice(from, to) + endMark : value.slice(from));
  if (next < children.length) {
    const mark = parsed.children.pop();
    const closed = mark?.type === 'paragraph' && mark.children.length === 1 && mark.children[0].type === 'text' && mark.children[0].value === endMark && mark.position?.start.offset === to - from;
    if (!closed) return undefined;
  }
  const fromLine = first < 0 ? 1 : children[first].position!.start.line;
  const kept = children.slice(next);
  // The kept blocks move down by the lines and characters the edit added (or up, if it took some away).
  const lines = kept.length ? fromLine + countLines(value, from, to) - kept[0].position!.start.line : 0;
  const rootStart = first < 0 ? parsed.position?.start : last.tree.position.start;
  const rootEnd = kept.length ? moved(last.tree.position.end, lines, shift) : parsed.position && moved(parsed.position.end, fromLine - 1, from);
  if (!rootStart || !rootEnd) return undefined;
  // Only now, with nothing left that can fail: the last tree's nodes are moved in place.
  for (const child of parsed.children) move(child, fromLine - 1, from);
  for (const child of kept) move(child, lines, shift);
  const tree: Root = { ...last.tree, children: [...children.slice(0, Math.max(first, 0)), ...parsed.children, ...kept], position: { start: rootStart, end: rootEnd } };
  return { tree, parsed: { from, to } };
}

/** At `offset` a block starts afresh: a blank line (or the text's start) before it, and a first line that continues nothing. */
function startsClean(text: string, offset: number): boolean {
  if (offset > 0) {
    if (text[offset - 1] !== '\n') return false;
    let at = offset - 2;
    while (at >= 0 && (text[at] === ' ' || text[at] === '\t')) at--;
    if (at >= 0 && text[at] !== '\n') return false;
  }
  continuesAcrossBlankLine.lastIndex = offset;
  return !continuesAcrossBlankLine.test(text);
}

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** A point `lines` lines and `offset` characters on (a block starts a line, so its columns stay). */
function moved<P extends { line: number; column: number; offset?: number }>(point: P, lines: number, offset: number): P {
  return { ...point, line: point.line + lines, offset: point.offset === undefined ? undefined : point.offset + offset };
}

/** Moves every position in a subtree, in place. */
function move(node: Node, lines: number, offset: number): void {
  if (node.position) node.position = { start: moved(node.position.start, lines, offset), end: moved(node.position.end, lines, offset) };
  const children = (node as { children?: Node[] }).children;
  if (children) for (const child of children) move(child, lines, offset);
}
