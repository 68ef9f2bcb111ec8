import type { PageOf } from '../page.ts';
import { apiChangelogMarkup, apiChangelogSection } from './api-changelog.tsx';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';
import { twinOfMarkup } from './twin-parts.ts';

// An npm changelog's source still renders its markup (moving it here is the next step); an API
// changelog's source gives its view, which api-changelog.tsx draws.
const markupOf = (page: PageOf<'changelog'>): string => ('view' in page.body ? apiChangelogMarkup(page.body.view) : page.body.html);

/** A generated changelog (an npm package's releases, or an OpenAPI description's versions), with its own feed. */
export const changelogKind: PageKindDefinition<'changelog'> = {
  kind: 'changelog',
  body: markupOf,
  // No Markdown writer for a changelog yet: the twin is its markup, converted.
  twin: (page, context) => twinOfMarkup(page, markupOf(page), context),
  feedEntry: (page, anchor) => ('view' in page.body ? apiChangelogSection(page.body.view, anchor) : ''),
  shownAs: 'reference',
  policy: { ...guidePolicy, search: { symbols: true }, llms: 'reference' },
};
