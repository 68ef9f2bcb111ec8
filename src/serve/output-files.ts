import fs from 'node:fs';
import path from 'node:path';
import { resolveInside } from '../output/inside-folder.ts';

/** A file of the built site as the server sends it: where it is, what it is, its siblings. */
export interface OutputFile {
  /** The file's real path, inside the output folder. */
  file: string;
  size: number;
  mtimeMs: number;
  ino: number;
  /** Weak validators from size and time, as sirv and most static servers make them (no hashing). */
  etag: string;
  lastModified: string;
  /** The Brotli and gzip siblings the build wrote beside it (text over 1 KB). */
  br?: OutputFile;
  gzip?: OutputFile;
}

export interface OutputFiles {
  /** The file a request path names exactly, if it is a file inside the output; never leaves it. */
  lookup(pathname: string): OutputFile | undefined;
}

// Distinct paths remembered per build: the whole output of a large site, with room for misses.
const maxRemembered = 50_000;

/**
 * The output folder's files by request path. Without watch mode the output changes only when a
 * build swaps a new folder in by renaming it, so what was found is remembered until the folder's
 * identity changes: no walk of the output, and one stat of the folder per turn of the event loop
 * (the requests answered in one turn see one output, as if they had come a moment earlier). In
 * watch mode single files are replaced in place, so each request looks again.
 */
export function outputFiles(root: string, watch: boolean): OutputFiles {
  const base = path.resolve(root);
  if (watch) return { lookup: (pathname) => describe(base, pathname) };
  let identity = -1;
  let known = new Map<string, OutputFile | null>();
  let checkedThisTurn = false;
  return {
    lookup(pathname) {
      if (!checkedThisTurn) {
        checkedThisTurn = true;
        setImmediate(() => (checkedThisTurn = false));
        const inode = fs.statSync(base, { throwIfNoEntry: false })?.ino ?? -1;
        if (inode !== identity) {
          identity = inode;
          known = new Map();
        }
      }
      if (known.size >= maxRemembered) known = new Map();
      let found = known.get(pathname);
      if (found === undefined) {
        found = describe(base, pathname) ?? null;
        known.set(pathname, found);
      }
      return found ?? undefined;
    },
  };
}

function describe(base: string, pathname: string): OutputFile | undefined {
  let realBase: string;
  try {
    realBase = fs.realpathSync.native(base);
  } catch {
    return undefined;
  }
  const real = realFileInside(base, realBase, pathname);
  if (!real) return undefined;
  const file = statOf(real);
  if (!file) return undefined;
  // A sibling is only taken when it is a file inside the output too.
  const br = realFileInside(base, realBase, `${pathname}.br`);
  const gzip = realFileInside(base, realBase, `${pathname}.gz`);
  return { ...file, br: br ? statOf(br) : undefined, gzip: gzip ? statOf(gzip) : undefined };
}

function statOf(file: string): OutputFile | undefined {
  const stats = fs.statSync(file, { throwIfNoEntry: false });
  if (!stats?.isFile()) return undefined;
  return { file, size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino, etag: `W/"${stats.size}-${Math.trunc(stats.mtimeMs)}"`, lastModified: stats.mtime.toUTCString() };
}

/** Resolves a request path to a file's real path inside `base` (whose real path is `realBase`), or undefined. */
function realFileInside(base: string, realBase: string, pathname: string): string | undefined {
  const resolved = resolveInside(base, `.${pathname}`);
  if (!resolved) return undefined;
  try {
    // Most misses (a clean URL's first guess, a missing sibling) end here, without a thrown error.
    if (!fs.statSync(resolved, { throwIfNoEntry: false })?.isFile()) return undefined;
    // Symlinks are followed only to files inside the output.
    const real = fs.realpathSync.native(resolved);
    if (!real.startsWith(realBase + path.sep)) return undefined;
    return real;
  } catch {
    return undefined;
  }
}
