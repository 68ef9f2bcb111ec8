import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** A named schema of an OpenAPI description too large for the pages that use it: its own page. */
export const apiSchemaKind: PageKindDefinition<'api-schema'> = {
  kind: 'api-schema',
  shownAs: 'api-overview',
  policy: guidePolicy,
};
