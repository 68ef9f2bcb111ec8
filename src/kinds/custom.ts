import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';

/** A page of content/pages: Markdown outside the areas, laid out without a sidebar. */
export const customKind: PageKindDefinition<'custom'> = {
  kind: 'custom',
  body: bodyHtml,
  shownAs: 'custom',
  policy: guidePolicy,
};
