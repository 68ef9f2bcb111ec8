import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** A generated index: the pages of a sidebar category (or the docs areas), with their descriptions. */
export const categoryKind: PageKindDefinition<'category'> = {
  kind: 'category',
  shownAs: 'category',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
