import fs from 'node:fs';
import path from 'node:path';
import { Application, type JSONOutput, resetReflectionID } from 'typedoc';
import { PortalError, type Problem } from '../errors.ts';
import { confineIncludes } from './confined-includes.ts';
import { readDeclaratorComments } from './declarator-comments.ts';
import { keepDeclaredSpellings } from './declared-spellings.ts';
import { qualifyEnumMemberReferences } from './enum-member-references.ts';
import type { InstalledPackage } from './installed-packages.ts';
import { keepUnmatchedParams } from './unmatched-params.ts';
import { labelUrlLinks } from './url-link-labels.ts';
import { convertWithSharedLibFiles } from './shared-lib-program.ts';
import { declaringFile, declaringFileLabel, publishedFileUrl } from './source-links.ts';

// Bump when the conversion options change, so cached models from older options are not reused.
// 3: strict null checks, so `T | undefined` keeps its `undefined` (packages are built strict).
// 4: each source names the package that publishes its file (source-links.ts), with its unpkg URL.
// 5: a reference to an enum member is named by its enum; `typeof f<T>` keeps its type arguments;
//    a function-typed member keeps its return type and type parameters as written.
// 6: {@include}, {@includeCode} and @document read only files of the package (confined-includes.ts).
// 7: a @param that names no parameter is kept (unmatched-params.ts).
// 8: a variable's comment before its own declarator (declarator-comments.ts); a @param of a
//    property with no signature is kept; `{@link url|label}` keeps its label (url-link-labels.ts).
const conversionVersion = 8;

export interface PackageModel {
  name: string;
  version: string;
  description?: string;
  /** The package's entry points (subpath -> declaration file), from package.json. */
  entryPoints: Record<string, string>;
  dependencies: Record<string, string>;
  project: JSONOutput.ProjectReflection;
  /** Include tags of its doc comments left out (a file outside the package, or hidden): warnings, each build. */
  refusedIncludes?: Problem[];
}

export interface ConvertStats {
  converted: string[];
  fromCache: string[];
}

export function typesEntries(manifest: Record<string, unknown>): Record<string, string> {
  const exports = manifest.exports as Record<string, unknown> | undefined;
  const entries: Record<string, string> = {};
  if (exports && typeof exports === 'object') {
    for (const [subpath, target] of Object.entries(exports)) {
      const types = typeof target === 'object' && target ? (target as Record<string, unknown>).types : undefined;
      if (typeof types === 'string') entries[subpath] = types.replace(/^\.\//, '');
    }
  }
  const fallback = (manifest.types ?? manifest.typings) as string | undefined;
  if (!entries['.'] && fallback) entries['.'] = fallback.replace(/^\.\//, '');
  return entries;
}

/** Whether a cached file holds a model of this package version, as `convertPackage` writes one. */
function isModelOf(value: unknown, name: string, version: string): value is PackageModel {
  if (typeof value !== 'object' || value === null) return false;
  const model = value as Partial<PackageModel>;
  const isRecord = (field: unknown) => typeof field === 'object' && field !== null && !Array.isArray(field);
  return model.name === name && model.version === version && isRecord(model.entryPoints) && isRecord(model.dependencies) && isRecord(model.project) && model.project!.variant === 'project';
}

/**
 * Converts one installed copy of a package with TypeDoc, or reads the model cached for this
 * package version, TypeDoc version and conversion version: a warm build runs no compiler.
 */
export async function convertPackage({ name, version, directory, manifest }: InstalledPackage, cacheDir: string, stats?: ConvertStats): Promise<PackageModel> {
  const typedocVersion = Application.VERSION;
  const cacheFile = path.join(cacheDir, `${name.replace('/', '__')}@${version}.typedoc-${typedocVersion}.v${conversionVersion}.json`);
  if (fs.existsSync(cacheFile)) {
    try {
      const cached: unknown = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
      if (isModelOf(cached, name, version)) {
        stats?.fromCache.push(name);
        return cached;
      }
    } catch {
      // Damaged or not a file: made again below.
    }
    // Not a model of this package (damaged, or of another shape): made again below, over it.
    fs.rmSync(cacheFile, { recursive: true, force: true });
  }
  const entryPoints = typesEntries(manifest);
  const main = entryPoints['.'];
  if (!main || !fs.existsSync(path.join(directory, main))) {
    throw new PortalError({
      severity: 'error',
      file: 'portal.config.ts',
      message: `npm package ${name}@${version} publishes no type declarations (no "types" entry)`,
      hint: 'Only packages that ship .d.ts files can have a reference; remove it from npmReference.',
    });
  }
  fs.mkdirSync(cacheDir, { recursive: true });
  // A tsconfig of its own, holding only the entry point: nothing of this repository is compiled.
  const tsconfig = path.join(cacheDir, `tsconfig.${name.replace('/', '__')}@${version}.json`);
  fs.writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true, jsx: 'react-jsx', lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: [] },
      files: [path.join(directory, main)],
    }),
  );
  const app = await Application.bootstrap({
    entryPoints: [path.join(directory, main)],
    tsconfig,
    skipErrorChecking: true,
    excludePrivate: true,
    excludeInternal: true,
    disableGit: true,
    basePath: directory,
    sourceLinkTemplate: 'https://unpkg.com/{path}',
    logLevel: 'Error',
    sort: ['kind', 'alphabetical'],
    name,
  });
  convertWithSharedLibFiles(app, path.join(directory, main));
  keepDeclaredSpellings(app);
  const refusedIncludes: Problem[] = [];
  confineIncludes(app, directory, name, refusedIncludes);
  keepUnmatchedParams(app);
  readDeclaratorComments(app);
  // TypeDoc numbers reflections with a counter of the whole process: from 1 for each package, its
  // model (and its cache file) is the same whatever the build converted before it.
  resetReflectionID();
  const project = await app.convert();
  if (!project) {
    throw new PortalError({ severity: 'error', file: 'portal.config.ts', message: `TypeDoc could not convert ${name}@${version}`, hint: 'Run with --verbose, or check that the package installs cleanly.' });
  }
  const serialized = app.serializer.projectToObject(project, directory as Parameters<typeof app.serializer.projectToObject>[1]);
  linkSources(serialized, directory, name);
  qualifyEnumMemberReferences(serialized);
  labelUrlLinks(serialized);
  const model: PackageModel = {
    name,
    version,
    description: manifest.description as string | undefined,
    entryPoints,
    dependencies: (manifest.dependencies ?? {}) as Record<string, string>,
    project: serialized,
    ...(refusedIncludes.length ? { refusedIncludes } : {}),
  };
  fs.writeFileSync(cacheFile, JSON.stringify(model));
  stats?.converted.push(name);
  return model;
}

/**
 * Points every source of the model at the file its declaring package publishes: `fileName`
 * becomes the label a page shows, `url` the file on unpkg (TypeDoc's own URL knows no package).
 * A file no package publishes keeps its name and loses its URL.
 */
function linkSources(project: JSONOutput.ProjectReflection, directory: string, name: string): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const sources = (node as { sources?: JSONOutput.SourceReference[] }).sources;
    for (const source of sources ?? []) {
      const declared = declaringFile(path.resolve(directory, source.fileName));
      if (declared) {
        source.fileName = declaringFileLabel(declared, name) as JSONOutput.SourceReference['fileName'];
        source.url = publishedFileUrl(declared);
      } else delete source.url;
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'sources') visit(value);
  };
  visit(project);
}
