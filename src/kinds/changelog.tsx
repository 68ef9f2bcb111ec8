import { renderToStaticMarkup } from 'react-dom/server';
import { Changelog, ChangelogProofs } from '../../templates/reference/Changelog.tsx';
import { PackageVersion } from '../../templates/reference/PackageVersion.tsx';
import { changelogProofsTwin, changelogTwin } from '../markdown-twins/changelog-twin.ts';
import { markdownOf } from '../markdown-twins/mdast-nodes.ts';
import { versionLineTwin } from '../markdown-twins/package-version-twin.ts';
import type { PageOf } from '../page.ts';
import { apiChangelogMarkup, apiChangelogSection } from './api-changelog.tsx';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';
import { twinOfParts } from './twin-parts.ts';

/**
 * A changelog's article, drawn from its source's view: an npm package's under the version line
 * every page of the package's reference opens with; an OpenAPI description's alone
 * (api-changelog.tsx).
 */
export function changelogBodyHtml(page: PageOf<'changelog'>): string {
  const body = page.body;
  if (!('versionLine' in body)) return apiChangelogMarkup(body.view);
  const article = body.proofsOf ? <ChangelogProofs section={body.view.sections[0]} changelogHref={body.proofsOf.changelogHref} /> : <Changelog view={body.view} />;
  return renderToStaticMarkup(<PackageVersion {...body.versionLine} />) + renderToStaticMarkup(article);
}

/** A changelog's twin, from the same view as its article: an npm package's under its version line. */
function changelogTwinBlocks(page: PageOf<'changelog'>, target: { route: string; siteUrl: string }) {
  const body = page.body;
  if (!('versionLine' in body)) return changelogTwin(body.view, target);
  const article = body.proofsOf ? changelogProofsTwin(body.view.sections[0], body.proofsOf.changelogHref, target) : changelogTwin(body.view, target);
  return [...versionLineTwin(body.versionLine, target), ...article];
}

/** A generated changelog (an npm package's releases, or an OpenAPI description's versions), with its own feed. */
export const changelogKind: PageKindDefinition<'changelog'> = {
  kind: 'changelog',
  body: changelogBodyHtml,
  twin: (page, context) => twinOfParts(page, context.siteUrl, [markdownOf(changelogTwinBlocks(page, { route: page.route, siteUrl: context.siteUrl }))]),
  // An npm changelog's feed entries carry their sections from the source; an API changelog's are drawn here.
  feedEntry: (page, anchor) => ('versionLine' in page.body ? '' : apiChangelogSection(page.body.view, anchor)),
  shownAs: 'reference',
  policy: { ...guidePolicy, search: { symbols: true }, llms: 'reference' },
};
