import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostics } from '../errors.ts';

export interface ContentTree {
  /** Folder path relative to the content root ('' for the root), with its files and subfolders. */
  folders: Map<string, { files: string[]; folders: string[] }>;
  markdown: string[];
}

/**
 * Lists the Markdown files and folders below `root` (paths relative to it, '/'-separated).
 * Follows symlinks but reports a loop instead of recursing forever.
 */
export function walkContent(root: string, diagnostics: Diagnostics, display = (p: string) => p): ContentTree {
  const tree: ContentTree = { folders: new Map(), markdown: [] };
  const visiting = new Set<string>();

  const visit = (relative: string) => {
    const absolute = path.join(root, relative);
    const real = fs.realpathSync(absolute);
    if (visiting.has(real)) {
      diagnostics.error({
        file: display(absolute),
        message: 'this folder links back to one of its parents (a symlink loop)',
        hint: 'Remove the symlink or point it outside the content tree.',
      });
      return;
    }
    visiting.add(real);
    const entry = { files: [] as string[], folders: [] as string[] };
    tree.folders.set(relative, entry);
    const names = fs.readdirSync(absolute).sort();
    for (const name of names) {
      if (name.startsWith('.')) continue;
      const child = relative ? `${relative}/${name}` : name;
      let stat: fs.Stats;
      try {
        stat = fs.statSync(path.join(root, child));
      } catch {
        diagnostics.error({ file: display(path.join(root, child)), message: 'broken symlink', hint: 'Remove it or fix its target.' });
        continue;
      }
      if (stat.isDirectory()) {
        entry.folders.push(child);
        visit(child);
      } else {
        entry.files.push(child);
        if (/\.mdx?$/i.test(name)) tree.markdown.push(child);
      }
    }
    visiting.delete(real);
  };

  if (fs.existsSync(root)) visit('');
  return tree;
}
