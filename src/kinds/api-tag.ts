import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfHtml } from './twin-parts.ts';

/** A large API's group of operations (a tag, or a path): it lists them, and ranks below them. */
export const apiTagKind: PageKindDefinition<'api-tag'> = {
  kind: 'api-tag',
  // Its source still renders the markup with its templates (moving it here is the next step).
  body: bodyHtml,
  // Its only model today is that markup: the twin is converted from it.
  twin: twinOfHtml,
  shownAs: 'api-overview',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
