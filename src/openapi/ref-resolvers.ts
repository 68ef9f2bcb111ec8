import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParserOptions } from '@readme/openapi-parser';
import { checkProjectFile, readPublishableFile, type Refusal } from '../util/project-files.ts';
import { decodeRefPath } from './locate.ts';

// Specs come from upstream, and whatever a $ref reads ends up on the pages. The parser's own
// resolvers read any file ("/proc/self/environ") and fetch URLs; these replace them, so every
// $ref (nested ones in referenced files too) reads only files inside the allowed folders.

/** A $ref that was not read: the file and JSON pointer where it is written, its text and why. */
export interface RefusedRef extends Refusal {
  /** The file holding the $ref (absolute; '' for the main file itself). */
  file: string;
  pointer: string;
  ref: string;
  /** The file it names does not exist (rather than being refused). */
  missing: boolean;
}

/** What the parser hands a resolver: the resolved target, and where the $ref is written. */
interface ResolverFile {
  url: string;
  /** "<absolute file>#<JSON pointer>" of the $ref; absent for the main file. */
  baseUrl?: string;
  /** The $ref as written. */
  reference?: string;
}

/**
 * Resolver options for @readme/openapi-parser: local files only within `roots` (real paths,
 * regular files), no network. Each $ref refused is passed to `onRefused` before the parser is
 * told it failed, so the caller can report it where it is written.
 */
export function projectRefResolvers(roots: readonly string[], onRefused: (refused: RefusedRef) => void): ParserOptions {
  // The parser replaces a resolver's error by its own "Error reading file", so the reason goes this way.
  const refuse = (file: ResolverFile, refusal: Refusal, missing = false): never => {
    const [from, fragment = ''] = (file.baseUrl ?? '').split('#');
    onRefused({ file: from, pointer: decodeFragment(fragment), ref: file.reference ?? file.url, missing, ...refusal });
    throw new Error(`$ref "${file.reference ?? file.url}" ${refusal.reason}`);
  };
  // The checked bytes are the bytes read (one open), so a file swapped after its check is not read.
  const read = (file: ResolverFile) => {
    const target = refTarget(file.url, roots);
    if (!('real' in target)) return refuse(file, target.refusal, target.missing);
    const bytes = readPublishableFile(target.real, roots);
    if (bytes.status === 'refused') return refuse(file, bytes.refusal);
    if (bytes.status === 'missing') return refuse(file, { reason: 'names a file that does not exist (ENOENT)', hint: 'The $ref is resolved relative to the file it is written in: fix the path.' }, true);
    return bytes.bytes;
  };
  const local = { order: 100, canRead: (file: ResolverFile) => !/^https?:/i.test(file.url), read };
  const remote = { order: 200, canRead: (file: ResolverFile) => /^https?:/i.test(file.url), read };
  // The parser's types only know `file: boolean` and HTTP settings; it takes whole resolvers too.
  return { resolve: { file: local, http: remote } } as unknown as ParserOptions;
}

/**
 * What a $ref's resolved target (an absolute path, a file: URL or any other URL) lets the build
 * read: the real path of a regular file inside `roots`, or why not. The one rule of the resolvers,
 * and of the check of every $ref before the parser runs (load-spec.ts).
 */
export function refTarget(url: string, roots: readonly string[]): { real: string } | { refusal: Refusal; missing: boolean } {
  if (/^https?:/i.test(url)) {
    return { missing: false, refusal: { reason: 'is on the network; builds read no URL (a changed remote file would change the site unseen)', hint: 'Save what it points at in a file beside the spec and $ref that file by its relative path.' } };
  }
  const target = fileSystemPath(url);
  if (target === undefined) {
    return { missing: false, refusal: { reason: `uses "${/^[^:]*/.exec(url)![0]}:", which the build does not read`, hint: 'Point the $ref at a file beside the spec, by its relative path ("./common.yaml#/Pet").' } };
  }
  const check = checkProjectFile(target, roots);
  if (check.status === 'refused') return { missing: false, refusal: check.refusal };
  if (check.status === 'missing') return { missing: true, refusal: { reason: 'names a file that does not exist (ENOENT)', hint: 'The $ref is resolved relative to the file it is written in: fix the path.' } };
  return { real: check.real };
}

/** The target of a $ref's file part as written in `from` (an absolute path): a relative path against its folder (still URL-encoded, as the parser hands it over), a URL as it is. */
export function refTargetOf(from: string, refFile: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(refFile) ? refFile : path.resolve(path.dirname(from), refFile);
}

/** The file a resolved $ref names: a plain path or a file: URL; undefined for any other scheme. */
function fileSystemPath(url: string): string | undefined {
  if (/^file:/i.test(url)) return fileURLToPath(url);
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return undefined;
  // The parser resolves $refs as URLs: "my%20schemas.yaml" is "my schemas.yaml".
  return decodeRefPath(url);
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
