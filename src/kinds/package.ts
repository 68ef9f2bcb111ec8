import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** An npm package's reference: its index, its modules, and a page per class, interface and enum. */
export const packageKind: PageKindDefinition<'package'> = {
  kind: 'package',
  shownAs: 'reference',
  policy: { ...guidePolicy, search: { symbols: true }, llms: 'reference' },
};
