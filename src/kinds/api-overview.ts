import type { PageKindDefinition } from './kind.ts';
import { overviewTwin } from '../markdown-twins/openapi.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfParts } from './twin-parts.ts';

/** An OpenAPI description's overview: servers, authentication, the shared schemas, the download. */
export const apiOverviewKind: PageKindDefinition<'api-overview'> = {
  kind: 'api-overview',
  // Its source still renders the markup with its templates (moving it here is the next step).
  body: bodyHtml,
  twin: (page, context) => twinOfParts(page, context.siteUrl, [overviewTwin(page.body.view, { route: page.route, siteUrl: context.siteUrl })]),
  shownAs: 'api-overview',
  policy: guidePolicy,
};
