import { renderToStaticMarkup } from 'react-dom/server';
import { LicenseForm } from '../../templates/pages/LicenseForm.tsx';
import { htmlToMarkdown } from '../markdown-twins/html-to-markdown.ts';
import { customPageSource, customPageTwin } from './guide-source.ts';
import type { PageKindDefinition } from './kind.ts';
import { twinOfHtml } from './twin-parts.ts';
import { guidePolicy } from './kind.ts';

/** The licence request page: a custom page's Markdown with the request form under it. */
export const licenseFormKind: PageKindDefinition<'license-form'> = {
  kind: 'license-form',
  body: (page) => page.body.html + renderToStaticMarkup(<LicenseForm action={page.body.action} confirmed={page.body.confirmed} />),
  twinReads: customPageSource,
  // The form says where requests go and what they need: the twin says it too.
  twin: (page, context) => {
    const guide = customPageTwin(page, context);
    if (guide === undefined) return twinOfHtml(page, context);
    const form = renderToStaticMarkup(<LicenseForm action={page.body.action} confirmed={page.body.confirmed} />);
    return `${guide.trimEnd()}\n\n${htmlToMarkdown(form, context.siteUrl, page.route)}\n`;
  },
  shownAs: 'custom',
  policy: guidePolicy,
};
