import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of one source file: both paths relative to the repository, with "/". */
export interface ImportEdge {
  from: string;
  to: string;
}

/**
 * Every import of the TypeScript under `folders` that names a file of the repository (static,
 * dynamic, `import type` and re-exports alike: a type import is an arrow too), read by the
 * TypeScript compiler's own pre-processor, not by a regular expression; and each worker a file
 * starts by name (`workerUrl('doc-worker', import.meta.url)`: its entry file under `workers/`).
 * Hidden folders and node_modules are skipped. `packages`: bare imports to keep too, as edges to the package's name ("react-dom/server").
 */
export function readImportGraph(root: string, folders: string[], packages: string[] = []): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const folder of folders) {
    for (const entry of fs.readdirSync(path.join(root, folder), { recursive: true })) {
      const file = path.posix.join(folder, String(entry).split(path.sep).join('/'));
      // Installed packages and hidden folders (what a run generates: bench/.corpus, caches) are not the project's sources.
      if (!/\.(ts|tsx|mts|mjs)$/.test(file) || file.endsWith('.d.ts') || file.split('/').some((part) => part === 'node_modules' || part.startsWith('.'))) continue;
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const info = ts.preProcessFile(text, true, true);
      const relative = (target: string) => path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      for (const imported of info.importedFiles) {
        if (imported.fileName.startsWith('.')) edges.push({ from: file, to: relative(imported.fileName) });
        else if (packages.includes(imported.fileName)) edges.push({ from: file, to: imported.fileName });
      }
      for (const name of workersStarted(file, text)) edges.push({ from: file, to: relative(`./workers/${name}.mjs`) });
    }
  }
  return edges;
}

/** The names of the workers a file starts through `workerUrl('<name>', …)`, read from its syntax tree. */
function workersStarted(file: string, text: string): string[] {
  if (!text.includes('workerUrl(')) return [];
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'workerUrl') {
      const [name] = node.arguments;
      if (name && ts.isStringLiteralLike(name)) names.push(name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return names;
}

export interface Layer {
  name: string;
  /** Path prefixes of the files in this layer ("src/site/", or a single file). */
  paths: string[];
  /** When given, the only layers it may import besides its own (shared and browser code). */
  mayImport?: string[];
  /** No other layer may import it (the browser runtime: node code never does). */
  private?: boolean;
  /** Layers of one tier are side by side (the sources): of one rank, and none imports another. */
  tier?: string;
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
  // A tier's layers share the rank of its first.
  const rank = new Map(layers.map((layer, index) => [layer.name, layer.tier === undefined ? index : layers.findIndex((other) => other.tier === layer.tier)]));
  const problems: string[] = [];
  for (const { from, to } of edges) {
    const source = layerOf(from, layers);
    const target = layerOf(to, layers);
    if (!source) problems.push(`${from}: in no layer`);
    if (!target) problems.push(`${to} (imported by ${from}): in no layer`);
    if (!source || !target || source === target) continue;
    const sideBySide = source.tier !== undefined && source.tier === target.tier;
    const allowed = source.mayImport ? source.mayImport.includes(target.name) : !target.private && !sideBySide && rank.get(target.name)! < rank.get(source.name)!;
    if (!allowed) problems.push(`${from} (${source.name}) imports ${to} (${target.name})`);
  }
  return [...new Set(problems)];
}

/**
 * The files that render React or import a template outside the places allowed to (`allowed`,
 * path prefixes): sources make models, and the kinds, the shell renderer and the client draw them.
 */
export function renderingOutside(edges: ImportEdge[], allowed: string[]): string[] {
  const rendering = (to: string) => to.startsWith('templates/') || to === 'react-dom/server';
  const files = edges.filter(({ from, to }) => rendering(to) && !allowed.some((prefix) => from.startsWith(prefix))).map(({ from }) => from);
  return [...new Set(files)].sort();
}
