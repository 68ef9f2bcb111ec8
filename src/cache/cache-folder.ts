import fs from 'node:fs';
import path from 'node:path';
import { PortalError } from '../errors.ts';

// The cache folder is portal's: what is inside it is made again when missing or damaged. A file
// or symlink where one of its folders belongs (a hand in the cache, a restore gone wrong) is such
// damage, and removing it costs only the work to make its content again. The cache folder itself
// is named by the config, so a file there may be anyone's: that is reported, never removed.

/**
 * Makes the cache folder `folder` (config `cacheDir`), or throws a located error when a file is
 * where it, or a folder on its way, should be.
 */
export function makeCacheRoot(folder: string): void {
  try {
    fs.mkdirSync(folder, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw error;
    const shown = path.relative(process.cwd(), folder) || folder;
    throw new PortalError({
      severity: 'error',
      file: shown,
      message: `the build cache folder (config "cacheDir") ${shown} is a file, or lies under one, so the cache cannot be kept there`,
      hint: `Move or delete that file (the build makes the folder), or set "cacheDir" in portal.config.ts to another folder.`,
    }, { cause: error });
  }
}

/**
 * Clears the way for the folder `folder` inside the cache folder: a file or symlink of that name
 * is removed (its content is made again), so the folder can be made. A folder is left as it is.
 */
export function clearForCacheFolder(folder: string): void {
  let stats: fs.Stats | undefined;
  try {
    stats = fs.lstatSync(folder, { throwIfNoEntry: false });
  } catch {
    return; // a file on its way: cleared by the caller's folder above it
  }
  if (stats && !stats.isDirectory()) fs.rmSync(folder, { force: true });
}
