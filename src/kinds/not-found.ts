import type { PageKindDefinition } from './kind.ts';

/** The page served for unknown paths: it points to the areas, and is no page to find or list. */
export const notFoundKind: PageKindDefinition<'not-found'> = {
  kind: 'not-found',
  shownAs: 'not-found',
  policy: { search: false, sitemap: false, socialCard: false, llms: false, noindex: true, feed: false, editable: false, openGraphType: 'article' },
};
