import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The portal's own folder (where its package.json, src/ and templates/ are), found from this
 * module's place: src/ when run from the sources, a build folder under lib/ when run compiled.
 */
export const portalRoot = (() => {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`portal: no package.json above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
  return folder;
})();
