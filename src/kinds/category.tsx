import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryList } from '../../templates/pages/CategoryList.tsx';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** A generated index: the pages of a sidebar category (or the docs areas), with their descriptions. */
export const categoryKind: PageKindDefinition<'category'> = {
  kind: 'category',
  body: (page) => renderToStaticMarkup(<CategoryList description={page.description} entries={page.body.entries} />),
  shownAs: 'category',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
