import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** The licence request page: a custom page's Markdown with the request form under it. */
export const licenseFormKind: PageKindDefinition<'license-form'> = {
  kind: 'license-form',
  shownAs: 'custom',
  policy: guidePolicy,
};
