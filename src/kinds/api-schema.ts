import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfHtml } from './twin-parts.ts';

/** A named schema of an OpenAPI description too large for the pages that use it: its own page. */
export const apiSchemaKind: PageKindDefinition<'api-schema'> = {
  kind: 'api-schema',
  // Its source still renders the markup with its templates (moving it here is the next step).
  body: bodyHtml,
  // Its only model today is that markup: the twin is converted from it.
  twin: twinOfHtml,
  shownAs: 'api-overview',
  policy: guidePolicy,
};
