import fs from 'node:fs';
import path from 'node:path';
import { PortalError } from '../errors.ts';
import { compareVersions } from './versions.ts';

/**
 * The published releases of a package: every version the registry lists with its publish date,
 * and the notes of each from the CHANGELOG.md its tarballs ship. Written by
 * `npm run releases:pull` (scripts/pull-releases.ts) into content/releases/, committed, so a
 * build never reaches the network; read here to say which release a change came in.
 */
export interface PackageReleases {
  name: string;
  /** When the registry was read (YYYY-MM-DD). */
  pulled: string;
  /** Oldest first. */
  versions: { version: string; published: string }[];
  /** Version → its CHANGELOG section (Markdown), for the versions whose section says something (the CHANGELOG may go back before the package's present name). */
  notes: Record<string, string>;
  /** Version → the names it exports (`Name`, `Name.member`), for the published releases between two compared versions. */
  exports?: Record<string, string[]>;
}

export const releasesFolder = 'content/releases';

/** The file of a package's releases, relative to the project: `content/releases/pexip__infinity.json`. */
export const releasesFile = (name: string) => `${releasesFolder}/${name.replace(/^@/, '').replace('/', '__')}.json`;

/** The releases recorded for a package, or undefined when none are. */
export function readReleases(root: string, name: string): PackageReleases | undefined {
  const file = path.join(root, releasesFile(name));
  if (!fs.existsSync(file)) return undefined;
  try {
    const releases = JSON.parse(fs.readFileSync(file, 'utf8')) as PackageReleases;
    if (releases.name === name && Array.isArray(releases.versions) && releases.notes && typeof releases.notes === 'object') return releases;
  } catch {
    // Reported below.
  }
  throw new PortalError({ severity: 'error', file: releasesFile(name), message: `the recorded releases of ${name} are not the JSON \`npm run releases:pull\` writes`, hint: 'Run npm run releases:pull to write the file again.' });
}

/** The sections of a Changesets CHANGELOG.md by version (`## 19.1.0` up to the next `## `), those with text only. */
export function changelogSections(markdown: string): Record<string, string> {
  const sections: Record<string, string> = {};
  const parts = markdown.split(/^## /m).slice(1);
  for (const part of parts) {
    const [heading, ...body] = part.split('\n');
    const version = heading.trim();
    const text = body.join('\n').trim();
    if (/^\d+\.\d+\.\d+/.test(version) && text) sections[version] = text;
  }
  return sections;
}

/**
 * The releases after `from` up to and including `to`, oldest first: those the registry lists and
 * those the CHANGELOG has notes for (a registry mirror may not list every release).
 */
export function releasesBetween(releases: PackageReleases, from: string, to: string): string[] {
  const all = [...new Set([...releases.versions.map((release) => release.version), ...Object.keys(releases.notes)])];
  return all.filter((version) => compareVersions(version, from) > 0 && compareVersions(version, to) <= 0).sort(compareVersions);
}

/** When `version` was published, per the registry, when it lists it. */
export const publishedOn = (releases: PackageReleases, version: string) => releases.versions.find((release) => release.version === version)?.published;

/**
 * The release among `candidates` whose CHANGELOG notes name `symbol` (`Name`, `Name.member` or
 * `member`), when exactly one does: the evidence that pins a change to its release. A name counts
 * in code (`member`, `Owner.member`, `member?`, `member(args)`) or, when it cannot be an English
 * word (camelCase, PascalCase with a second capital, snake_case), bare ("Expose conferenceName").
 */
export function releaseNaming(releases: PackageReleases, candidates: string[], symbol: string): string | undefined {
  const names = [...new Set([symbol, symbol.split('.').at(-1)!])].map((name) => ({ name, pattern: name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') }));
  const inCode = new RegExp('`(?:[\\w$]+\\.)*(?:' + names.map(({ pattern }) => pattern).join('|') + ')\\??(?:\\([^`]*\\))?`');
  const codeLike = names.filter(({ name }) => /[a-z][A-Z]|_|^[A-Z][a-z]+[A-Z]/.test(name)).map(({ pattern }) => pattern);
  const bare = codeLike.length ? new RegExp('(?<![\\w$.])(?:' + codeLike.join('|') + ')(?![\\w$])') : undefined;
  const mentions = (notes: string) => inCode.test(notes) || !!bare?.test(notes.replace(/`[^`]*`/g, ' '));
  const naming = candidates.filter((version) => mentions(releases.notes[version] ?? ''));
  return naming.length === 1 ? naming[0] : undefined;
}

/**
 * Where the recorded exports of the releases in between place a name added from `from` to the
 * last of `between` (`to`): the first release that exports it when the one before it is known not
 * to (`from` is), else the narrowest range the records allow, or undefined when they say nothing.
 */
export function releaseAdding(releases: PackageReleases, from: string, between: string[], symbol: string): { release: string } | { after: string; upTo: string } | undefined {
  const chain = [from, ...between];
  // true: exports it; false: does not; undefined: not recorded. The last compared version has it.
  const exported = (version: string, index: number) => (index === 0 ? false : index === chain.length - 1 ? true : releases.exports?.[version]?.includes(symbol));
  const first = chain.findIndex((version, index) => exported(version, index) === true);
  const lastWithout = chain.slice(0, first).findLastIndex((version, index) => exported(version, index) === false);
  if (first - lastWithout === 1) return { release: chain[first] };
  if (lastWithout === 0 && first === chain.length - 1) return undefined;
  return { after: chain[lastWithout], upTo: chain[first] };
}

/** The notes of one release as a list: its top-level CHANGELOG bullets, without changeset ids or dependency bumps. */
export function releaseNotes(releases: PackageReleases, version: string): string[] {
  return (releases.notes[version] ?? '')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2).replace(/^[0-9a-f]{7,}: /, '').trim())
    .filter((line) => line && !/^Updated dependencies/.test(line));
}

/** The releases of a range as a changelog shows them: version, publish date and notes. */
export function releaseViews(releases: PackageReleases, versions: string[]): { version: string; date?: string; notes: string[] }[] {
  return versions.map((version) => ({ version, ...(publishedOn(releases, version) ? { date: publishedOn(releases, version) } : {}), notes: releaseNotes(releases, version) }));
}
