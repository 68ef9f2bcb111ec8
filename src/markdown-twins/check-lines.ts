import type { Code, Nodes, Paragraph, Parents, Root } from 'mdast';
import type { Options } from 'remark-stringify';
import { checkedPrefix, notCheckedPrefix, type SampleCheckLabel, sampleCheckLine } from '../shared/sample-check.ts';
import { visit } from '../markdown/visit.ts';
import { wasType } from './splice.ts';

// A twin says what checked each labelled sample on the line right after its closing fence: the
// text the page shows below the block (✓ Checked with …, or Not checked: …). No blank line comes
// between, so the line cannot be read as belonging to anything else.

type CheckLine = Paragraph & { data: { sampleCheckLine: true } };

const isCheckLine = (node: Nodes): node is CheckLine => node.type === 'paragraph' && (node.data as { sampleCheckLine?: boolean } | undefined)?.sampleCheckLine === true;

/** The paragraph that follows a labelled block. */
export function checkLineNode(label: SampleCheckLabel): CheckLine {
  return { type: 'paragraph', data: { sampleCheckLine: true }, children: [{ type: 'text', value: sampleCheckLine(label) }] } as CheckLine;
}

/** For the stringifier: a block and its check line are written on adjacent lines. */
export const joinCheckLine: NonNullable<Options['join']>[number] = (left, right) => (wasType(left as Nodes, 'code') && isCheckLine(right as Nodes) ? 0 : undefined);

/** Puts each code block's label (from `labelOf`) on the line after it. */
export function addCheckLines(tree: Root, labelOf: (code: Code) => SampleCheckLabel | undefined): void {
  const labelled: { parent: Parents; code: Code; label: SampleCheckLabel }[] = [];
  visit(tree, 'code', (code: Code, _index, parent) => {
    const label = parent && labelOf(code);
    if (label) labelled.push({ parent: parent as Parents, code, label });
  });
  for (const { parent, code, label } of labelled) {
    const children = parent.children as Nodes[];
    children.splice(children.indexOf(code) + 1, 0, checkLineNode(label));
  }
}

/**
 * In Markdown made from a page's HTML, the label paragraph the CodeBlock template wrote after a
 * block becomes that block's check line.
 */
export function markCheckLines(tree: Root): void {
  visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
    const before = parent && index !== undefined ? (parent.children as Nodes[])[index - 1] : undefined;
    const text = node.children.map((child) => ('value' in child ? child.value : '')).join('');
    if (before?.type === 'code' && (text.startsWith(checkedPrefix) || text.startsWith(notCheckedPrefix))) {
      node.data = { ...node.data, sampleCheckLine: true } as Paragraph['data'];
      node.children = [{ type: 'text', value: text }];
    }
  });
}
