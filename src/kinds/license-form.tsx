import { renderToStaticMarkup } from 'react-dom/server';
import { LicenseForm } from '../../templates/pages/LicenseForm.tsx';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/** The licence request page: a custom page's Markdown with the request form under it. */
export const licenseFormKind: PageKindDefinition<'license-form'> = {
  kind: 'license-form',
  body: (page) => page.body.html + renderToStaticMarkup(<LicenseForm action={page.body.action} confirmed={page.body.confirmed} />),
  shownAs: 'custom',
  policy: guidePolicy,
};
