import fs from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { DocSource } from '../content/docs.ts';
import { fileFingerprint, keyOf, stableJson } from '../cache/fingerprint.ts';
import { aliasName } from '../reference/typedoc/aliases.ts';

/**
 * What the reference phase (OpenAPI and npm package pages) is made from: the whole config, the
 * places of the docs (descriptions link to guides), the sample labels, every file in the folder
 * of each spec (a spec may `$ref` its neighbours) and its guide, and the version of each
 * documented package (TypeDoc's models are cached by version already) and of each earlier
 * version its changelog compares, and the date of each spec (its changelog shows it).
 */
export function referenceKey(generator: string, root: string, config: PortalConfig, docs: DocSource[], sampleChecks: unknown, specDates: ReadonlyMap<string, string> = new Map()): string {
  const specFiles = new Set<string>();
  for (const source of config.openapi) {
    for (const file of filesBelow(path.dirname(path.resolve(root, source.spec)))) specFiles.add(file);
    if (source.guide) specFiles.add(path.resolve(root, source.guide));
  }
  const fingerprints = [...specFiles].sort().map((file) => [path.relative(root, file), fileFingerprint(file)]);
  const packages = [...new Set(config.npmReference.flatMap((area) => area.packages))].sort().map((name) => [name, fileFingerprint(path.join(root, 'node_modules', name, 'package.json'))]);
  // The earlier versions the package changelogs compare, installed as aliases (history.packages).
  const aliases = Object.entries(config.history.packages).flatMap(([name, versions]) => versions.map((version) => [name, version, fileFingerprint(path.join(root, 'node_modules', aliasName(name, version), 'package.json'))]));
  const tree = docs.map((doc) => [doc.absoluteFile, doc.route]);
  return keyOf(generator, 'reference', stableJson(config), stableJson(tree), stableJson(sampleChecks ?? null), stableJson(fingerprints), stableJson(packages), stableJson(aliases), stableJson([...specDates].sort()));
}

function filesBelow(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((entry) => !entry.split(path.sep).includes('node_modules'))
    .map((entry) => path.join(folder, entry))
    .filter((file) => fs.statSync(file).isFile());
}
