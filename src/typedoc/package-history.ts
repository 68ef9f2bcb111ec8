import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { PortalError } from '../errors.ts';
import { writeFileAtomically } from '../util/write-atomically.ts';
import { aliasName } from './aliases.ts';
import { typesEntries } from './convert.ts';
import { locatePackage } from './installed-packages.ts';
import { type DeclarationChange, diffDeclarations } from './declaration-changes.ts';
import { declarationProgram, type DeclarationText, declarationTexts } from './declaration-texts.ts';
import { comparePair } from './type-probes.ts';
import { compareVersions } from './versions.ts';
import { type PackageReleases, releaseAdding, releaseNaming, releasesBetween } from './releases.ts';

export { compareVersions };

// Bump when declaration-texts.ts prints differently, so cached texts of older prints are not reused.
const textsVersion = 2;
// Bump when the diff or its probes (declaration-changes.ts, type-probes.ts) decide differently.
const changesVersion = 3;


const readVersion = (folder: string): string | undefined => {
  try {
    return (JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
};

/** The folder of `name@version`: the installed package when it is that version, else its alias; or a message naming the fix. */
export function versionFolder(name: string, version: string, root: string, modules = path.join(root, 'node_modules')): string {
  const installed = path.join(modules, name);
  if (readVersion(installed) === version) return installed;
  const alias = path.join(modules, aliasName(name, version));
  if (readVersion(alias) === version) return alias;
  throw new PortalError({
    severity: 'error',
    file: 'portal.config.ts',
    message: `${name}@${version}, listed in history.packages, is not installed`,
    hint: `Add "${aliasName(name, version)}": "npm:${name}@${version}" to package.json and run npm install, or remove ${version} from history.packages["${name}"].`,
  });
}

/** The declaration entry (the "." types of package.json) of an installed package folder. */
export function declarationEntry(folder: string, label: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>;
  const entry = typesEntries(manifest)['.'];
  if (!entry || !fs.existsSync(path.join(folder, entry))) {
    throw new PortalError({ severity: 'error', file: 'portal.config.ts', message: `${label} publishes no type declarations (no "types" entry)`, hint: 'Only versions that ship .d.ts files can be compared; remove it from history.packages.' });
  }
  return path.join(folder, entry);
}

/** The declaration texts of one installed version, cached by package, version and TypeScript version. */
export function versionTexts(name: string, version: string, folder: string, cacheDir: string | undefined): DeclarationText[] {
  const cacheFile = cacheDir && path.join(cacheDir, `${name.replace('/', '__')}@${version}.ts-${ts.version}.v${textsVersion}.json`);
  if (cacheFile && fs.existsSync(cacheFile)) {
    try {
      const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as unknown;
      if (Array.isArray(cached)) return cached as DeclarationText[];
    } catch {
      // Damaged: made again below.
    }
  }
  const entry = declarationEntry(folder, `${name}@${version}`);
  const texts = declarationTexts(declarationProgram(entry), entry);
  if (cacheFile) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    // Whole or absent: the warm-up worker (declarations-warmup.ts) writes these too.
    writeFileAtomically(cacheFile, JSON.stringify(texts));
  }
  return texts;
}

export interface VersionPair {
  from: string;
  to: string;
  changes: DeclarationChange[];
}

export interface PackageHistory {
  name: string;
  /** The documented version first, then the earlier ones compared, newest first. */
  versions: string[];
  /** Each version against the one before it, newest pair first. */
  pairs: VersionPair[];
}

/**
 * The changes of a package across its documented version and the earlier versions the config
 * lists, pair by pair (each version against the next older one).
 */
export function packageHistory(name: string, earlier: string[], root: string, cacheDir: string | undefined, copy?: { directory: string; manifest: Record<string, unknown> }): PackageHistory {
  const compared = historyVersions(name, earlier, root, copy);
  const versions = compared.map(({ version }) => version);
  const sides = compared.map(({ version, folder }) => ({ version, folder: folder() }));
  const pairs = versions.slice(1).map((from, index) => ({ from, to: versions[index], changes: pairChanges(name, sides[index + 1], sides[index], cacheDir) }));
  return { name, versions, pairs };
}

/** One version of a package as a history reads it: its version and installed folder. */
export interface VersionSide {
  version: string;
  folder: string;
}

/**
 * The changes from one version to a later one: names from the declaration texts, changes of what
 * is in both from the checker's probes (type-probes.ts); cached by package, versions and TypeScript.
 */
export function pairChanges(name: string, earlier: VersionSide, later: VersionSide, cacheDir: string | undefined): DeclarationChange[] {
  const cacheFile = cacheDir && path.join(cacheDir, `${name.replace('/', '__')}@${earlier.version}..${later.version}.ts-${ts.version}.c${changesVersion}.json`);
  if (cacheFile && fs.existsSync(cacheFile)) {
    try {
      const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as unknown;
      if (Array.isArray(cached)) return cached as DeclarationChange[];
    } catch {
      // Damaged: made again below.
    }
  }
  const [before, after] = [earlier, later].map((side) => versionTexts(name, side.version, side.folder, cacheDir));
  const symbols = (texts: DeclarationText[]) => [...new Set(texts.map((text) => text.symbol))];
  const [earlierSymbols, laterSymbols] = [symbols(before), symbols(after)];
  const laterSet = new Set(laterSymbols);
  const checked = comparePair(
    name,
    { version: earlier.version, entry: declarationEntry(earlier.folder, `${name}@${earlier.version}`) },
    { version: later.version, entry: declarationEntry(later.folder, `${name}@${later.version}`) },
    earlierSymbols,
    laterSymbols,
    earlierSymbols.filter((symbol) => laterSet.has(symbol)),
  );
  const changes = diffDeclarations(before, after, checked);
  if (cacheFile) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    writeFileAtomically(cacheFile, JSON.stringify(changes));
  }
  return changes;
}

/**
 * The versions a package's history compares, the documented one first, then the earlier ones
 * newest first, each with its installed folder (found when asked: a missing one is a message).
 */
export function historyVersions(name: string, earlier: string[], root: string, copy?: { directory: string; manifest: Record<string, unknown> }): { version: string; folder: () => string }[] {
  // `copy`: the installed copy an area documents (by default the top-level one). A copy an SDK
  // nests (VPaaS's older peer-connection) may itself be one of the earlier versions listed: it is
  // compared only with the versions older than it.
  const { directory, manifest } = copy ?? locatePackage(name, root);
  const pinned = String(manifest.version);
  if (copy) earlier = earlier.filter((version) => compareVersions(version, pinned) < 0);
  for (const version of earlier) {
    if (compareVersions(version, pinned) >= 0) {
      throw new PortalError({ severity: 'error', file: 'portal.config.ts', message: `history.packages["${name}"] lists ${version}, which is not earlier than the documented ${pinned}`, hint: 'List only versions released before the pinned one.' });
    }
  }
  const older = [...new Set(earlier)].sort((a, b) => compareVersions(b, a));
  return [{ version: pinned, folder: () => directory }, ...older.map((version) => ({ version, folder: () => versionFolder(name, version, root) }))];
}

/** A "since" or "changed in" mark: the release it names (or the honest range), and the changelog section of its pair. */
export interface VersionMark {
  /** "19.1.0", or "between 19.0.0 and 19.1.2" when no evidence pins one release. */
  release: string;
  /** The later version of the pair compared, whose changelog section lists the change. */
  section: string;
}

export interface VersionMarks {
  /** The release that added it, when the history shows one. */
  since?: VersionMark;
  /** The latest release that changed it. */
  changedIn?: VersionMark;
}

/**
 * The release a change between two compared versions came in: the only release in between when
 * there is one (by the registry and the CHANGELOG), the one whose CHANGELOG notes name the symbol,
 * for an added name the first release whose recorded exports have it, or else the honest range
 * (narrowed by those exports when they can). Without recorded releases, only the range is known.
 */
export function releaseOf(releases: PackageReleases | undefined, pair: Pick<VersionPair, 'from' | 'to'>, symbol: string, added = false): string {
  const between = releases ? releasesBetween(releases, pair.from, pair.to) : [];
  if (between.length === 1 && between[0] === pair.to) return pair.to;
  const named = releases && releaseNaming(releases, between, symbol);
  if (named) return named;
  const placed = added && releases && between.at(-1) === pair.to ? releaseAdding(releases, pair.from, between, symbol) : undefined;
  if (placed && 'release' in placed) return placed.release;
  return placed ? `between ${placed.after} and ${placed.upTo}` : `between ${pair.from} and ${pair.to}`;
}

/** "since" and "changed in" for each symbol of the documented version, from the pairs, oldest first. */
export function versionMarks(history: PackageHistory, releases: PackageReleases | undefined): Map<string, VersionMarks> {
  const marks = new Map<string, VersionMarks>();
  const mark = (symbol: string) => marks.get(symbol) ?? marks.set(symbol, {}).get(symbol)!;
  for (const pair of [...history.pairs].reverse()) {
    for (const change of pair.changes) {
      const at = () => ({ release: releaseOf(releases, pair, change.symbol, change.kind === 'added' || change.kind === 'renamed'), section: pair.to });
      if (change.kind === 'added' || change.kind === 'renamed') {
        mark(change.symbol).since = at();
        delete mark(change.symbol).changedIn;
      } else if (change.kind === 'changed') mark(change.symbol).changedIn = at();
      else if (change.kind === 'removed') marks.delete(change.symbol);
    }
  }
  return marks;
}
