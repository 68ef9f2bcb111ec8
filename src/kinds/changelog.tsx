import { renderToStaticMarkup } from 'react-dom/server';
import { Changelog } from '../../templates/reference/Changelog.tsx';
import { PackageVersion } from '../../templates/reference/PackageVersion.tsx';
import type { PageOf } from '../page.ts';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';
import { twinOfMarkup } from './twin-parts.ts';

/**
 * A changelog's article. An npm package's is drawn here from its view, under the version line
 * every page of the package's reference opens with; an OpenAPI description's is still rendered
 * by its source.
 */
export function changelogBodyHtml(page: PageOf<'changelog'>): string {
  const body = page.body;
  if ('html' in body) return body.html;
  return renderToStaticMarkup(<PackageVersion {...body.versionLine} />) + renderToStaticMarkup(<Changelog view={body.view} />);
}

/** A generated changelog (an npm package's releases, or an OpenAPI description's versions), with its own feed. */
export const changelogKind: PageKindDefinition<'changelog'> = {
  kind: 'changelog',
  body: changelogBodyHtml,
  // No Markdown writer for a changelog yet: the twin is its markup, converted.
  twin: (page, context) => twinOfMarkup(page, changelogBodyHtml(page), context),
  shownAs: 'reference',
  policy: { ...guidePolicy, search: { symbols: true }, llms: 'reference' },
};
