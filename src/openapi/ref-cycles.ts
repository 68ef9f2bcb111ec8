import path from 'node:path';
import { safeDecode } from '../util/safe-decode.ts';
import { decodeRefPath, escapePointer } from './locate.ts';

// `A: { $ref: B }` and `B: { $ref: A }` name no schema at all: each only points at the other.
// The validator accepts it (a $ref is a valid schema) and the dereferenced result is a loop of
// $refs that the example generator cannot read. A recursive schema (a $ref inside properties)
// is fine; only a cycle of bare $refs is refused, where the first of them is written. The
// cycle may pass through several files ("common.yaml#/Pet" and back).

/** A bare $ref: the file that holds it and its JSON pointer there. */
export interface RefPlace {
  file: string;
  pointer: string;
}

/** Every cycle of objects that are only a $ref (to a place in the same or another file), each once, in the order they lead to each other. */
export function bareRefCycles(files: Map<string, unknown>): RefPlace[][] {
  const key = (place: RefPlace) => `${place.file}#${place.pointer}`;
  const bare = new Map<string, { place: RefPlace; target: string }>();
  for (const [file, value] of files) {
    const walk = (node: unknown, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && Object.keys(node).length === 1) {
        const [target, fragment = ''] = ref.split('#');
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return;
        const targetFile = target ? path.resolve(path.dirname(file), decodeRefPath(target)) : file;
        bare.set(key({ file, pointer }), { place: { file, pointer }, target: key({ file: targetFile, pointer: safeDecode(fragment) }) });
        return;
      }
      for (const [name, child] of Object.entries(node)) walk(child, `${pointer}/${escapePointer(name)}`);
    };
    walk(value, '');
  }
  const cycles: RefPlace[][] = [];
  const reported = new Set<string>();
  for (const start of bare.keys()) {
    const chain: string[] = [];
    let current: string | undefined = start;
    while (current !== undefined && bare.has(current) && !chain.includes(current)) {
      chain.push(current);
      current = bare.get(current)!.target;
    }
    if (current === undefined || !chain.includes(current)) continue;
    const cycle = chain.slice(chain.indexOf(current));
    const id = [...cycle].sort().join(' ');
    if (reported.has(id)) continue;
    reported.add(id);
    cycles.push(cycle.map((entry) => bare.get(entry)!.place));
  }
  return cycles;
}
