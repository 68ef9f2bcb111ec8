// A drop-in for `unist-util-visit`'s `visit(tree, [test,] visitor)`, with the same order and the
// same meaning of what a visitor returns (CONTINUE, EXIT, SKIP, an index to go on from, or
// [action, index]). Why not the library itself: for every node it visits it makes two closures,
// copies the ancestor list and renames a function with `Object.defineProperty` (for its debug
// output); measured on a cold build, that was a sixth of each doc worker's time in its ~15 walks
// per page. Parity with the library is tested on random trees and edits
// (test/unit/markdown/visit.test.ts).
import type { Node, Parent } from 'unist';
import { convert } from 'unist-util-is';
import type { visit as libraryVisit } from 'unist-util-visit';
import { CONTINUE, EXIT, SKIP } from 'unist-util-visit';

export { CONTINUE, EXIT, SKIP };

type Visitor = (node: Node, index: number | undefined, parent: Parent | undefined) => unknown;
type Check = (node: Node, index: number | undefined, parent: Parent | undefined) => boolean;

const exited = Symbol('exit');

function walk(tree: Node, testOrVisitor: unknown, maybeVisitor?: unknown): void {
  if (!tree || typeof tree !== 'object') throw new Error(`Unexpected value \`${tree}\` for \`tree\`, expected node`);
  const [test, visitor] = typeof maybeVisitor === 'function' ? [testOrVisitor, maybeVisitor as Visitor] : [undefined, testOrVisitor];
  if (typeof visitor !== 'function') throw new Error('visit: pass a visitor function (enter/exit visitors and reverse order are not supported here)');
  const check: Check | undefined = test === undefined || test === null ? undefined : typeof test === 'string' ? (node) => node.type === test : (convert(test as never) as Check);

  /** Returns the index the parent goes on from, `exited`, or undefined (the next sibling). */
  const visitNode = (node: Node, index: number | undefined, parent: Parent | undefined): number | typeof exited | undefined => {
    let action: unknown;
    let next: number | undefined;
    if (!check || check(node, index, parent)) {
      const result = (visitor as Visitor)(node, index, parent);
      if (Array.isArray(result)) {
        action = result[0];
        if (typeof result[1] === 'number') next = result[1];
      } else if (typeof result === 'number') {
        action = CONTINUE;
        next = result;
      } else action = result;
      if (action === EXIT) return exited;
    }
    const asParent = node as Partial<Parent>;
    if (asParent.children && action !== SKIP) {
      // Read again on each step: visitors insert and remove children as they go.
      let offset = 0;
      while (offset > -1 && offset < asParent.children.length) {
        const after = visitNode(asParent.children[offset], offset, node as Parent);
        if (after === exited) return exited;
        offset = typeof after === 'number' ? after : offset + 1;
      }
    }
    return next;
  };
  visitNode(tree, undefined, undefined);
}

export const visit = walk as typeof libraryVisit;
