import { renderToStaticMarkup } from 'react-dom/server';
import { LicenseForm } from '../../templates/pages/LicenseForm.tsx';
import { licenseFormTwin } from '../markdown-twins/license-form-twin.ts';
import { markdownOf } from '../markdown-twins/mdast-nodes.ts';
import { customPageSource, customPageTwin } from './guide-source.ts';
import type { PageKindDefinition } from './kind.ts';
import { twinOfHtml } from './twin-parts.ts';
import { guidePolicy } from './kind.ts';

/** The licence request page: a custom page's Markdown with the request form under it. */
export const licenseFormKind: PageKindDefinition<'license-form'> = {
  kind: 'license-form',
  body: (page) => page.body.html + renderToStaticMarkup(<LicenseForm action={page.body.action} confirmed={page.body.confirmed} />),
  twinReads: customPageSource,
  // The form says where requests go and what they need: the twin says it too, from the same fields.
  twin: (page, context) => {
    const form = markdownOf(licenseFormTwin(page.body.action, page.body.confirmed));
    const guide = customPageTwin(page, context) ?? twinOfHtml(page, context);
    return `${guide.trimEnd()}\n\n${form}\n`;
  },
  shownAs: 'custom',
  policy: guidePolicy,
};
