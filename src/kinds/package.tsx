import { renderToStaticMarkup } from 'react-dom/server';
import { HashLink } from '../../templates/content/HashLink.tsx';
import { DeclarationPage, EnumPage, ModuleMember, PackageIndex } from '../../templates/reference/PackageReference.tsx';
import { NotInstalledNote, PackageVersion } from '../../templates/reference/PackageVersion.tsx';
import type { PageOf } from '../page.ts';
import { markdownOf } from '../markdown-twins/mdast-nodes.ts';
import { packageTwin } from '../markdown-twins/package-twin.ts';
import { type PackagePageModel, type PackageVersionLine, type ReferenceContext, type ReferenceTables, referenceKey } from '../shared/package-reference.ts';
import { sourceOf, summaryOf } from '../typedoc/pages.ts';
import { memberAnchor } from '../typedoc/symbols.ts';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';
import { twinOfParts } from './twin-parts.ts';

/** What the templates ask while they draw a page, answered from the tables its source made. */
function contextOf(tables: ReferenceTables): ReferenceContext {
  return {
    resolve: (type) => tables.links[referenceKey(type)],
    comment: (comment) => {
      if (!comment) return { throws: [], other: [], examples: [] };
      const html = tables.comments[referenceKey(comment)];
      // The source walks every comment of the page's declarations: one it missed would lose its text.
      if (!html) throw new Error(`a doc comment the TypeDoc source did not draw: ${referenceKey(comment).slice(0, 200)}`);
      return html;
    },
    source: sourceOf,
    anchor: memberAnchor,
    summary: summaryOf,
    marks: (symbol) => tables.marks[symbol] ?? [],
  };
}

/** The line every page of a package opens with, and, for a package the area's SDK does not install, the note under it. */
const versionLineHtml = (line: PackageVersionLine) =>
  renderToStaticMarkup(
    <>
      <PackageVersion name={line.name} version={line.version} href={line.href} />
      {line.alongside && <NotInstalledNote name={line.name} version={line.version} view={line.alongside} />}
    </>,
  );

function pageHtml(model: PackagePageModel): string {
  switch (model.page) {
    case 'index':
      return renderToStaticMarkup(<PackageIndex view={model.index} />);
    case 'modules':
      // Every export grouped by kind, each under an anchor of its name (so older `modules#<name>` links land here) linking where it is shown.
      return renderToStaticMarkup(
        <div className="reference">
          {model.groups.map((group) => (
            <section key={group.id}>
              <h2 id={group.id}>
                {group.title} ({group.links.length})
                <HashLink id={group.id} label={group.title} />
              </h2>
              {group.pages.length ? (
                <p>
                  In full:{' '}
                  {group.pages.map((page, index) => (
                    <span key={page.href}>
                      {index ? ', ' : ''}
                      <a href={page.href}>{page.label.toLowerCase()}</a>
                    </span>
                  ))}
                  .
                </p>
              ) : null}
              <ul className="reference-index-list">
                {group.links.map((link) => (
                  <li key={link.name} id={link.anchor}>
                    <a href={link.href}>
                      <code>{link.name}</code>
                    </a>
                    {link.summary && <span className="reference-summary">: {link.summary}</span>}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>,
      );
    case 'module-group': {
      const context = contextOf(model.tables);
      return renderToStaticMarkup(
        <div className="reference">
          {model.group.members.map((member) => (
            <ModuleMember key={member.id} declaration={member} context={context} headingLevel={2} />
          ))}
        </div>,
      );
    }
    case 'declaration':
      return renderToStaticMarkup(<DeclarationPage declaration={model.declaration} kindLabel={model.kindLabel} context={contextOf(model.tables)} />);
    case 'enum':
      return renderToStaticMarkup(<EnumPage declaration={model.declaration} context={contextOf(model.tables)} />);
  }
}

/** A package reference page's article: its version line, then the page. */
export const packageBodyHtml = (page: PageOf<'package'>): string => versionLineHtml(page.body.versionLine) + pageHtml(page.body);

/** An npm package's reference: its index, its modules, a page per group of functions, variables or type aliases, and a page per class, interface and enum. */
export const packageKind: PageKindDefinition<'package'> = {
  kind: 'package',
  body: packageBodyHtml,
  twin: (page, context) => {
    const model = page.body;
    const tables = model.page === 'index' || model.page === 'modules' ? { links: {}, comments: {}, marks: {} } : model.tables;
    return twinOfParts(page, context.siteUrl, [markdownOf(packageTwin(model, contextOf(tables), { route: page.route, siteUrl: context.siteUrl }))]);
  },
  shownAs: 'reference',
  policy: { ...guidePolicy, search: { symbols: true }, llms: 'reference' },
};
