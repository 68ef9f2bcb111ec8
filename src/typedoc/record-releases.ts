import fs from 'node:fs';
import path from 'node:path';
import { declarationProgram, declarationTexts } from './declaration-texts.ts';
import { declarationEntry } from './package-history.ts';
import { changelogSections, type PackageReleases } from './releases.ts';
import { compareVersions } from './versions.ts';

/** What `npm run releases:pull` asks of a registry (the npm client in scripts/pull-releases.ts; a folder in the tests). */
export interface ReleaseRegistry {
  /** Every published version of a package, and when each was published (ISO date-time). */
  view(name: string): { versions: string[]; time: Record<string, string> };
  /** Unpacks the tarball of `name@version` into the empty folder `into`; returns the package's folder. */
  unpack(name: string, version: string, into: string): string;
}

/**
 * A package's releases as content/releases/ records them: the registry's versions and dates, the
 * CHANGELOG notes of the copies given (oldest first, so the newest copy's words win), and, for
 * each published release strictly between two compared versions, the names it exports (`Name`,
 * `Name.member`) read from its tarball's declarations: the evidence that pins the release that
 * added a name. Declarations are read as data by the compiler; nothing in a tarball is run.
 */
export function recordReleases(
  name: string,
  registry: ReleaseRegistry,
  options: { compared: string[]; changelogFolders: string[]; scratch: string; pulled: string },
): PackageReleases {
  const answer = registry.view(name);
  // Pre-releases are not releases a reader upgrades to.
  const versions = answer.versions
    .filter((version) => !version.includes('-'))
    .sort(compareVersions)
    .map((version) => ({ version, published: (answer.time[version] ?? '').slice(0, 10) }));
  const notes: Record<string, string> = {};
  for (const folder of options.changelogFolders) {
    const changelog = path.join(folder, 'CHANGELOG.md');
    if (fs.existsSync(changelog)) Object.assign(notes, changelogSections(fs.readFileSync(changelog, 'utf8')));
  }
  const compared = [...options.compared].sort(compareVersions);
  const inBetween = versions
    .map(({ version }) => version)
    .filter((version) => !compared.includes(version) && compared.some((earlier, index) => index + 1 < compared.length && compareVersions(version, earlier) > 0 && compareVersions(version, compared[index + 1]) < 0));
  const exports: Record<string, string[]> = {};
  for (const version of inBetween) {
    const into = fs.mkdtempSync(path.join(options.scratch, 'release-'));
    try {
      const folder = registry.unpack(name, version, into);
      const entry = declarationEntry(folder, `${name}@${version}`);
      exports[version] = [...new Set(declarationTexts(declarationProgram(entry), entry).map((text) => text.symbol))].sort();
    } finally {
      fs.rmSync(into, { recursive: true, force: true });
    }
  }
  return {
    name,
    pulled: options.pulled,
    versions,
    notes: Object.fromEntries(Object.entries(notes).sort(([a], [b]) => compareVersions(a, b))),
    ...(Object.keys(exports).length ? { exports } : {}),
  };
}
