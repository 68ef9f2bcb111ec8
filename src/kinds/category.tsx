import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryList } from '../../templates/pages/CategoryList.tsx';
import type { CategoryEntry } from '../shared/page-models.ts';
import type { Page } from '../page.ts';
import type { PageKindDefinition, TwinContext } from './kind.ts';
import { entriesTwin, twinOfParts } from './twin-parts.ts';
import { guidePolicy } from './kind.ts';

type ListPage = Page & { body: { entries: CategoryEntry[] } };

/** A page that lists pages as cards (a category, a docs tag): its article. */
export const cardListBody = (page: ListPage): string => renderToStaticMarkup(<CategoryList description={page.description} entries={page.body.entries} />);

/** A page that lists pages as cards: its twin, one link a line with its badge and description. */
export const cardListTwin = (page: ListPage, context: TwinContext): string =>
  twinOfParts(page, context.siteUrl, [entriesTwin(page, page.body.entries, context)]);

/** A generated index: the pages of a sidebar category (or the docs areas), with their descriptions. */
export const categoryKind: PageKindDefinition<'category'> = {
  kind: 'category',
  body: cardListBody,
  twin: cardListTwin,
  shownAs: 'category',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
