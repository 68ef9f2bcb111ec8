import os from 'node:os';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { SidebarExtension } from '../page.ts';
import { type Diagnostics, PortalError } from '../errors.ts';
import type { Page, PageOf } from '../page.ts';
import type { AlongsideView } from '../shared/package-reference.ts';
import { changelogRoute, laterChangelogs, marksOf, packageChangelogPages } from './changelog-page.ts';
import { type ConvertStats, convertPackage, type PackageModel } from './convert.ts';
import { declarationsJobs, warmDeclarations } from './declarations-warmup.ts';
import { areaPackages, type InstalledPackage } from './installed-packages.ts';
import { type PackageHistory, packageHistory, versionMarks } from './package-history.ts';
import { buildPackagePages, type ReferenceRenderer } from './pages.ts';
import { readmeSummary } from './readme-summary.ts';
import { readReleases } from './releases.ts';
import type { SymbolEntry } from './symbol-entries.ts';
import { type DocumentedPackage, packageSlug, SymbolTable } from './symbols.ts';

export interface PackageReference {
  pages: Page[];
  sidebars: SidebarExtension[];
  /** Per area: top-level export name -> route, for linking names in guides. */
  symbols: Map<string, SymbolTable>;
  /** Per npmReference entry (in config order): the installed copies it documents. */
  areas: { area: string; folder: string; packages: InstalledPackage[] }[];
  /**
   * Every export with its signature, package and route, for assistants (lookup_symbol), read from
   * the pages as drawn: `htmlOf` gives a package page's article (the package kind draws it).
   */
  entries: (htmlOf: (page: PageOf<'package'>) => string) => SymbolEntry[];
  stats: ConvertStats;
}

/**
 * Everything the reference pages are made from: the installed copies each area documents, each
 * package version's model (converted, or read from the cache), its README's summary and its
 * history across the earlier versions the config lists.
 */
export interface ConvertedPackages {
  areas: PackageReference['areas'];
  models: Map<string, PackageModel>;
  readmes: Map<string, string>;
  histories: Map<string, PackageHistory>;
  stats: ConvertStats;
}

/** A package version's key: how the reference names a conversion and what is made from it. */
const packageKey = ({ name, version }: { name: string; version: string }): string => `${name}@${version}`;

/**
 * Finds the installed copies each area documents (installed-packages.ts) and converts each
 * package version once (or reads its cached model), with the TypeScript passes of its history:
 * those run on a second core (declarations-warmup.ts) from the start, while this thread converts
 * and, meanwhile, the caller builds the OpenAPI reference.
 */
export async function convertPackages(root: string, config: PortalConfig, diagnostics: Diagnostics): Promise<ConvertedPackages> {
  const stats: ConvertStats = { converted: [], fromCache: [] };
  const cacheDir = path.resolve(root, config.cacheDir, 'typedoc');
  const areas: PackageReference['areas'] = [];
  for (const area of config.npmReference) {
    try {
      areas.push({ area: area.area, folder: area.folder, packages: areaPackages(root, area) });
    } catch (error) {
      if (!(error instanceof PortalError)) throw error;
      for (const problem of error.problems) diagnostics.error(problem);
      areas.push({ area: area.area, folder: area.folder, packages: [] });
    }
  }
  // One conversion per package version, whichever areas and folders hold a copy of it.
  const models = new Map<string, PackageModel>();
  const readmes = new Map<string, string>();
  const copies = new Map(areas.flatMap(({ packages }) => packages.map((copy) => [packageKey(copy), copy] as const)));
  const versionsOf = (name: string) => [...copies.values()].filter((copy) => copy.name === name).length;
  const declarationsCache = path.resolve(root, config.cacheDir, 'declarations');
  const earlierOf = (name: string) => config.history.packages[name] ?? [];
  // The comparisons are most of the phase (about 28 s of a cold build of this portal, against
  // 10 s of conversions): they start on a second core at once, while this thread converts.
  // (Conversions on a worker too, or comparisons on two threads, took as long and more CPU: a
  // thread parses each declaration file once for all its probes, so a second one parses them again.)
  const warmed = os.availableParallelism() > 1 ? warmDeclarations(declarationsJobs([...copies.values()], earlierOf, root), declarationsCache) : Promise.resolve();
  for (const [key, copy] of copies) {
    try {
      const stat: ConvertStats = { converted: [], fromCache: [] };
      const model = await convertPackage(copy, cacheDir, stat);
      models.set(key, model);
      for (const problem of model.refusedIncludes ?? []) diagnostics.warn(problem);
      const readme = readmeSummary(copy.directory, copy.name);
      if (readme.problem) diagnostics.warn(readme.problem);
      if (readme.summary) readmes.set(key, readme.summary);
      // Named by the package alone unless the site documents more than one version of it.
      const label = versionsOf(copy.name) > 1 ? key : copy.name;
      stats.converted.push(...stat.converted.map(() => label));
      stats.fromCache.push(...stat.fromCache.map(() => label));
    } catch (error) {
      if (!(error instanceof PortalError)) {
        diagnostics.error({ file: 'portal.config.ts', message: `npm package ${key} could not be converted: ${(error as Error).message.split('\n')[0]}` });
      } else for (const problem of error.problems) diagnostics.error(problem);
    }
  }
  // Each documented copy's changes across the earlier versions the config lists (history.packages).
  const histories = new Map<string, PackageHistory>();
  await warmed;
  for (const [key, copy] of copies) {
    if (!models.has(key)) continue;
    try {
      histories.set(key, packageHistory(copy.name, earlierOf(copy.name), root, declarationsCache, copy));
    } catch (error) {
      if (!(error instanceof PortalError)) {
        diagnostics.error({ file: 'portal.config.ts', message: `the changelog of npm package ${key} could not be made: ${(error as Error).message.split('\n')[0]}` });
      } else for (const problem of error.problems) diagnostics.error(problem);
    }
  }
  return { areas, models, readmes, histories, stats };
}

/** Converts the packages (`convertPackages`) and makes their reference pages (`packageReference`). */
export async function buildPackageReference(root: string, config: PortalConfig, render: ReferenceRenderer, diagnostics: Diagnostics): Promise<PackageReference> {
  return packageReference(await convertPackages(root, config, diagnostics), root, config, render);
}

/**
 * Renders each converted package version into every area that holds it; type references link
 * across the packages of the same area where the versions agree.
 */
export function packageReference({ areas, models, readmes, histories, stats }: ConvertedPackages, root: string, config: PortalConfig, render: ReferenceRenderer): PackageReference {
  // A copy another area's changelog starts from (VPaaS's older peer-connection) points there.
  const later = laterChangelogs(
    areas.flatMap(({ folder, packages }) =>
      packages.flatMap((copy) => {
        const history = histories.get(packageKey(copy));
        return history ? [{ folder, history }] : [];
      }),
    ),
  );
  const entries: ((htmlOf: (page: PageOf<'package'>) => string) => SymbolEntry[])[] = [];
  const result: PackageReference = { pages: [], sidebars: [], symbols: new Map(), areas, entries: (htmlOf) => entries.flatMap((of) => of(htmlOf)), stats };
  // A package an area lists alongside its roots names the area it is for and links to its reference there.
  const alongsideView = (copy: InstalledPackage, areaId: string): AlongsideView | undefined => {
    if (!copy.alongside) return undefined;
    const { roots, forArea } = copy.alongside;
    const home = forArea ? areas.find((other) => other.area === forArea && other.packages.some((held) => held.name === copy.name && !held.alongside)) : undefined;
    return {
      roots,
      areaLabel: config.areas[areaId]?.label ?? areaId,
      forArea: forArea ? { label: config.areas[forArea]?.label ?? forArea, href: home && `/docs/${home.folder}/${packageSlug(copy.name)}` } : undefined,
    };
  };
  config.npmReference.forEach((area, areaIndex) => {
    const packages = areas[areaIndex].packages
      .map((copy) => {
        const key = packageKey(copy);
        return { copy, model: models.get(key), ...(readmes.has(key) ? { readme: readmes.get(key) } : {}) };
      })
      .filter((documented): documented is DocumentedPackage => !!documented.model);
    const symbols = new SymbolTable(`/docs/${area.folder}`, packages);
    result.symbols.set(area.area, symbols);
    if (area.sidebar) {
      result.sidebars.push({
        folder: area.folder,
        label: area.sidebar.label,
        position: area.sidebar.position,
        index: area.sidebar.category,
        items: [],
        source: 'portal.config.ts',
      });
    }
    packages.forEach((documented, index) => {
      const { name } = documented.copy;
      const manifestFile = path.relative(root, path.join(documented.copy.directory, 'package.json')).split(path.sep).join('/');
      const history = histories.get(packageKey(documented.copy));
      const releases = readReleases(root, name);
      const marks = history && marksOf(versionMarks(history, releases), changelogRoute(area.folder, name));
      const { pages, sidebar, entries: entriesOf } = buildPackagePages(documented, area.area, area.folder, symbols, render, manifestFile, marks, alongsideView(documented.copy, area.area));
      result.pages.push(...pages);
      entries.push(entriesOf);
      if (history) {
        const [changelog, ...proofs] = packageChangelogPages(history, area.area, area.folder, symbols, manifestFile, later.get(packageKey(documented.copy)), releases);
        result.pages.push(changelog, ...proofs);
        sidebar.items.push({ label: 'Changelog', href: changelog.route });
      }
      result.sidebars.push({ ...sidebar, position: 10 + index });
    });
  });
  return result;
}
