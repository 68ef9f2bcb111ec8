import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** One operation of an OpenAPI description (or a webhook), from its view. */
export const apiOperationKind: PageKindDefinition<'api-operation'> = {
  kind: 'api-operation',
  shownAs: 'api-operation',
  policy: { ...guidePolicy, search: { ignoresSamples: true }, llms: 'operation' },
};
