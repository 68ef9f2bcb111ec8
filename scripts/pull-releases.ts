// Records the published releases of every documented npm package (content/releases/<package>.json):
// each version the registry lists with its publish date (`npm view <package> time versions`), and
// each version's notes from the CHANGELOG.md the installed tarballs ship (the newest copy wins).
// The build reads these files and never the network, so the changelogs say which release a change
// came in from the registry's facts, not from which versions this project installs.
// Usage: npm run releases:pull   (node --import tsx scripts/pull-releases.ts)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config/load.ts';
import { compareVersions, historyVersions } from '../src/reference/typedoc/package-history.ts';
import { changelogSections, type PackageReleases, releasesFile } from '../src/reference/typedoc/releases.ts';

const root = path.resolve(import.meta.dirname, '..');
const { config } = await loadConfig('portal.config.ts', root);
const names = [...new Set([...config.npmReference.flatMap((area) => area.packages), ...Object.keys(config.history.packages)])].sort();
const pulled = new Date().toISOString().slice(0, 10);

for (const name of names) {
  const answer = JSON.parse(execFileSync('npm', ['view', name, 'time', 'versions', '--json'], { encoding: 'utf8' })) as { time: Record<string, string>; versions: string[] };
  // Pre-releases are not releases a reader upgrades to.
  const versions = answer.versions.filter((version) => !version.includes('-')).sort(compareVersions).map((version) => ({ version, published: answer.time[version].slice(0, 10) }));
  const notes: Record<string, string> = {};
  // Oldest installed copy first, so the newest copy's words win.
  const installed = historyVersions(name, config.history.packages[name] ?? [], root).reverse();
  for (const { folder } of installed) {
    const changelog = path.join(folder(), 'CHANGELOG.md');
    if (fs.existsSync(changelog)) Object.assign(notes, changelogSections(fs.readFileSync(changelog, 'utf8')));
  }
  const record: PackageReleases = { name, pulled, versions, notes: Object.fromEntries(Object.entries(notes).sort(([a], [b]) => compareVersions(a, b))) };
  const target = path.join(root, releasesFile(name));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`${name}: ${versions.length} versions, notes for ${Object.keys(record.notes).length}`);
}
