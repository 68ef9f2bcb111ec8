import path from 'node:path';
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { type TooDeep, tooDeepAt, tooDeepIn } from './nesting-depth.ts';

// The validator reports problems against a JSON rendering of the spec; writers edit YAML.
// These helpers turn its reports into a JSON pointer and a line in the writer's file.

export interface SpecSource {
  document: Document;
  lineCounter: LineCounter;
  /** Set when the text nests deeper than portal reads (the document's errors then say less). */
  tooDeep?: TooDeep;
}

export function parseSpecSource(text: string): SpecSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  // A parse that failed may have failed from the depth (its recursion): the text is measured then.
  const tooDeep = document.errors.length ? tooDeepAt(text) : tooDeepIn(document);
  return { document, lineCounter, ...(tooDeep ? { tooDeep } : {}) };
}

/** The JSON pointer of the value on line `line` (1-based) of JSON.stringify(value, null, 2). */
export function pointerAtJsonLine(value: unknown, line: number): string {
  const lines = JSON.stringify(value, null, 2).split('\n').slice(0, line);
  const stack: { indent: number; key: string; array: boolean; index: number }[] = [];
  let pointer: string[] = [];
  for (const text of lines) {
    const indent = text.length - text.trimStart().length;
    while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop();
    // A closing bracket ends the entry above it; it is no array item of its own.
    if (/^\s*[}\]],?\s*$/.test(text)) continue;
    const parent = stack[stack.length - 1];
    const keyMatch = /^\s*"((?:[^"\\]|\\.)*)":/.exec(text);
    let key = keyMatch ? JSON.parse(`"${keyMatch[1]}"`) : '';
    if (!keyMatch && parent?.array) key = String(parent.index++);
    pointer = [...stack.map((entry) => entry.key), key].filter((part, index) => index === 0 || part !== '');
    if (/[{[]\s*$/.test(text)) stack.push({ indent, key, array: /\[\s*$/.test(text), index: 0 });
  }
  return `/${pointer.filter(Boolean).map(escapePointer).join('/')}`;
}

/** The 1-based line of a JSON pointer in the YAML source (the closest existing parent). */
export function lineOfPointer(source: SpecSource, pointer: string): number | undefined {
  const parts = pointer.split('/').slice(1).map(unescapePointer);
  let node: Node | null | undefined = source.document.contents as Node;
  let offset = node?.range?.[0];
  for (const part of parts) {
    const next = childAt(node, part);
    if (!next) break;
    node = next.node;
    offset = next.offset ?? offset;
  }
  return offset === undefined ? undefined : source.lineCounter.linePos(offset).line;
}

/** The pointer of the first `$ref` whose value is `ref`. */
export function pointerOfRef(value: unknown, ref: string, path: string[] = []): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && child === ref) return `/${path.map(escapePointer).join('/')}`;
    const found = pointerOfRef(child, ref, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The file path a $ref names ("my%20schemas.yaml" is "my schemas.yaml"); a "%" that starts no escape is a "%". */
export function decodeRefPath(ref: string): string {
  try {
    return decodeURI(ref.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return ref;
  }
}

export const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The JSON pointer of the first `description` or `summary` holding each text, walked in the
 * spec as written (before dereferencing, so the pointer is where the writer edits it). Markdown
 * is rendered from dereferenced copies that no longer know where they came from; problems found
 * in it are named by this pointer.
 */
export function pointersOfTexts(value: unknown): Map<string, string> {
  const pointers = new Map<string, string>();
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      const pointer = `${path}/${escapePointer(key)}`;
      if ((key === 'description' || key === 'summary') && typeof child === 'string') {
        if (!pointers.has(child)) pointers.set(child, pointer);
      } else walk(child, pointer);
    }
  };
  walk(value, '');
  return pointers;
}

/** Where a problem is in a description split over several files: the file and its line. */
export interface SourceLocation {
  file: string;
  line?: number;
}

/**
 * Follows a JSON pointer of the dereferenced description back into the files as written: each
 * `$ref` met on the way ("#/components/…" or "schemas.yaml#/Pet") is followed into the file it
 * names, so the location is the file and line that hold the problem. `read` parses a file once.
 */
export function locatePointer(mainFile: string, pointer: string, read: (file: string) => SpecSource | undefined): SourceLocation {
  let file = mainFile;
  let parts = pointer.split('/').slice(1).map(unescapePointer);
  // A $ref cycle (A -> B -> A) cannot go on longer than the pointer plus one hop per file part.
  for (let hops = 0; hops < 64; hops++) {
    const source = read(file);
    if (!source) return { file };
    let node: Node | null | undefined = source.document.contents as Node;
    let offset = node?.range?.[0];
    let followed = false;
    for (let index = 0; index <= parts.length; index++) {
      const ref = isMap(node) ? node.items.find((item) => isScalar(item.key) && item.key.value === '$ref') : undefined;
      if (ref && isScalar(ref.value) && typeof ref.value.value === 'string') {
        const [target, fragment = ''] = ref.value.value.split('#');
        file = target ? path.resolve(path.dirname(file), decodeRefPath(target)) : file;
        parts = [...fragment.split('/').slice(1).map(unescapePointer), ...parts.slice(index)];
        followed = true;
        break;
      }
      if (index === parts.length) break;
      const part = parts[index];
      const next = childAt(node, part);
      if (!next) break;
      node = next.node;
      offset = next.offset ?? offset;
    }
    if (!followed) return { file, line: offset === undefined ? undefined : source.lineCounter.linePos(offset).line };
  }
  return { file };
}

/** One step of a JSON pointer into a YAML/JSON tree: the child node and where its key (or item) starts. */
function childAt(node: Node | null | undefined, part: string): { node: Node; offset?: number } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === part);
    return pair ? { node: pair.value as Node, offset: (pair.key as Node).range?.[0] } : undefined;
  }
  if (isSeq(node)) {
    const item = node.items[Number(part)] as Node | undefined;
    return item ? { node: item, offset: item.range?.[0] } : undefined;
  }
  return undefined;
}
