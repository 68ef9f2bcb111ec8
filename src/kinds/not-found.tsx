import { renderToStaticMarkup } from 'react-dom/server';
import { NotFound } from '../../templates/pages/NotFound.tsx';
import type { PageKindDefinition } from './kind.ts';
import { areasTwin } from './twin-parts.ts';

/** The page served for unknown paths: it points to the areas, and is no page to find or list. */
export const notFoundKind: PageKindDefinition<'not-found'> = {
  kind: 'not-found',
  body: (_page, context) => renderToStaticMarkup(<NotFound areas={context.home.map(({ title, href }) => ({ title, href }))} />),
  // It points to the areas, like its HTML.
  twin: (page, context) => areasTwin(page, context, false),
  shownAs: 'not-found',
  policy: { search: false, sitemap: false, socialCard: false, llms: false, noindex: true, feed: false, editable: false, openGraphType: 'article' },
};
