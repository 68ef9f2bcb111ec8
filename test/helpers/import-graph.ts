import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of one source file: both paths relative to the repository, with "/". */
export interface ImportEdge {
  from: string;
  to: string;
}

/**
 * Every relative import of the TypeScript under `folders` (static, dynamic, `import type` and
 * re-exports alike: a type import is an arrow too), read by the TypeScript compiler's own
 * pre-processor, not by a regular expression.
 */
export function readImportGraph(root: string, folders: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const folder of folders) {
    for (const entry of fs.readdirSync(path.join(root, folder), { recursive: true })) {
      const file = path.posix.join(folder, String(entry).split(path.sep).join('/'));
      if (!/\.(ts|tsx|mts|mjs)$/.test(file) || file.endsWith('.d.ts')) continue;
      const info = ts.preProcessFile(fs.readFileSync(path.join(root, file), 'utf8'), true, true);
      for (const imported of info.importedFiles) {
        if (!imported.fileName.startsWith('.')) continue;
        edges.push({ from: file, to: path.posix.normalize(path.posix.join(path.posix.dirname(file), imported.fileName)) });
      }
    }
  }
  return edges;
}

export interface Layer {
  name: string;
  /** Path prefixes of the files in this layer ("src/site/", or a single file). */
  paths: string[];
  /** When given, the only layers it may import besides its own (shared and browser code). */
  mayImport?: string[];
  /** No other layer may import it (the browser runtime: node code never does). */
  private?: boolean;
}

/** The layer a file belongs to: the one whose path prefix is longest. */
export function layerOf(file: string, layers: Layer[]): Layer | undefined {
  let best: { layer: Layer; length: number } | undefined;
  for (const layer of layers) for (const prefix of layer.paths) if ((file === prefix || file.startsWith(prefix)) && (!best || prefix.length > best.length)) best = { layer, length: prefix.length };
  return best?.layer;
}

/**
 * The imports that point up the layers (or into a private layer), and the files no layer claims.
 * `layers` is ordered from the bottom up: a layer may import its own and lower ones, unless it
 * names exactly which (`mayImport`).
 */
export function layerViolations(edges: ImportEdge[], layers: Layer[]): string[] {
  const rank = new Map(layers.map((layer, index) => [layer.name, index]));
  const problems: string[] = [];
  for (const { from, to } of edges) {
    const source = layerOf(from, layers);
    const target = layerOf(to, layers);
    if (!source) problems.push(`${from}: in no layer`);
    if (!target) problems.push(`${to} (imported by ${from}): in no layer`);
    if (!source || !target || source === target) continue;
    const allowed = source.mayImport ? source.mayImport.includes(target.name) : !target.private && rank.get(target.name)! < rank.get(source.name)!;
    if (!allowed) problems.push(`${from} (${source.name}) imports ${to} (${target.name})`);
  }
  return [...new Set(problems)];
}
