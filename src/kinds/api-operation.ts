import type { PageKindDefinition } from './kind.ts';
import { operationTwin } from '../markdown-twins/openapi.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfParts } from './twin-parts.ts';

/** One operation of an OpenAPI description (or a webhook), from its view. */
export const apiOperationKind: PageKindDefinition<'api-operation'> = {
  kind: 'api-operation',
  // Its source still renders the markup with its templates (moving it here is the next step).
  body: bodyHtml,
  twin: (page, context) => twinOfParts(page, context.siteUrl, [operationTwin(page.body.view, { route: page.route, siteUrl: context.siteUrl })]),
  shownAs: 'api-operation',
  policy: { ...guidePolicy, search: { ignoresSamples: true }, llms: 'operation' },
};
