import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfHtml } from './twin-parts.ts';

/** A generated changelog (an npm package's releases, or an OpenAPI description's versions), with its own feed. */
export const changelogKind: PageKindDefinition<'changelog'> = {
  kind: 'changelog',
  // Its source still renders the markup with its templates (moving it here is the next step).
  body: bodyHtml,
  // Its only model today is that markup: the twin is converted from it.
  twin: twinOfHtml,
  shownAs: 'reference',
  policy: { ...guidePolicy, search: { symbols: true }, llms: 'reference' },
};
