import path from 'node:path';
import type { Diagnostics } from '../errors.ts';
import type { DocSource } from './docs.ts';

/**
 * Docusaurus's partials: a `.md`/`.mdx` file whose name (or a folder's) starts with `_` is no
 * page; a page imports it (`import Part from './_part.mdx'`, or from `@site/docs/…`) and its
 * content stands where the page writes `<Part />` (markdown/partials.ts splices it in).
 */
export function isPartial(relative: string): boolean {
  return /\.mdx?$/i.test(relative) && relative.split('/').some((part) => part.startsWith('_'));
}

/** An import of a partial, as mdx-lines.ts accepts it: a relative or `@site/` path to an `_` file. */
export const partialImport = /^import\s+([A-Z]\w*)\s+from\s+['"]((?:\.{1,2}\/|@site\/)(?:[^'"]*\/)?_[^'"/]*\.mdx?|(?:\.{1,2}\/|@site\/)(?:[^'"]*\/)?_[^'"/]*\/[^'"]*\.mdx?)['"];?\s*$/;

/**
 * Gives each doc the partials it imports (and those they import), by name, read from `partials`
 * (relative path under content/docs → its text). An import of one that is not there is an error
 * at its line; a partial no page imports is a warning, as its text is published nowhere.
 */
export function attachPartials(docs: DocSource[], partials: Map<string, string>, areaFolderOf: (relative: string) => string | undefined, diagnostics: Diagnostics): void {
  const used = new Set<string>();
  const importsOf = (text: string, relative: string, each: (name: string, target: string | undefined, line: number, written: string) => void) => {
    text.split('\n').forEach((line, index) => {
      const match = partialImport.exec(line);
      if (!match) return;
      const [, name, written] = match;
      const area = areaFolderOf(relative);
      const target = written.startsWith('@site/docs/') && area !== undefined ? path.posix.join(area, written.slice('@site/docs/'.length)) : written.startsWith('@site/') ? undefined : path.posix.join(path.posix.dirname(relative), written);
      each(name, target !== undefined && partials.has(target) ? target : undefined, index + 1, written);
    });
  };
  for (const doc of docs) {
    const relative = doc.file.split(path.sep).join('/').replace(/^content\/docs\//, '');
    const found: Record<string, { file: string; body: string }> = {};
    const collect = (text: string, from: string, depth: number, lineOffset: number, file: string) => {
      importsOf(text, from, (name, target, line, written) => {
        if (!target) {
          diagnostics.error({ file, line: line + lineOffset, column: 1, message: `imports the partial "${written}", which is not there`, hint: 'Partials are read from the page\'s folder ("./_part.mdx") or the docs folder ("@site/docs/_part.mdx"); check the path.' });
          return;
        }
        used.add(target);
        if (found[name] || depth > 4) return;
        const body = withoutFrontMatter(partials.get(target)!);
        found[name] = { file: `content/docs/${target}`, body };
        collect(body, target, depth + 1, 0, `content/docs/${target}`);
      });
    };
    collect(doc.body, relative, 0, doc.bodyLineOffset, doc.file);
    if (Object.keys(found).length) doc.partials = found;
  }
  for (const relative of partials.keys()) {
    if (!used.has(relative)) diagnostics.warn({ file: `content/docs/${relative}`, line: 1, column: 1, message: 'is a partial (its name starts with "_") that no page imports, so its text is published nowhere', hint: 'Import it in a page (import Part from \'./_part.mdx\'; then <Part />), or drop the "_" to make it a page of its own.' });
  }
}

function withoutFrontMatter(text: string): string {
  // Blank lines keep the partial's own line numbers.
  return text.replace(/^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/, (front) => front.replace(/[^\n]/g, ''));
}
