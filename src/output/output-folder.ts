import fs from 'node:fs';
import path from 'node:path';
import { PortalError, type Problem } from '../errors.ts';
import { routeManifestFile } from '../site/route-manifest-file.ts';

/** A mistake in how portal was run (a flag's value): the CLI exits with 2, not 1. */
export class UsageError extends PortalError {
  override name = 'UsageError';
}

// A build replaces its output folder whole (the old one is renamed aside and deleted), so the
// output folder must be one that only ever holds a build: never the project, one of its
// parents, or a folder of sources, installed code or the cache.
const projectFolders: { folder: (cacheDir: string) => string; holds: string }[] = [
  { folder: () => 'content', holds: "the site's sources" },
  { folder: () => 'templates', holds: 'the page templates' },
  { folder: () => 'src', holds: 'source code' },
  { folder: () => 'node_modules', holds: 'the installed packages' },
  { folder: () => '.git', holds: 'the repository' },
  { folder: (cacheDir) => cacheDir, holds: 'the build cache (config "cacheDir")' },
];

// Every build writes this file at the top of its output: the sign that a folder is one.

export interface OutputFolderCheck {
  /** The project root (the folder of portal.config.ts). */
  root: string;
  /** The config's `cacheDir`, relative to the root. */
  cacheDir: string;
  /** The flag that named the folder ("--out") and its value as given, for the message. */
  flag: string;
  given: string;
}

/**
 * Refuses (a UsageError) an output folder a build must not replace: the project or a folder
 * holding it, a folder inside one of the project's own folders, or an existing folder that is
 * not an earlier output (see `assertReplaceableOutput`).
 */
export function assertOutputFolder(outDir: string, check: OutputFolderCheck): void {
  const problem = placementProblem(outDir, check) ?? replaceableProblem(outDir, check);
  if (problem) throw new UsageError({ ...problem, severity: 'error' });
}

/**
 * Refuses to replace what is at `outDir` unless it is missing, an empty folder, or an earlier
 * output (it holds routes.json). A non-empty folder without the mark is most likely someone's
 * files (a wrong --out, a typo), and deleting them is not portal's to decide; emptying it by
 * hand is one command for whoever means it. A file is never an output folder.
 */
export function assertReplaceableOutput(outDir: string): void {
  const problem = replaceableProblem(outDir);
  if (problem) throw new UsageError({ ...problem, severity: 'error' });
}

type Found = Omit<Problem, 'severity'>;

function placementProblem(outDir: string, { root, cacheDir, flag, given }: OutputFolderCheck): Found | undefined {
  // Both as written and with symlinks followed: a link to the project is the project.
  const outs = [path.resolve(outDir), realPathOf(outDir)];
  const roots = [path.resolve(root), realPathOf(root)];
  if (outs.some((out) => roots.some((project) => isWithin(project, out)))) {
    const same = outs.some((out) => roots.includes(out));
    return {
      message: `${flag} ${given}: the output folder ${same ? 'is the project folder' : 'holds the project folder'} (${roots[0]}), and a build replaces its output folder whole`,
      hint: `Nothing was written. Pass ${flag} a folder of its own, such as "${flag} dist".`,
    };
  }
  for (const { folder, holds } of projectFolders) {
    const own = path.resolve(root, folder(cacheDir));
    const owns = [own, realPathOf(own)];
    if (outs.some((out) => owns.some((protectedFolder) => isWithin(out, protectedFolder)))) {
      return {
        message: `${flag} ${given}: the output folder is in ${path.relative(root, own) || own}/, which holds ${holds}; a build replaces its output folder whole`,
        hint: `Nothing was written. Pass ${flag} a folder of its own, such as "${flag} dist".`,
      };
    }
  }
  return undefined;
}

function replaceableProblem(outDir: string, named?: Pick<OutputFolderCheck, 'flag' | 'given'>): Found | undefined {
  const shown = path.relative(process.cwd(), outDir) || '.';
  const prefix = named ? `${named.flag} ${named.given}: ` : 'the output folder ';
  const flag = named?.flag ?? '--out';
  if (fs.lstatSync(outDir, { throwIfNoEntry: false })?.isSymbolicLink()) {
    // The swap renames a real folder into place: the link would be replaced, and whatever
    // deploys or serves through it would silently stop seeing new builds.
    const target = linkTarget(outDir);
    return {
      message: `${prefix}${shown} is a symlink to ${target}; a build swaps a new folder in by renaming, which would replace the link with a real folder`,
      hint: `Nothing was written. Pass the folder it points to instead: ${flag} ${target}`,
    };
  }
  const stats = fs.statSync(outDir, { throwIfNoEntry: false });
  if (!stats) return undefined;
  const choose = named ? `Pass ${named.flag} a new or empty folder` : 'Build into a new or empty folder';
  if (!stats.isDirectory()) return { message: `${prefix}${shown} is a file, not a folder`, hint: `Nothing was written. ${choose}.` };
  const entries = fs.readdirSync(outDir);
  if (entries.length === 0 || entries.includes(routeManifestFile)) return undefined;
  return {
    message: `${prefix}${shown} holds files that are not a portal build (it has no ${routeManifestFile}), and a build replaces its output folder whole`,
    hint: `Nothing was written. ${choose}, or empty ${shown} yourself if its files can go.`,
  };
}

/** Where the symlink `link` leads: its real path, or (dangling) the path it names. */
function linkTarget(link: string): string {
  try {
    return fs.realpathSync.native(link);
  } catch {
    return path.resolve(path.dirname(link), fs.readlinkSync(link));
  }
}

/** Whether `inner` is `outer` or inside it. */
function isWithin(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
}

/** The real path of `file`: its deepest existing folder with symlinks followed, plus the rest. */
function realPathOf(file: string): string {
  const absolute = path.resolve(file);
  let existing = absolute;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  try {
    return path.join(fs.realpathSync.native(existing), path.relative(existing, absolute));
  } catch {
    return absolute;
  }
}
