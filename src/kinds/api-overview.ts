import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';

/** An OpenAPI description's overview: servers, authentication, the shared schemas, the download. */
export const apiOverviewKind: PageKindDefinition<'api-overview'> = {
  kind: 'api-overview',
  // Its source still renders the markup with its templates (moving it here is the next step).
  body: bodyHtml,
  shownAs: 'api-overview',
  policy: guidePolicy,
};
