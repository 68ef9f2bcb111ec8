import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfHtml, twinOfParts, withDocCards } from './twin-parts.ts';

/** A page of content/docs: Markdown, in an area's sidebar, in its docs folder's feed. */
export const docKind: PageKindDefinition<'doc'> = {
  kind: 'doc',
  body: bodyHtml,
  // The twin's body comes with the page, made from the parse its HTML was made from.
  twin: (page, context) => (page.twin === undefined ? twinOfHtml(page, context) : twinOfParts(page, context.siteUrl, [withDocCards(page.twin, page, context)])),
  shownAs: 'doc',
  policy: { ...guidePolicy, feed: true, editable: true },
};
