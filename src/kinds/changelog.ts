import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** A generated changelog (an npm package's releases, or an OpenAPI description's versions), with its own feed. */
export const changelogKind: PageKindDefinition<'changelog'> = {
  kind: 'changelog',
  shownAs: 'reference',
  policy: { ...guidePolicy, search: { symbols: true }, llms: 'reference' },
};
