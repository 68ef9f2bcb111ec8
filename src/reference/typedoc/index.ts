import path from 'node:path';
import type { PortalConfig } from '../../config/schema.ts';
import type { SidebarExtension } from '../../content/sidebars.ts';
import { type Diagnostics, PortalError } from '../../errors.ts';
import type { Page } from '../../page.ts';
import { changelogRoute, marksOf, packageChangelogPage } from './changelog-page.tsx';
import { type ConvertStats, convertPackage, type PackageModel } from './convert.ts';
import { type PackageHistory, packageHistory, versionMarks } from './package-history.ts';
import { buildPackagePages, type ReferenceRenderer } from './pages.tsx';
import { SymbolTable } from './symbols.ts';

export interface PackageReference {
  pages: Page[];
  sidebars: SidebarExtension[];
  /** Per area: top-level export name -> route, for linking names in guides. */
  symbols: Map<string, SymbolTable>;
  stats: ConvertStats;
}

/**
 * Converts each configured package once (or reads its cached model) and renders it into every
 * area that lists it; type references link across the packages of the same area.
 */
export async function buildPackageReference(root: string, config: PortalConfig, render: ReferenceRenderer, diagnostics: Diagnostics): Promise<PackageReference> {
  const stats: ConvertStats = { converted: [], fromCache: [] };
  const models = new Map<string, PackageModel>();
  const cacheDir = path.resolve(root, config.cacheDir, 'typedoc');
  for (const name of new Set(config.npmReference.flatMap((area) => area.packages))) {
    try {
      models.set(name, await convertPackage(name, root, cacheDir, stats));
    } catch (error) {
      if (!(error instanceof PortalError)) {
        diagnostics.error({ file: 'portal.config.ts', message: `npm package ${name} could not be converted: ${(error as Error).message.split('\n')[0]}` });
      } else for (const problem of error.problems) diagnostics.error(problem);
    }
  }
  // Each package's changes across the earlier versions the config lists (history.packages).
  const histories = new Map<string, PackageHistory>();
  for (const name of models.keys()) {
    try {
      histories.set(name, packageHistory(name, config.history.packages[name] ?? [], root, path.resolve(root, config.cacheDir, 'declarations')));
    } catch (error) {
      if (!(error instanceof PortalError)) {
        diagnostics.error({ file: 'portal.config.ts', message: `the changelog of npm package ${name} could not be made: ${(error as Error).message.split('\n')[0]}` });
      } else for (const problem of error.problems) diagnostics.error(problem);
    }
  }
  const result: PackageReference = { pages: [], sidebars: [], symbols: new Map(), stats };
  for (const area of config.npmReference) {
    const packages = area.packages.map((name) => models.get(name)).filter((model): model is PackageModel => !!model);
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
    const documented = new Set(area.packages);
    packages.forEach((model, index) => {
      const history = histories.get(model.name);
      const marks = history && marksOf(versionMarks(history), changelogRoute(area.folder, model.name));
      const { pages, sidebar } = buildPackagePages(model, area.area, area.folder, symbols, render, documented, marks);
      result.pages.push(...pages);
      if (history) {
        const changelog = packageChangelogPage(history, area.area, area.folder, symbols);
        result.pages.push(changelog);
        sidebar.items.push({ label: 'Changelog', href: changelog.route });
      }
      result.sidebars.push({ ...sidebar, position: 10 + index });
    });
  }
  return result;
}
