import fs from 'node:fs';
import path from 'node:path';
import type { Diagnostics } from '../errors.ts';

// What the build reads, it may publish: a page's text, an image, a spec's $ref, a static file.
// So every file it reads follows one publish rule, on its real path (symlinks followed): inside
// the project, no hidden part (".env", ".git/"; ".well-known/" aside), not in node_modules/, and a
// regular file. A path or symlink to /proc/self/environ, a CI secret or the repository's .git/
// stops the build at the file or $ref that names it; a FIFO stops it instead of hanging it.
// (The npm reference reads packages' declarations from node_modules/ on its own terms:
// src/typedoc/, whose doc comments may include files only from their own package.)

/** Why a file may not be read: said after its name, with the fix. */
export interface Refusal {
  /** "leads outside the project (to /etc/passwd)", "is a FIFO (named pipe), not a regular file". */
  reason: string;
  hint: string;
}

export type ProjectFileCheck =
  | { status: 'ok'; real: string; stat: fs.Stats }
  | { status: 'missing' }
  | { status: 'refused'; refusal: Refusal };

export interface CheckOptions {
  /** What the path must be: a regular file (the default), a folder, or either. */
  kind?: 'file' | 'folder' | 'either';
  /** What `roots` are, in messages: "the project" unless said ("content/static"). */
  within?: string;
  /** The path as the writer named it, when `file` is where it was found to lead: for the wording. */
  namedAs?: string;
}

/** The one hidden folder sites publish on purpose (RFC 8615: security.txt, app links). */
export const publicHiddenFolder = '.well-known';

/** The folder of installed packages: their files are published only as the npm reference's pages. */
export const packagesFolder = 'node_modules';

/**
 * The publish rule: checks that `file` really is inside one of `roots` (after following every
 * symlink, its own and its folders'), that no part of its real path below that root is hidden
 * (".well-known" aside) or node_modules, and that it is of the kind expected. Roots are compared
 * by their real paths too, so a project reached through a symlinked folder is still itself.
 */
export function checkProjectFile(file: string, roots: readonly string[], { kind = 'file', within = 'the project', namedAs = file }: CheckOptions = {}): ProjectFileCheck {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { status: 'missing' };
    if (code === 'ELOOP') return refused('is a symlink loop', 'Point the symlink at a real file inside the project, or remove it.');
    return refused(`cannot be read (${code ?? (error as Error).message})`, 'Check the file and its permissions.');
  }
  const realRoots = roots.map(realPathOf);
  // The closest root: a spec's own folder inside node_modules/ is its root, not the project.
  const root = realRoots.filter((candidate) => isInside(real, candidate)).sort((a, b) => b.length - a.length)[0];
  if (root === undefined) {
    return refused(`leads outside ${within} (to ${real})`, `The build publishes only files inside ${within} (${realRoots.join(', ')}): copy the file there, or fix the path or symlink.`);
  }
  const stat = fs.statSync(real);
  const wanted = kind === 'either' ? stat.isFile() || stat.isDirectory() : kind === 'folder' ? stat.isDirectory() : stat.isFile();
  if (!wanted) {
    return refused(`is ${describeType(stat)}, not ${kind === 'folder' ? 'a folder' : 'a regular file'}`, kind === 'folder' ? 'Replace it with a folder, or remove it.' : 'Replace it with a regular file, or remove it.');
  }
  const relative = path.relative(root, real);
  // Named as the writer named it, or as the symlink leads: "leads to" says a link carried it there.
  const linked = path.resolve(namedAs) !== real && hiddenPart(path.relative(root, path.resolve(namedAs))) === undefined;
  const hidden = hiddenPart(relative);
  if (hidden !== undefined) {
    return linked
      ? refused(`leads to a hidden ${stat.isDirectory() ? 'folder' : 'file'} (${relative}: "${hidden}" starts with "."), and hidden files are not published`, 'Hidden files such as .env and .git/ never reach the site: remove the symlink, or point it at a file whose path has no part starting with ".".')
      : refused(`is hidden ("${hidden}" starts with "."), and hidden files are not published`, `Rename "${hidden}" without the leading "." to publish it.`);
  }
  if (relative.split(/[\\/]/).includes(packagesFolder)) {
    return refused(`${linked ? 'leads into' : 'is in'} ${packagesFolder}/ (${relative}), whose files are not published`, `Installed packages are not content: copy the file into the project's content, or name it in portal.config.ts.`);
  }
  return { status: 'ok', real, stat };
}

export type ProjectFileRead = { status: 'ok'; bytes: Buffer } | { status: 'missing' } | { status: 'refused'; refusal: Refusal };

/**
 * Reads a file that passes the publish rule, opening it once: the rule is checked on what the
 * descriptor opened (its real path, and the same inode), and the bytes come from that descriptor.
 * So a name swapped for a symlink to .env after an earlier check, or between the check and the
 * read, brings nothing; a FIFO put in its place is refused without blocking.
 */
export function readPublishableFile(file: string, roots: readonly string[], options: Omit<CheckOptions, 'kind'> = {}): ProjectFileRead {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    // Not opened: say why as the check says it (missing, a loop, outside the project...).
    const check = checkProjectFile(file, roots, options);
    return check.status === 'ok' ? refused(`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, 'Check the file and its permissions.') : check;
  }
  try {
    const check = checkProjectFile(openedPath(fd) ?? file, roots, { ...options, namedAs: file });
    if (check.status !== 'ok') return check;
    const opened = fs.fstatSync(fd);
    if (opened.ino !== check.stat.ino || opened.dev !== check.stat.dev) {
      return refused('changed while the build read it (the name now leads to another file)', 'Run the build again once nothing moves the file.');
    }
    return { status: 'ok', bytes: fs.readFileSync(fd) };
  } finally {
    fs.closeSync(fd);
  }
}

/** The real path of an open descriptor, where the system says it (Linux); undefined elsewhere. */
function openedPath(fd: number): string | undefined {
  try {
    const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    return path.isAbsolute(target) && !target.endsWith(' (deleted)') ? target : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a file of the project through the publish rule (readPublishableFile), or reports at
 * `displayFile` why it may not be read, or that it is missing, and returns undefined.
 */
export function readProjectFile(file: string, displayFile: string, roots: readonly string[], diagnostics: Diagnostics, options?: Omit<CheckOptions, 'kind'>): Buffer | undefined {
  const read = readPublishableFile(file, roots, options);
  if (read.status === 'ok') return read.bytes;
  if (read.status === 'missing') diagnostics.error({ file: displayFile, message: 'file not found (or a broken symlink)', hint: 'Restore the file, or fix the symlink or the path that names it.' });
  else diagnostics.error({ file: displayFile, message: `this file ${read.refusal.reason}`, hint: read.refusal.hint });
  return undefined;
}

/** The first hidden name in a relative path ("a/.git/config" -> ".git"), other than .well-known. */
export function hiddenPart(relative: string): string | undefined {
  return relative.split(/[\\/]/).find((part) => part.startsWith('.') && part !== '.' && part !== '..' && part !== publicHiddenFolder);
}

/**
 * The folders a file named in portal.config.ts (a spec, a guide) may read from: the project and,
 * when the config's path itself points outside the project or into node_modules/ (a package's
 * spec), the folder of that file. A path inside the project that a symlink carries outside gets
 * no such allowance.
 */
export function configFileRoots(root: string, configPath: string): string[] {
  const absolute = path.resolve(root, configPath);
  const inPackages = path.relative(path.resolve(root), absolute).split(/[\\/]/).includes(packagesFolder);
  return isInside(absolute, path.resolve(root)) && !inPackages ? [root] : [root, path.dirname(absolute)];
}

/** Whether `file` is `folder` or below it (both absolute and normalised). */
export function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

function realPathOf(folder: string): string {
  try {
    return fs.realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

function describeType(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a plain file';
}

function refused(reason: string, hint: string): { status: 'refused'; refusal: Refusal } {
  return { status: 'refused', refusal: { reason, hint } };
}
