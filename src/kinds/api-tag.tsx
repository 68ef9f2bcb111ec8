import { renderToStaticMarkup } from 'react-dom/server';
import { ApiTag } from '../../templates/reference/ApiTag.tsx';
import { apiTagTwin } from '../markdown-twins/api-tag-twin.ts';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';
import { twinOfParts } from './twin-parts.ts';

/** A large API's group of operations (a tag, or a path): it lists them, and ranks below them. */
export const apiTagKind: PageKindDefinition<'api-tag'> = {
  kind: 'api-tag',
  body: (page) => renderToStaticMarkup(<ApiTag {...page.body} />),
  twin: (page, context) => twinOfParts(page, context.siteUrl, [apiTagTwin(page.body, { route: page.route, siteUrl: context.siteUrl })]),
  shownAs: 'api-overview',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
