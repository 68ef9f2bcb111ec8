import fs from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { DocSource } from '../content/docs.ts';
import { fileFingerprint, keyOf, stableJson } from '../cache/fingerprint.ts';
import { areaPackages } from '../typedoc/installed-packages.ts';
import { aliasName } from '../typedoc/aliases.ts';
import { releasesFolder } from '../typedoc/releases.ts';

/**
 * What the reference phase (OpenAPI and npm package pages) is made from: the whole config, the
 * places of the docs (descriptions link to guides), the sample labels, every file in the folder
 * of each spec (a spec may `$ref` its neighbours) and its guide, the package.json of each installed
 * copy an area documents (TypeDoc's models are cached by version already) and of each earlier
 * version its changelog compares, the recorded releases (content/releases), and the date of each spec (its changelog shows it).
 */
export function referenceKey(generator: string, root: string, config: PortalConfig, docs: DocSource[], sampleChecks: unknown, specDates: ReadonlyMap<string, string> = new Map()): string {
  const specFiles = new Set<string>();
  for (const source of config.openapi) {
    for (const file of filesBelow(path.dirname(path.resolve(root, source.spec)))) specFiles.add(file);
    if (source.guide) specFiles.add(path.resolve(root, source.guide));
  }
  // The recorded releases name the release of each change (npm run releases:pull).
  for (const file of filesBelow(path.join(root, releasesFolder))) specFiles.add(file);
  const fingerprints = [...specFiles].sort().map((file) => [path.relative(root, file), fileFingerprint(file)]);
  const packages = config.npmReference.map((area) => installedFingerprints(root, area));
  // The earlier versions the package changelogs compare, installed as aliases (history.packages).
  const aliases = Object.entries(config.history.packages).flatMap(([name, versions]) => versions.map((version) => [name, version, fileFingerprint(path.join(root, 'node_modules', aliasName(name, version), 'package.json'))]));
  const tree = docs.map((doc) => [doc.absoluteFile, doc.route]);
  return keyOf(generator, 'reference', stableJson(config), stableJson(tree), stableJson(sampleChecks ?? null), stableJson(fingerprints), stableJson(packages), stableJson(aliases), stableJson([...specDates].sort()));
}

/** Each documented copy's place and manifest, or the reason the tree cannot be read (the phase reports it). */
function installedFingerprints(root: string, area: PortalConfig['npmReference'][number]): unknown {
  try {
    return areaPackages(root, area).map((copy) => [path.relative(root, copy.directory), fileFingerprint(path.join(copy.directory, 'package.json'))]);
  } catch (error) {
    return (error as Error).message;
  }
}

function filesBelow(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((entry) => !entry.split(path.sep).includes('node_modules'))
    .map((entry) => path.join(folder, entry))
    .filter((file) => fs.statSync(file).isFile());
}
