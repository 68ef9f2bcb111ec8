import path from 'node:path';
import type { JSONOutput } from 'typedoc';
import type { Page, PageOf, SidebarExtension } from '../page.ts';
import { type AlongsideView, declarationSections, memberTableId, type ModulesGroup, type PackagePageModel, type PackageVersionLine, type VersionMark } from '../shared/package-reference.ts';
import type { AreaId, TocEntry } from '../shared/types.ts';
import { summarySentence } from '../markdown/summary-sentence.ts';
import { commentText } from './comments.ts';
import { referenceTables, type ReferenceTableMakers } from './reference-tables.ts';
import { type SymbolEntry, symbolEntries } from './symbol-entries.ts';
import { type DocumentedPackage, exportGroups, Kind, memberAnchor, moduleGroupPageSize, moduleGroupRoute, packageSlug, pageKinds, routeOfTopLevel, type SymbolTable } from './symbols.ts';

type Declaration = JSONOutput.DeclarationReflection;

export interface ReferenceRenderer {
  /** Markdown to sanitised HTML (the content pipeline, so comments cannot inject markup). */
  md: (markdown: string) => string;
  /** An @example of the package to HTML, its code labelled with what checked it (content/sample-checks.json); `md` without it. */
  example?: (pkg: { name: string; version: string }, markdown: string) => string;
}

/** The plain first sentence of a comment, for lists and descriptions. */
export function summaryOf(declaration: Declaration): string | undefined {
  const comment = declaration.comment ?? declaration.signatures?.[0]?.comment ?? declaration.getSignature?.comment ?? declaration.setSignature?.comment ?? (declaration.type?.type === 'reflection' ? declaration.type.declaration.signatures?.[0]?.comment : undefined);
  // Code parts keep their backticks in `text`, so their identifiers survive as written.
  return summarySentence(comment?.summary.map((part) => part.text).join(''), Number.POSITIVE_INFINITY);
}

/** The published file and line a declaration comes from (the conversion points each source at the package that publishes its file: source-links.ts). */
export function sourceOf(declaration: { sources?: JSONOutput.SourceReference[] }): { href: string; label: string } | undefined {
  const source = declaration.sources?.[0];
  return source?.url ? { href: source.url, label: `${source.fileName}, line ${source.line}` } : undefined;
}

/**
 * Index, modules and one page per class, interface and enum of one package, in one area, as
 * models the package kind draws; `file` is the package.json of the installed copy documented,
 * relative to the project.
 */
export function buildPackagePages({ model, copy, readme }: DocumentedPackage, area: AreaId, folder: string, symbols: SymbolTable, render: ReferenceRenderer, file: string, marks?: (symbol: string) => VersionMark[], alongside?: AlongsideView): { pages: Page[]; sidebar: SidebarExtension; entries: (htmlOf: (page: PageOf<'package'>) => string) => SymbolEntry[] } {
  const base = `/docs/${folder}/${packageSlug(model.name)}`;
  const children = model.project.children ?? [];
  // Every page names the version it documents; all but the index link back to the index. A
  // package the area's SDK does not install says so on every page, under that line.
  const versionLine = (href?: string): PackageVersionLine => ({ name: model.name, version: model.version, ...(href ? { href } : {}), ...(alongside ? { alongside } : {}) });
  const makers: ReferenceTableMakers = {
    resolve: (type) => symbols.resolve(type, model.name),
    md: render.md,
    example: (markdown) => (render.example ? render.example({ name: model.name, version: model.version }, markdown) : render.md(markdown)),
    comment: (comment) => commentText(comment, (target, text) => symbols.resolveLink(target, model.name, text)),
    marks,
  };
  const page = (route: string, title: string, body: PackagePageModel, toc: TocEntry[], description: string | undefined, keywords: string[]): Page => ({
    route,
    kind: 'package',
    title,
    description,
    area,
    toc,
    body,
    source: { file },
    links: [],
    keywords,
  });
  const pages: Page[] = [];
  const grouped = exportGroups.map((group) => ({ ...group, members: children.filter((child) => child.kind === group.kind) })).filter((group) => group.members.length);

  // Index
  pages.push(
    page(
      base,
      model.name,
      {
        versionLine: versionLine(),
        page: 'index',
        index: {
          name: model.name,
          version: model.version,
          description: model.description,
          readme: readme && render.md(readme),
          entryPoints: Object.entries(model.entryPoints).map(([subpath, entry]) => ({ subpath, file: entry })),
          // The versions this copy resolves (a range in package.json may match several), linked
          // where the area documents that very version.
          dependencies: Object.entries(copy.resolvedDependencies).map(([name, version]) => ({
            name,
            version: version ?? `${model.dependencies[name]} (not installed)`,
            href: symbols.documentedFor(model.name, name) ? `/docs/${folder}/${packageSlug(name)}` : undefined,
          })),
          groups: grouped.map((group) => ({
            title: group.title,
            items: group.members.map((member) => ({ name: member.name, href: routeOfTopLevel(base, member, children), summary: summaryOf(member) })),
          })),
          modulesHref: `${base}/modules`,
        },
      },
      [
        { depth: 2, id: 'install', text: 'Install' },
        { depth: 2, id: 'entry-points', text: 'Entry points' },
        ...(Object.keys(copy.resolvedDependencies).length ? [{ depth: 2, id: 'dependencies', text: 'Pexip dependencies' }] : []),
        { depth: 2, id: 'exports', text: 'Exports' },
      ],
      model.description ?? summarySentence(readme) ?? `Reference for ${model.name}.`,
      [model.name, packageSlug(model.name)],
    ),
  );

  // Modules: every export grouped by kind, each linked where it is shown; the functions,
  // variables, type aliases and namespaces in full on one page per group.
  const inFull = grouped
    .filter((group) => !pageKinds[group.kind])
    .flatMap((group) => {
      const count = Math.ceil(group.members.length / moduleGroupPageSize);
      return Array.from({ length: count }, (_, index) => ({
        ...group,
        route: moduleGroupRoute(base, group.id, index),
        label: count > 1 ? `${group.title} (${index + 1} of ${count})` : group.title,
        members: group.members.slice(index * moduleGroupPageSize, (index + 1) * moduleGroupPageSize),
      }));
    });
  const groups: ModulesGroup[] = grouped.map((group) => ({
    id: group.id,
    title: group.title,
    pages: inFull.filter((page) => page.id === group.id).map((page) => ({ href: page.route, label: page.label })),
    links: group.members.map((member) => ({ name: member.name, href: routeOfTopLevel(base, member, children), anchor: memberAnchor(member.name), summary: summaryOf(member) })),
  }));
  pages.push(
    page(
      `${base}/modules`,
      `${model.name}: modules`,
      { versionLine: versionLine(base), page: 'modules', groups },
      grouped.map((group) => ({ depth: 2, id: group.id, text: group.title })),
      `Every export of ${model.name} ${model.version}, grouped by kind.`,
      [],
    ),
  );
  for (const group of inFull) {
    pages.push(
      page(
        group.route,
        `${model.name}: ${group.label.toLowerCase()}`,
        { versionLine: versionLine(base), page: 'module-group', group: { id: group.id, title: group.title, members: group.members }, tables: referenceTables(group.members, group.members.map((member) => member.name), makers) },
        group.members.map((member) => ({ depth: 2, id: memberAnchor(member.name), text: member.name })),
        `The ${group.label.toLowerCase()} of ${model.name} ${model.version}, in full.`,
        group.members.map((member) => member.name),
      ),
    );
  }

  // One page per class, interface and enum.
  for (const child of children) {
    const folderName = pageKinds[child.kind];
    if (!folderName) continue;
    const names = [child.name, ...declarationSections(child).flatMap((section) => section.members.map((member) => `${child.name}.${member.name}`))];
    const tables = referenceTables([child], names, makers);
    const body: PackagePageModel =
      child.kind === Kind.Enum
        ? { versionLine: versionLine(base), page: 'enum', declaration: child, tables }
        : { versionLine: versionLine(base), page: 'declaration', declaration: child, kindLabel: child.kind === Kind.Class ? 'class' : 'interface', tables };
    const toc: TocEntry[] =
      child.kind === Kind.Enum
        ? [{ depth: 2, id: 'members', text: 'Members' }]
        : [
            ...(declarationSections(child).length ? [{ depth: 2, id: memberTableId, text: 'Members' }] : []),
            ...(child.indexSignatures?.length ? [{ depth: 2, id: 'index-signatures', text: 'Index signatures' }] : []),
            ...declarationSections(child).flatMap((section) => [
              { depth: 2, id: section.id, text: section.title },
              ...section.members.map((member) => ({ depth: 3, id: memberAnchor(member.name), text: member.name })),
            ]),
          ];
    pages.push(
      page(
        `${base}/${folderName}/${child.name}`,
        child.name,
        body,
        toc,
        summaryOf(child) ?? `The ${child.name} ${folderName === 'classes' ? 'class' : folderName === 'enums' ? 'enum' : 'interface'} of ${model.name}.`,
        [child.name, model.name, ...(child.children ?? []).map((member) => member.name)],
      ),
    );
  }

  return {
    pages,
    entries: (htmlOf) => symbolEntries(model, area, base, pages, summaryOf, htmlOf),
    sidebar: {
      folder: path.posix.join(folder, packageSlug(model.name)),
      label: model.name,
      href: base,
      items: [{ label: 'Modules', href: `${base}/modules` }, ...inFull.map((group) => ({ label: group.label, href: group.route }))],
      source: file,
    },
  };
}
