import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import type { JSONOutput } from 'typedoc';
import { HashLink } from '../../templates/content/HashLink.tsx';
import { DeclarationPage, EnumPage, ModuleMember, PackageIndex, type ReferenceContext, declarationSections, memberTableId } from '../../templates/reference/PackageReference.tsx';
import { type AlongsideView, NotInstalledNote, PackageVersion } from '../../templates/reference/PackageVersion.tsx';
import type { SidebarExtension } from '../page.ts';
import type { Page } from '../page.ts';
import type { AreaId, TocEntry } from '../shared/types.ts';
import { summarySentence } from '../markdown/summary-sentence.ts';
import { commentText } from './comments.ts';
import { type SymbolEntry, symbolEntries } from './symbol-entries.ts';
import { type DocumentedPackage, Kind, memberAnchor, packageSlug, pageKinds, routeOfTopLevel, type SymbolTable } from './symbols.ts';

type Declaration = JSONOutput.DeclarationReflection;

export interface ReferenceRenderer {
  /** Markdown to sanitised HTML (the content pipeline, so comments cannot inject markup). */
  md: (markdown: string) => string;
  /** An @example of the package to HTML, its code labelled with what checked it (content/sample-checks.json); `md` without it. */
  example?: (pkg: { name: string; version: string }, markdown: string) => string;
}

const kindGroups: { title: string; id: string; kind: number }[] = [
  { title: 'Classes', id: 'classes', kind: Kind.Class },
  { title: 'Interfaces', id: 'interfaces', kind: Kind.Interface },
  { title: 'Enumerations', id: 'enumerations', kind: Kind.Enum },
  { title: 'Functions', id: 'functions', kind: Kind.Function },
  { title: 'Variables', id: 'variables', kind: Kind.Variable },
  { title: 'Type aliases', id: 'type-aliases', kind: Kind.TypeAlias },
  { title: 'Namespaces', id: 'namespaces', kind: Kind.Namespace },
];

/** The plain first sentence of a comment, for lists and descriptions. */
export function summaryOf(declaration: Declaration): string | undefined {
  const comment = declaration.comment ?? declaration.signatures?.[0]?.comment ?? declaration.getSignature?.comment ?? declaration.setSignature?.comment ?? (declaration.type?.type === 'reflection' ? declaration.type.declaration.signatures?.[0]?.comment : undefined);
  // Code parts keep their backticks in `text`, so their identifiers survive as written.
  return summarySentence(comment?.summary.map((part) => part.text).join(''), Number.POSITIVE_INFINITY);
}

/**
 * Index, modules and one page per class, interface and enum of one package, in one area; `file`
 * is the package.json of the installed copy documented, relative to the project.
 */
export function buildPackagePages({ model, copy, readme }: DocumentedPackage, area: AreaId, folder: string, symbols: SymbolTable, render: ReferenceRenderer, file: string, marks?: ReferenceContext['marks'], alongside?: AlongsideView): { pages: Page[]; sidebar: SidebarExtension; entries: SymbolEntry[] } {
  const base = `/docs/${folder}/${packageSlug(model.name)}`;
  const children = model.project.children ?? [];
  // Every page names the version it documents; all but the index link back to the index. A
  // package the area's SDK does not install says so on every page, under that line.
  const versionLine = (href?: string) =>
    renderToStaticMarkup(
      <>
        <PackageVersion name={model.name} version={model.version} href={href} />
        {alongside && <NotInstalledNote name={model.name} version={model.version} view={alongside} />}
      </>,
    );
  const context: ReferenceContext = {
    resolve: (type) => symbols.resolve(type, model.name),
    md: render.md,
    example: (markdown) => (render.example ? render.example({ name: model.name, version: model.version }, markdown) : render.md(markdown)),
    comment: (comment) => commentText(comment, (target, text) => symbols.resolveLink(target, model.name, text)),
    source: (declaration) => {
      // The conversion points each source at the package that publishes its file (source-links.ts).
      const source = declaration.sources?.[0];
      return source?.url ? { href: source.url, label: `${source.fileName}, line ${source.line}` } : undefined;
    },
    anchor: memberAnchor,
    summary: summaryOf,
    marks,
  };
  const page = (route: string, kind: 'package', title: string, html: string, toc: TocEntry[], description: string | undefined, keywords: string[]): Page => ({
    route,
    kind,
    title,
    description,
    area,
    toc,
    body: { html },
    source: { file },
    links: [],
    keywords,
  });
  const pages: Page[] = [];
  const grouped = kindGroups.map((group) => ({ ...group, members: children.filter((child) => child.kind === group.kind) })).filter((group) => group.members.length);

  // Index
  const indexHtml = renderToStaticMarkup(
    <PackageIndex
      view={{
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
          items: group.members.map((member) => ({ name: member.name, href: routeOfTopLevel(base, member), summary: summaryOf(member) })),
        })),
        modulesHref: `${base}/modules`,
      }}
    />,
  );
  pages.push(
    page(
      base,
      'package',
      model.name,
      versionLine() + indexHtml,
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

  // Modules: every export grouped by kind; functions, variables and type aliases in full.
  const modulesHtml = renderToStaticMarkup(
    <div className="reference">
      {grouped.map((group) => (
        <section key={group.id}>
          <h2 id={group.id}>
            {group.title}
            <HashLink id={group.id} label={group.title} />
          </h2>
          {pageKinds[group.kind] ? (
            <ul className="reference-index-list">
              {group.members.map((member) => (
                <li key={member.id} id={memberAnchor(member.name)}>
                  <a href={routeOfTopLevel(base, member)}>
                    <code>{member.name}</code>
                  </a>
                  {summaryOf(member) && <span className="reference-summary">: {summaryOf(member)}</span>}
                </li>
              ))}
            </ul>
          ) : (
            group.members.map((member) => <ModuleMember key={member.id} declaration={member} context={context} />)
          )}
        </section>
      ))}
    </div>,
  );
  pages.push(
    page(
      `${base}/modules`,
      'package',
      `${model.name}: modules`,
      versionLine(base) + modulesHtml,
      grouped.map((group) => ({ depth: 2, id: group.id, text: group.title })),
      `Every export of ${model.name} ${model.version}, grouped by kind.`,
      children.filter((child) => !pageKinds[child.kind]).map((child) => child.name),
    ),
  );

  // One page per class, interface and enum.
  for (const child of children) {
    const folderName = pageKinds[child.kind];
    if (!folderName) continue;
    const html = renderToStaticMarkup(
      child.kind === Kind.Enum ? (
        <EnumPage declaration={child} context={context} />
      ) : (
        <DeclarationPage declaration={child} kindLabel={child.kind === Kind.Class ? 'class' : 'interface'} context={context} />
      ),
    );
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
        'package',
        child.name,
        versionLine(base) + html,
        toc,
        summaryOf(child) ?? `The ${child.name} ${folderName === 'classes' ? 'class' : folderName === 'enums' ? 'enum' : 'interface'} of ${model.name}.`,
        [child.name, model.name, ...(child.children ?? []).map((member) => member.name)],
      ),
    );
  }

  return {
    pages,
    entries: symbolEntries(model, area, base, pages, summaryOf),
    sidebar: {
      folder: path.posix.join(folder, packageSlug(model.name)),
      label: model.name,
      href: base,
      items: [{ label: 'Modules', href: `${base}/modules` }],
      source: file,
    },
  };
}
