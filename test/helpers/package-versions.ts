import fs from 'node:fs';
import path from 'node:path';
import { aliasName } from '../../src/typedoc/aliases.ts';
import { repoRoot } from './fixtures.ts';

// Older releases of a package are installed next to the current one as npm aliases, named
// `<package>-<major>-<minor>-<patch>` (for example "@pexip/infinity-19-1-2": "npm:@pexip/infinity@19.1.2").
// PORTAL_PACKAGE_VERSIONS_DIR points the tests at another folder laid out the same way.
const modulesRoot = process.env.PORTAL_PACKAGE_VERSIONS_DIR ?? path.join(repoRoot, 'node_modules');

/** The folder holding `name@version`: the installed package itself when it is that version, otherwise its alias. */
export function packageFolder(name: string, version: string): string {
  const installed = path.join(repoRoot, 'node_modules', name);
  if (readVersion(installed) === version) return installed;
  const alias = path.join(modulesRoot, aliasName(name, version));
  if (readVersion(alias) === version) return alias;
  throw new Error(
    `${name}@${version} is not installed: add "${aliasName(name, version)}": "npm:${name}@${version}" to devDependencies and run npm install`,
  );
}

function readVersion(folder: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}
