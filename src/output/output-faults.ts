import path from 'node:path';
import { PortalError } from '../errors.ts';

// What the file system refuses while a build writes its output, in the writer's terms: which
// folder, that the last good site is still there (the new one is written beside it and swapped
// in only when whole), and what to do. Anything else stays an error of its own.

const shown = (file: string) => path.relative(process.cwd(), file) || '.';

/** The error as a PortalError when it is the disk or its permissions refusing the output; else undefined. */
export function outputFault(error: unknown, outDir: string): PortalError | undefined {
  const { code, path: file } = (error ?? {}) as NodeJS.ErrnoException;
  const out = shown(outDir);
  const where = file ? ` (${shown(file)})` : '';
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new PortalError({ severity: 'error', file: out, message: `the disk is full (${code}) while writing the new site${where}; the last good site in ${out} is intact`, hint: `Free some space on that disk and build again, or build elsewhere with --out <folder>.` }, { cause: error });
  }
  const parent = path.dirname(path.resolve(outDir));
  if ((code === 'EACCES' || code === 'EPERM' || code === 'EROFS') && file && isOutputPath(file, outDir)) {
    return new PortalError({ severity: 'error', file: out, message: `cannot write beside the output folder (${code}${where}): a build writes the new site next to ${out} in ${shown(parent)} and swaps it in${code === 'EROFS' ? ', and that file system is read-only' : ''}; the last good site is intact`, hint: `Make ${shown(parent)} writable for this user, or pass --out <a folder you can write>.` }, { cause: error });
  }
  return undefined;
}

/** A swap the file system refused: the output folder is a mount point (EBUSY, EXDEV) or held. */
export function swapFault(error: unknown, outDir: string): PortalError | undefined {
  const { code } = (error ?? {}) as NodeJS.ErrnoException;
  if (code !== 'EBUSY' && code !== 'EXDEV' && code !== 'EPERM' && code !== 'EACCES') return outputFault(error, outDir);
  const out = shown(outDir);
  return new PortalError({
    severity: 'error',
    file: out,
    message: `the new site could not be swapped in for ${out} (${code}): it is renamed into place, which fails when ${out} is a mount point, on another disk than its folder, or held open; the last good site in ${out} is intact`,
    hint: `Pass --out <a folder that is not a mount point> (such as a folder inside the mount, --out ${path.join(out, 'site')}), and serve or copy from there.`,
  }, { cause: error });
}

/** The output folder, a folder beside it that a build makes ("dist.staging-…"), or a file in either. */
function isOutputPath(file: string, outDir: string): boolean {
  const resolved = path.resolve(file);
  const out = path.resolve(outDir);
  return resolved === out || resolved.startsWith(`${out}.`) || resolved.startsWith(`${out}${path.sep}`);
}
