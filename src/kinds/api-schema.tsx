import { renderToStaticMarkup } from 'react-dom/server';
import { ApiSchema } from '../../templates/reference/ApiSchema.tsx';
import { apiSchemaTwin } from '../markdown-twins/api-schema-twin.ts';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';
import { twinOfParts } from './twin-parts.ts';

/** A named schema of an OpenAPI description too large for the pages that use it: its own page. */
export const apiSchemaKind: PageKindDefinition<'api-schema'> = {
  kind: 'api-schema',
  body: (page) => renderToStaticMarkup(<ApiSchema {...page.body} />),
  twin: (page, context) => twinOfParts(page, context.siteUrl, [apiSchemaTwin(page.body, { route: page.route, siteUrl: context.siteUrl })]),
  shownAs: 'api-overview',
  policy: guidePolicy,
};
