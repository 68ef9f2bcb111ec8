import { renderToStaticMarkup } from 'react-dom/server';
import { ApiOverview } from '../../templates/reference/ApiOverview.tsx';
import type { PageKindDefinition } from './kind.ts';
import { overviewTwin } from '../markdown-twins/openapi.ts';
import { guidePolicy } from './kind.ts';
import { twinOfParts } from './twin-parts.ts';

/** An OpenAPI description's overview: servers, authentication, the shared schemas, the download. */
export const apiOverviewKind: PageKindDefinition<'api-overview'> = {
  kind: 'api-overview',
  body: (page) => renderToStaticMarkup(<ApiOverview view={page.body.view} />),
  twin: (page, context) => twinOfParts(page, context.siteUrl, [overviewTwin(page.body.view, { route: page.route, siteUrl: context.siteUrl })]),
  shownAs: 'api-overview',
  policy: guidePolicy,
};
