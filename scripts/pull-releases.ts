// Records the published releases of every documented npm package (content/releases/<package>.json):
// each version the registry lists with its publish date (`npm view <package> time versions`), each
// version's notes from the CHANGELOG.md the installed tarballs ship (the newest copy wins), and the
// names exported by each published release between two compared versions (`npm pack`, read as
// declarations, never run), which pin the release that added a name.
// The build reads these files and never the network, so the changelogs say which release a change
// came in from the registry's facts, not from which versions this project installs.
// Usage: npm run releases:pull   (node --import tsx scripts/pull-releases.ts)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config/load.ts';
import { historyVersions } from '../src/typedoc/package-history.ts';
import { recordReleases, type ReleaseRegistry } from '../src/typedoc/record-releases.ts';
import { releasesFile } from '../src/typedoc/releases.ts';

const root = path.resolve(import.meta.dirname, '..');
const { config } = await loadConfig('portal.config.ts', root);
const names = [...new Set([...config.npmReference.flatMap((area) => area.packages), ...Object.keys(config.history.packages)])].sort();
const pulled = new Date().toISOString().slice(0, 10);

const npmRegistry: ReleaseRegistry = {
  view: (name) => JSON.parse(execFileSync('npm', ['view', name, 'time', 'versions', '--json'], { encoding: 'utf8' })) as { time: Record<string, string>; versions: string[] },
  unpack(name, version, into) {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', `${name}@${version}`, '--ignore-scripts', '--json', '--pack-destination', into], { encoding: 'utf8' })) as { filename: string }[];
    execFileSync('tar', ['-xzf', path.join(into, packed.filename), '-C', into, '--no-same-owner', '--no-same-permissions']);
    return path.join(into, 'package');
  },
};

// Under the project, so the declarations of a release resolve the packages they import from its node_modules.
const scratch = path.join(root, '.portal-cache', 'releases-pull');
fs.mkdirSync(scratch, { recursive: true });
try {
  for (const name of names) {
    // Oldest installed copy first, so the newest copy's words win.
    const installed = historyVersions(name, config.history.packages[name] ?? [], root).reverse();
    const record = recordReleases(name, npmRegistry, {
      compared: installed.map(({ version }) => version),
      changelogFolders: installed.map(({ folder }) => folder()),
      scratch,
      pulled,
    });
    const target = path.join(root, releasesFile(name));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`${name}: ${record.versions.length} versions, notes for ${Object.keys(record.notes).length}, exports of ${Object.keys(record.exports ?? {}).join(', ') || 'no release in between'}`);
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
