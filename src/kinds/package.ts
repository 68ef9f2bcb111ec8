import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';
import { twinOfHtml } from './twin-parts.ts';

/** An npm package's reference: its index, its modules, and a page per class, interface and enum. */
export const packageKind: PageKindDefinition<'package'> = {
  kind: 'package',
  // Its source still renders the markup with its templates (moving it here is the next step).
  body: bodyHtml,
  // Its only model today is that markup: the twin is converted from it.
  twin: twinOfHtml,
  shownAs: 'reference',
  policy: { ...guidePolicy, search: { symbols: true }, llms: 'reference' },
};
