// The generator's changelog history of each real npm package, derived once per test run and read
// by every content check that holds it against a witness of its own (changelog-fidelity,
// package-changes-probes, package-changes, package-marks). A history runs the compiler on every
// compared version, about a minute for the portal's packages; each check used to derive them all
// again. The first check of the run derives one from scratch, without the generator's
// declarations cache (a stale cache must not be what the checks see), and records it in the
// run's builds folder (oncePerRun); the others read the record. A file run on its own derives
// what it asks for, once.
import { loadConfig } from '../../src/config/load.ts';
import { type PackageHistory, packageHistory } from '../../src/typedoc/package-history.ts';
import { repoRoot } from './fixtures.ts';
import { oncePerRun } from './run-builds.ts';

const config = loadConfig('portal.config.ts', repoRoot).then((loaded) => loaded.config);
const read = new Map<string, Promise<PackageHistory>>();

/** The history the build makes of `name`: its installed version against the earlier ones of history.packages in portal.config.ts. */
export function realPackageHistory(name: string): Promise<PackageHistory> {
  let history = read.get(name);
  if (!history) {
    history = config.then(({ history: { packages } }) => {
      const earlier = packages[name] ?? [];
      // The versions compared are part of the record's name: two lists never share a record.
      const record = `package-history-${[name, ...earlier].join('-').replace(/[^a-z0-9.]+/gi, '-')}`;
      return oncePerRun(record, async () => packageHistory(name, earlier, repoRoot, undefined));
    });
    read.set(name, history);
  }
  return history;
}

/** The histories of `names`, each derived once per run, by name. */
export async function realPackageHistories(names: Iterable<string>): Promise<Map<string, PackageHistory>> {
  const unique = [...new Set(names)];
  // One after another: each holds the thread with the compiler, and a second would only wait.
  const histories = new Map<string, PackageHistory>();
  for (const name of unique) histories.set(name, await realPackageHistory(name));
  return histories;
}
