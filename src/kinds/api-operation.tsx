import { renderToStaticMarkup } from 'react-dom/server';
import { ApiOperation } from '../../templates/reference/ApiOperation.tsx';
import type { PageKindDefinition } from './kind.ts';
import { operationTwin } from '../markdown-twins/openapi.ts';
import type { OperationView } from '../shared/api-model.ts';
import { guidePolicy } from './kind.ts';
import { twinOfParts } from './twin-parts.ts';

// Drawn once per view: the size check of the reference phase and the page job ask for the same markup.
const drawn = new WeakMap<OperationView, string>();

/** An operation page's article markup, from its view. */
export function operationMarkup(view: OperationView): string {
  let html = drawn.get(view);
  if (html === undefined) {
    html = renderToStaticMarkup(<ApiOperation view={view} />);
    drawn.set(view, html);
  }
  return html;
}

/** One operation of an OpenAPI description (or a webhook), from its view. */
export const apiOperationKind: PageKindDefinition<'api-operation'> = {
  kind: 'api-operation',
  body: (page) => operationMarkup(page.body.view),
  twin: (page, context) => twinOfParts(page, context.siteUrl, [operationTwin(page.body.view, { route: page.route, siteUrl: context.siteUrl })]),
  shownAs: 'api-operation',
  policy: { ...guidePolicy, search: { ignoresSamples: true }, llms: 'operation' },
};
