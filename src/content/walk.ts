import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostics } from '../errors.ts';
import { checkProjectFile } from '../util/project-files.ts';

export interface ContentTree {
  /** Folder path relative to the content root ('' for the root), with its files and subfolders. */
  folders: Map<string, { files: string[]; folders: string[] }>;
  markdown: string[];
  /** Every file, relative to the walked folder. */
  files: string[];
  /** Files and folders left out because their names start with "." (".env", ".git"). */
  hidden: string[];
}

export interface WalkOptions {
  /** The project root: every file and folder walked must really be inside it (symlinks followed). */
  projectRoot: string;
  /** Names a file is reported by. */
  display?: (absolute: string) => string;
  /** Hidden names that are walked all the same (".well-known" in the static folder). */
  keepHidden?: readonly string[];
}

/**
 * Lists the files and folders below `root` (paths relative to it, '/'-separated). Follows
 * symlinks that pass the publish rule (util/project-files.ts); a symlink out of the project, to a
 * hidden file or folder or into node_modules/, a FIFO, socket or device, a broken symlink or a
 * symlink loop is an error at its path, and is left out.
 */
export function walkContent(root: string, diagnostics: Diagnostics, { projectRoot, display = (p: string) => p, keepHidden = [] }: WalkOptions): ContentTree {
  const tree: ContentTree = { folders: new Map(), markdown: [], files: [], hidden: [] };
  const visiting = new Set<string>();

  const visit = (relative: string, real: string, names: string[]) => {
    if (visiting.has(real)) {
      diagnostics.error({
        file: display(path.join(root, relative)),
        message: 'this folder links back to one of its parents (a symlink loop)',
        hint: 'Remove the symlink, or point it at a folder of the project that is not one of its parents.',
      });
      return;
    }
    visiting.add(real);
    const entry = { files: [] as string[], folders: [] as string[] };
    tree.folders.set(relative, entry);
    for (const name of names) {
      const child = relative ? `${relative}/${name}` : name;
      if (name.startsWith('.') && !keepHidden.includes(name)) {
        tree.hidden.push(child);
        continue;
      }
      const absolute = path.join(root, child);
      const check = checkProjectFile(absolute, [projectRoot], { kind: 'either' });
      if (check.status === 'missing') {
        diagnostics.error({ file: display(absolute), message: 'broken symlink', hint: 'Remove it or fix its target.' });
      } else if (check.status === 'refused') {
        diagnostics.error({ file: display(absolute), message: `this path ${check.refusal.reason}`, hint: check.refusal.hint });
      } else if (check.stat.isDirectory()) {
        entry.folders.push(child);
        visit(child, check.real, readFolder(check.real));
      } else {
        entry.files.push(child);
        tree.files.push(child);
        if (/\.mdx?$/i.test(name)) tree.markdown.push(child);
      }
    }
    visiting.delete(real);
  };

  const top = checkProjectFile(root, [projectRoot], { kind: 'folder' });
  if (top.status === 'refused') diagnostics.error({ file: display(root), message: `this folder ${top.refusal.reason}`, hint: top.refusal.hint });
  if (top.status === 'ok') visit('', top.real, readFolder(top.real));
  return tree;
}

const readFolder = (real: string) => fs.readdirSync(real).sort();
