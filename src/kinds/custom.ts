import type { PageKindDefinition } from './kind.ts';
import { customPageSource, customPageTwin } from './guide-source.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfHtml } from './twin-parts.ts';

/** A page of content/pages: Markdown outside the areas, laid out without a sidebar. */
export const customKind: PageKindDefinition<'custom'> = {
  kind: 'custom',
  body: bodyHtml,
  twin: (page, context) => customPageTwin(page, context) ?? twinOfHtml(page, context),
  twinReads: customPageSource,
  shownAs: 'custom',
  policy: guidePolicy,
};
