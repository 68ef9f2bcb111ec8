import { renderToStaticMarkup } from 'react-dom/server';
import { ApiTag } from '../../templates/reference/ApiTag.tsx';
import type { PageOf } from '../page.ts';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';
import { twinOfMarkup } from './twin-parts.ts';

const markupOf = (page: PageOf<'api-tag'>) => renderToStaticMarkup(<ApiTag {...page.body} />);

/** A large API's group of operations (a tag, or a path): it lists them, and ranks below them. */
export const apiTagKind: PageKindDefinition<'api-tag'> = {
  kind: 'api-tag',
  body: markupOf,
  // No Markdown writer for a tag page yet: the twin is its markup, converted.
  twin: (page, context) => twinOfMarkup(page, markupOf(page), context),
  shownAs: 'api-overview',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
