import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** A page of content/pages: Markdown outside the areas, laid out without a sidebar. */
export const customKind: PageKindDefinition<'custom'> = {
  kind: 'custom',
  shownAs: 'custom',
  policy: guidePolicy,
};
