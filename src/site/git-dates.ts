import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface GitDates {
  /** Project-relative file ('/'-separated) -> ISO time of the last commit that changed it. */
  byFile: Map<string, string>;
  /** Why there are no dates, when there are none: outside git, shallow clone, git missing. */
  unavailable?: string;
}

const git = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * The last commit time of every file under `folders` (relative to `root`), read in one pass:
 * one `git log --name-only` walked newest first, so a file's first appearance is its last
 * change. Thousands of files cost one process, not one each. No date rather than a wrong one:
 * outside a work tree, or in a shallow clone (`git rev-parse --is-shallow-repository`, where
 * the oldest commit present would claim every file older than it), the map is empty.
 */
export function readGitDates(root: string, folders: string[]): GitDates {
  let top: string;
  try {
    const [toplevel, shallow] = git(root, ['rev-parse', '--show-toplevel', '--is-shallow-repository']).trim().split('\n');
    if (shallow === 'true') return { byFile: new Map(), unavailable: 'shallow clone' };
    top = toplevel;
  } catch {
    return { byFile: new Map(), unavailable: 'not a git work tree' };
  }
  let log: string;
  try {
    log = git(top, ['-c', 'core.quotepath=off', 'log', '--format=%x1e%ct', '--name-only', '--no-renames', '--', ...folders.map((folder) => path.relative(top, path.resolve(root, folder)) || '.')]);
  } catch {
    return { byFile: new Map(), unavailable: 'git log failed (no commits yet?)' };
  }
  return { byFile: parseGitLog(log, path.relative(top, root).split(path.sep).join('/')) };
}

/** The `git log --format=%x1e%ct --name-only` output to file -> ISO time, paths made relative to `prefix`. */
export function parseGitLog(log: string, prefix: string): Map<string, string> {
  const byFile = new Map<string, string>();
  const strip = prefix ? `${prefix}/` : '';
  for (const commit of log.split('\x1e')) {
    const [time, ...files] = commit.split('\n');
    const seconds = Number(time);
    if (!time || !Number.isFinite(seconds)) continue;
    const iso = new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
    for (const file of files) {
      if (!file || !file.startsWith(strip)) continue;
      const relative = file.slice(strip.length);
      if (!byFile.has(relative)) byFile.set(relative, iso);
    }
  }
  return byFile;
}
