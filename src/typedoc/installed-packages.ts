import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import { PortalError } from '../errors.ts';

/** One installed copy of a package, where Node finds it. */
export interface InstalledPackage {
  name: string;
  version: string;
  /** The folder holding its package.json (nested copies live under another package's node_modules). */
  directory: string;
  manifest: Record<string, unknown>;
  /**
   * The version Node resolves from this package's folder for each dependency in its scope
   * (`@pexip/*` for a `@pexip` package); undefined when none is installed.
   */
  resolvedDependencies: Record<string, string | undefined>;
  /** Set for a package an area lists `alongside` its roots: they do not install it. */
  alongside?: { roots: string[]; forArea?: string };
}

type NpmReferenceArea = PortalConfig['npmReference'][number];

/**
 * The copy of `name` Node resolves from `fromDirectory`: its own node_modules first, then each
 * parent's. The lookup folders are Node's own (`require.resolve.paths`); package.json is read
 * directly because an exports map may hide it from `require.resolve`.
 */
export function resolveInstalled(name: string, fromDirectory: string): { directory: string; manifest: Record<string, unknown> } | undefined {
  const lookup = createRequire(path.join(fromDirectory, 'package.json')).resolve.paths(name) ?? [];
  for (const folder of lookup) {
    const manifestFile = path.join(folder, ...name.split('/'), 'package.json');
    if (fs.existsSync(manifestFile)) return { directory: path.dirname(manifestFile), manifest: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown> };
  }
  return undefined;
}

/** An installed package as the project's root resolves it, or a clear error naming it and the fix. */
export function locatePackage(name: string, root: string): { directory: string; manifest: Record<string, unknown> } {
  const found = resolveInstalled(name, root);
  if (!found) {
    throw new PortalError({
      severity: 'error',
      file: 'portal.config.ts',
      message: `npm package ${name} is not installed, so its reference cannot be generated`,
      hint: 'Add it to package.json (pinned) and run npm install, or remove it from npmReference.',
    });
  }
  return found;
}

const scopeOf = (name: string) => (name.startsWith('@') ? name.split('/')[0] : undefined);

function installed(name: string, found: { directory: string; manifest: Record<string, unknown> }): InstalledPackage {
  const scope = scopeOf(name);
  const dependencies = Object.keys((found.manifest.dependencies ?? {}) as Record<string, string>).filter((dependency) => scope && scopeOf(dependency) === scope);
  return {
    name,
    version: String(found.manifest.version),
    directory: found.directory,
    manifest: found.manifest,
    resolvedDependencies: Object.fromEntries(dependencies.map((dependency) => [dependency, resolveInstalled(dependency, found.directory)?.manifest.version as string | undefined])),
  };
}

/**
 * The packages an npmReference area documents, each at the copy it documents. A plain list is
 * its packages as the project root resolves them. With `dependencyTree`, the listed packages are
 * roots: every dependency in their npm scope is added, resolved as Node resolves it from the
 * folder of the package that depends on it (nested node_modules first), so the area documents
 * the versions its SDK really runs with. One area shows one version of a package: a tree that
 * resolves a package to two versions is an error.
 */
export function areaPackages(root: string, area: NpmReferenceArea): InstalledPackage[] {
  const held = rootsAndTree(root, area);
  // Packages the roots do not install, at the project's pins after them; one the tree holds already is a mistake.
  const alongside = area.alongside.map(({ package: name, forArea }) => {
    if (held.some((copy) => copy.name === name)) {
      throw new PortalError({
        severity: 'error',
        file: 'portal.config.ts',
        message: `${name} is listed alongside the ${area.area} area's packages, but ${area.dependencyTree ? 'their tree installs it' : 'it is one of them'}`,
        hint: `Remove ${name} from npmReference's alongside list: the area documents it already.`,
      });
    }
    return { ...installed(name, locatePackage(name, root)), alongside: { roots: area.packages, forArea } };
  });
  return [...held, ...alongside];
}

/** The listed packages, and with `dependencyTree` every package they install. */
function rootsAndTree(root: string, area: NpmReferenceArea): InstalledPackage[] {
  const roots = area.packages.map((name) => installed(name, locatePackage(name, root)));
  if (!area.dependencyTree) return roots;
  const found = new Map<string, { copy: InstalledPackage; via: string }>(roots.map((copy) => [copy.name, { copy, via: 'portal.config.ts' }]));
  const queue = [...roots];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const dependency of Object.keys(next.resolvedDependencies)) {
      const resolved = resolveInstalled(dependency, next.directory);
      if (!resolved) {
        throw new PortalError({
          severity: 'error',
          file: 'portal.config.ts',
          message: `${dependency}, a dependency of ${next.name}@${next.version} in the ${area.area} area's tree, is not installed (looked up from ${path.relative(root, next.directory)})`,
          hint: 'Run npm install so the tree is complete.',
        });
      }
      const copy = installed(dependency, resolved);
      const seen = found.get(dependency);
      if (!seen) {
        found.set(dependency, { copy, via: `${next.name}@${next.version}` });
        queue.push(copy);
      } else if (seen.copy.version !== copy.version) {
        throw new PortalError({
          severity: 'error',
          file: 'portal.config.ts',
          message: `the ${area.area} area's dependency tree resolves ${dependency} to ${seen.copy.version} (for ${seen.via}) and to ${copy.version} (for ${next.name}@${next.version}); one area documents one version of a package`,
          hint: `Align the versions (npm dedupe, or pin ${dependency} to one version), or document these packages in areas of their own.`,
        });
      }
    }
  }
  return [...found.values()].map(({ copy }) => copy);
}

/** The version of `name` Node resolves from this copy's folder, whether or not it declares it. */
export function versionResolvedFrom(copy: InstalledPackage, name: string): string | undefined {
  if (name === copy.name) return copy.version;
  if (name in copy.resolvedDependencies) return copy.resolvedDependencies[name];
  return resolveInstalled(name, copy.directory)?.manifest.version as string | undefined;
}
