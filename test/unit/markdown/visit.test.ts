// portal's tree walker must visit exactly as unist-util-visit does, including while a visitor
// removes, inserts and replaces nodes: both walk copies of the same random trees with the same
// random edits, and the visits and resulting trees must match.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Node, Parent } from 'unist';
import { CONTINUE, EXIT, SKIP, visit as libraryVisit } from 'unist-util-visit';
import { visit } from '../../../src/markdown/visit.ts';

type TestNode = Node & { id: number; children?: TestNode[]; replaced?: boolean };

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

function randomTree(next: () => number, depth = 0, ids = { next: 0 }): TestNode {
  const node: TestNode = { type: 'abc'[Math.floor(next() * 3)], id: ids.next++ };
  if (depth < 5 && next() < 0.7) node.children = Array.from({ length: Math.floor(next() * 5) }, () => randomTree(next, depth + 1, ids));
  return node;
}

/** A visitor that edits as it goes, its choices drawn from `next`; it logs what it saw. */
function editingVisitor(next: () => number, log: string[]) {
  let created = 1000;
  return (node: Node, index: number | undefined, parent: Parent | undefined): unknown => {
    const self = node as TestNode;
    const siblings = (parent as TestNode | undefined)?.children;
    log.push(`${self.id}@${index}<${(parent as TestNode | undefined)?.id}`);
    if (log.length > 5000) throw new Error('runaway visit');
    const roll = next();
    if (roll < 0.35 || !siblings || index === undefined) return roll < 0.1 ? SKIP : roll < 0.12 ? CONTINUE : undefined;
    if (roll < 0.45) return SKIP;
    if (roll < 0.47) return EXIT;
    if (roll < 0.57) {
      siblings.splice(index, 1);
      return index;
    }
    if (roll < 0.67) {
      siblings.splice(index + 1, 0, { type: 'b', id: created++ });
      return undefined;
    }
    if (roll < 0.77 && !self.replaced) {
      siblings[index] = { type: 'c', id: created++, replaced: true, children: [{ type: 'a', id: created++ }] };
      return index;
    }
    if (roll < 0.85) return [SKIP, index + 1];
    if (roll < 0.9) return [CONTINUE];
    return index + 1;
  };
}

test('visits, skips, exits and edits exactly as unist-util-visit, on 400 random trees and tests', () => {
  const tests: (string | ((node: Node) => boolean) | undefined)[] = [undefined, 'a', (node) => node.type !== 'b'];
  for (let seed = 1; seed <= 400; seed++) {
    const tree = randomTree(random(seed));
    for (const [which, check] of tests.entries()) {
      const run = (walk: typeof visit) => {
        const copy = structuredClone(tree);
        const log: string[] = [];
        const visitor = editingVisitor(random(seed * 7 + which), log);
        if (check === undefined) walk(copy, visitor as never);
        else walk(copy, check as never, visitor as never);
        return { log, copy };
      };
      const theirs = run(libraryVisit);
      const ours = run(visit);
      assert.deepEqual(ours.log, theirs.log, `seed ${seed}, test ${which}: the visits differ`);
      assert.deepEqual(ours.copy, theirs.copy, `seed ${seed}, test ${which}: the trees differ`);
    }
  }
});

test('a tree that is not a node is refused, as by the library', () => {
  assert.throws(() => visit(undefined as never, () => undefined), /expected node/);
});
