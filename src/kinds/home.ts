import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** The home page: the site's title, its areas, and how to add the site to an assistant. */
export const homeKind: PageKindDefinition<'home'> = {
  kind: 'home',
  shownAs: 'home',
  policy: { ...guidePolicy, socialCard: 'tagline', openGraphType: 'website' },
};
