import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfHtml, twinOfParts } from './twin-parts.ts';
import { docCardListsInTwin } from '../markdown-twins/theme-components.ts';

/** A page of content/docs: Markdown, in an area's sidebar, in its docs folder's feed. */
export const docKind: PageKindDefinition<'doc'> = {
  kind: 'doc',
  body: bodyHtml,
  // The twin's body comes with the page, made from the parse its HTML was made from.
  twin: (page, context) => (page.twin === undefined ? twinOfHtml(page, context) : twinOfParts(page, context.siteUrl, [docCardListsInTwin(page.twin, page.body.html, context.siteUrl, page.route)])),
  shownAs: 'doc',
  policy: { ...guidePolicy, feed: true, editable: true },
};
