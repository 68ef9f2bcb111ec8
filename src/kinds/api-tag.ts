import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** A large API's group of operations (a tag, or a path): it lists them, and ranks below them. */
export const apiTagKind: PageKindDefinition<'api-tag'> = {
  kind: 'api-tag',
  shownAs: 'api-overview',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
