import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';

/** One operation of an OpenAPI description (or a webhook), from its view. */
export const apiOperationKind: PageKindDefinition<'api-operation'> = {
  kind: 'api-operation',
  // Its source still renders the markup with its templates (moving it here is the next step).
  body: bodyHtml,
  shownAs: 'api-operation',
  policy: { ...guidePolicy, search: { ignoresSamples: true }, llms: 'operation' },
};
