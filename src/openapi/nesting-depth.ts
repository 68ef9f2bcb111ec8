import { CST, type Document, isMap, isScalar, isSeq, Parser } from 'yaml';
import type { Problem } from '../errors.ts';

// The yaml package composes documents recursively: a spec nested a thousand levels deep (a
// schema's properties inside properties…) overflowed the stack and was reported as "not valid
// YAML". Its token parser keeps an explicit stack, so the depth is measured on its tokens first,
// without recursion, and a spec past the limit is refused at the place it goes too deep. A
// document the parser did compose is measured on its nodes instead (a second pass over the text
// costs half a parse).

/** Mappings and lists inside each other a spec may have; the views walk schemas recursively too. */
export const maxNestingDepth = 400;

export interface TooDeep {
  /** The JSON pointer of the first value past the limit. */
  pointer: string;
  /** Its offset in the text. */
  offset: number;
}

type Token = CST.Token;
type Item = { key?: Token | null; value?: Token | null };

/** The first place `text` nests mappings and lists deeper than `limit`, or undefined. */
export function tooDeepAt(text: string, limit = maxNestingDepth): TooDeep | undefined {
  const stack: { token: Token; pointer: string; depth: number }[] = [];
  for (const token of new Parser().parse(text)) {
    if (token.type === 'document' && token.value) stack.push({ token: token.value, pointer: '', depth: 0 });
    while (stack.length) {
      const { token: node, pointer, depth } = stack.pop()!;
      const items = itemsOf(node);
      if (!items) continue;
      if (depth + 1 > limit) return { pointer, offset: node.offset };
      // Walked last to first from a stack: the first too-deep place in the text is found first.
      for (let index = items.length - 1; index >= 0; index--) {
        const { key, value } = items[index];
        if (!value) continue;
        const name = isSequence(node) ? String(index) : keyText(key) ?? String(index);
        stack.push({ token: value, pointer: `${pointer}/${escapePointer(name)}`, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** The same measure on a document the parser composed (no second pass over the text). */
export function tooDeepIn(document: Document, limit = maxNestingDepth): TooDeep | undefined {
  const stack: { node: unknown; pointer: string; depth: number }[] = [{ node: document.contents, pointer: '', depth: 0 }];
  while (stack.length) {
    const { node, pointer, depth } = stack.pop()!;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth + 1 > limit) return { pointer, offset: node.range?.[0] ?? 0 };
    const items = node.items as unknown[];
    for (let index = items.length - 1; index >= 0; index--) {
      const item = items[index] as { key?: unknown; value?: unknown };
      const [name, value] = isSeq(node) ? [String(index), item] : [isScalar(item.key) ? String(item.key.value) : String(index), item.value];
      stack.push({ node: value, pointer: `${pointer}/${escapePointer(name)}`, depth: depth + 1 });
    }
  }
  return undefined;
}

function itemsOf(token: Token): Item[] | undefined {
  if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') return token.items as Item[];
  return undefined;
}

/** A JSON pointer's part for a key (RFC 6901): locate.ts's escapePointer, which imports this file. */
const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

const isSequence = (token: Token) => token.type === 'block-seq' || (token.type === 'flow-collection' && token.start.source === '[');

function keyText(key: Token | null | undefined): string | undefined {
  if (!key) return undefined;
  const scalar = CST.isScalar(key) ? CST.resolveAsScalar(key) : undefined;
  return scalar ? scalar.value : undefined;
}

/** The error for a spec file that nests too deep, at the place it goes past the limit. */
export function tooDeepProblem(source: { tooDeep?: TooDeep; lineCounter: { linePos(offset: number): { line: number; col: number } } }, file: string): Problem {
  const { pointer, offset } = source.tooDeep!;
  const { line, col } = source.lineCounter.linePos(offset);
  return {
    severity: 'error',
    file,
    line,
    column: col,
    message: `invalid OpenAPI at ${shortPointer(pointer)}: values nest deeper than ${maxNestingDepth} levels (mappings and lists inside each other), more than portal reads`,
    hint: 'Name the inner schemas in components/schemas and refer to them with $ref: a schema may refer to itself, so a recursive shape needs no deep nesting.',
  };
}

/** A pointer hundreds of levels long, shortened to its start and end (the line and column say where). */
function shortPointer(pointer: string): string {
  const parts = pointer.split('/');
  return parts.length <= 16 ? pointer || '#' : `${parts.slice(0, 9).join('/')}/…/${parts.slice(-6).join('/')}`;
}
