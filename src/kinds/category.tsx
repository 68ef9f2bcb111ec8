import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryList } from '../../templates/pages/CategoryList.tsx';
import type { PageKindDefinition } from './kind.ts';
import { entriesTwin, twinOfParts } from './twin-parts.ts';
import { guidePolicy } from './kind.ts';

/** A generated index: the pages of a sidebar category (or the docs areas), with their descriptions. */
export const categoryKind: PageKindDefinition<'category'> = {
  kind: 'category',
  body: (page) => renderToStaticMarkup(<CategoryList description={page.description} entries={page.body.entries} />),
  twin: (page, context) =>
    twinOfParts(page, context.siteUrl, [entriesTwin(page.body.entries, context)]),
  shownAs: 'category',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
