import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** An OpenAPI description's overview: servers, authentication, the shared schemas, the download. */
export const apiOverviewKind: PageKindDefinition<'api-overview'> = {
  kind: 'api-overview',
  shownAs: 'api-overview',
  policy: guidePolicy,
};
