import { renderToStaticMarkup } from 'react-dom/server';
import { CategoryList } from '../../templates/pages/CategoryList.tsx';
import type { PageKindDefinition } from './kind.ts';
import { twinOfParts, twinUrlOf } from './twin-parts.ts';
import { guidePolicy } from './kind.ts';

/** A generated index: the pages of a sidebar category (or the docs areas), with their descriptions. */
export const categoryKind: PageKindDefinition<'category'> = {
  kind: 'category',
  body: (page) => renderToStaticMarkup(<CategoryList description={page.description} entries={page.body.entries} />),
  twin: (page, context) =>
    twinOfParts(page, context.siteUrl, [page.body.entries.map((entry) => `- [${entry.title}](${twinUrlOf(entry.href, context)})${entry.badge ? ` \`${entry.badge}\`` : ''}${entry.description ? `: ${entry.description}` : ''}`).join('\n')]),
  shownAs: 'category',
  policy: { ...guidePolicy, search: { listsPages: true } },
};
