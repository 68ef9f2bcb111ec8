import { safeDecode } from '../../util/safe-decode.ts';

// `A: { $ref: B }` and `B: { $ref: A }` name no schema at all: each only points at the other.
// The validator accepts it (a $ref is a valid schema) and the dereferenced result is a loop of
// $refs that the example generator cannot read. A recursive schema (a $ref inside properties)
// is fine; only a cycle of bare $refs is refused, where the first of them is written.

export interface RefCycle {
  /** JSON pointers of the bare $refs, in the order they lead to each other. */
  pointers: string[];
}

/** Every cycle of objects that are only a "#/…" $ref, each once, in a document with no external $ref. */
export function bareRefCycles(document: unknown): RefCycle[] {
  const bare = new Map<string, string>();
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && Object.keys(node).length === 1) {
      bare.set(pointer, safeDecode(ref.slice(1)));
      return;
    }
    for (const [key, child] of Object.entries(node)) walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  walk(document, '');
  const cycles: RefCycle[] = [];
  const reported = new Set<string>();
  for (const start of bare.keys()) {
    const chain: string[] = [];
    let current: string | undefined = start;
    while (current !== undefined && !chain.includes(current)) {
      chain.push(current);
      current = bare.get(current);
    }
    if (current === undefined) continue;
    const cycle = chain.slice(chain.indexOf(current));
    const key = [...cycle].sort().join(' ');
    if (reported.has(key)) continue;
    reported.add(key);
    cycles.push({ pointers: cycle });
  }
  return cycles;
}
