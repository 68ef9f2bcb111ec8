import fs from 'node:fs';
import path from 'node:path';

/** The published file a declaration comes from: its package, version and path inside it. */
export interface DeclaringFile {
  name: string;
  version: string;
  /** The path inside the package, with "/" separators. */
  file: string;
}

/**
 * The package that publishes `absoluteFile`: the nearest folder above it with a package.json that
 * names a package. A package's declarations may re-export another package's types, whose files
 * sit in that other package's folder ("../vpaas-api/dist/types.d.ts"), so the declaring package
 * is found from the file, not assumed to be the package being documented.
 */
export function declaringFile(absoluteFile: string): DeclaringFile | undefined {
  for (let folder = path.dirname(absoluteFile); ; folder = path.dirname(folder)) {
    const manifestFile = path.join(folder, 'package.json');
    if (fs.existsSync(manifestFile)) {
      try {
        const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { name?: unknown; version?: unknown };
        if (typeof manifest.name === 'string' && typeof manifest.version === 'string') {
          return { name: manifest.name, version: manifest.version, file: path.relative(folder, absoluteFile).split(path.sep).join('/') };
        }
      } catch {
        // Not JSON: keep looking further up.
      }
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}

/** Where a published file can be read: unpkg, at the exact version. */
export const publishedFileUrl = ({ name, version, file }: DeclaringFile) => `https://unpkg.com/${name}@${version}/${file}`;

/** The file's name on a page: its path, led by its package when another package declares it. */
export const declaringFileLabel = (declared: DeclaringFile, documented: string) => (declared.name === documented ? declared.file : `${declared.name}/${declared.file}`);
