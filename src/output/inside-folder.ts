import fs from 'node:fs';
import path from 'node:path';

// The one rule for "a path inside a folder", used by everything that writes the built site (the
// staging folder of a build, the live output in watch mode) and by the server that reads it.

/**
 * The absolute path `relative` names inside `root`, or undefined when it names `root` itself or
 * a place outside it: a climbing ("../x") or absolute path, a NUL, or a backslash (a separator
 * on Windows, and never in a name portal writes). Only the text is looked at; symlinks are not.
 */
export function resolveInside(root: string, relative: string): string | undefined {
  if (relative.includes('\0') || relative.includes('\\') || path.isAbsolute(relative)) return undefined;
  const base = path.resolve(root);
  const resolved = path.resolve(base, relative);
  return resolved.startsWith(base + path.sep) ? resolved : undefined;
}

/**
 * Where the writes into one folder go. `fileFor` is the only way to a path to write: it refuses
 * (with an internal error, since the routes and file names were validated with located messages
 * before any write) a path that would land outside the folder, by its text or through a
 * symlinked folder on the way, and makes the file's folder. Portal never makes symlinks in an
 * output, so any symlinked folder under the root is refused, wherever it points.
 */
export class GuardedFolder {
  readonly root: string;
  /** Folders known to be real folders under the root (made or checked here). */
  private readonly checked = new Set<string>();

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path to write `relative` at, its folder made. */
  fileFor(relative: string): string {
    const file = resolveInside(this.root, relative);
    if (!file) throw new Error(`refused to write "${relative}": it is not a path inside ${this.root}`);
    this.makeFolder(path.dirname(file), relative);
    return file;
  }

  private makeFolder(folder: string, relative: string): void {
    if (folder === this.root || this.checked.has(folder)) return;
    // Up to the root or a folder checked before: what exists on the way must be a real folder,
    // not a symlink (which mkdir and writes would follow out of the root).
    const walked: string[] = [];
    for (let current = folder; current !== this.root && !this.checked.has(current); current = path.dirname(current)) {
      const stats = fs.lstatSync(current, { throwIfNoEntry: false });
      if (stats && !stats.isDirectory()) {
        throw new Error(`refused to write "${relative}": ${path.relative(this.root, current)} in ${this.root} is ${stats.isSymbolicLink() ? 'a symlink' : 'not a folder'}`);
      }
      walked.push(current);
    }
    fs.mkdirSync(folder, { recursive: true });
    for (const made of walked) this.checked.add(made);
  }
}
