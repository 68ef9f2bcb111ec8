import { renderToStaticMarkup } from 'react-dom/server';
import { ApiSchema } from '../../templates/reference/ApiSchema.tsx';
import type { PageOf } from '../page.ts';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';
import { twinOfMarkup } from './twin-parts.ts';

const markupOf = (page: PageOf<'api-schema'>) => renderToStaticMarkup(<ApiSchema {...page.body} />);

/** A named schema of an OpenAPI description too large for the pages that use it: its own page. */
export const apiSchemaKind: PageKindDefinition<'api-schema'> = {
  kind: 'api-schema',
  body: markupOf,
  // No Markdown writer for a schema page yet: the twin is its markup, converted.
  twin: (page, context) => twinOfMarkup(page, markupOf(page), context),
  shownAs: 'api-overview',
  policy: guidePolicy,
};
