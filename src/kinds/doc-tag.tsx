import { cardListBody, cardListTwin } from './category.tsx';
import type { PageKindDefinition } from './kind.ts';
import { guidePolicy } from './kind.ts';

/**
 * A docs folder's tag pages, as Docusaurus builds them: every tag with its count, or the docs
 * carrying one tag, drawn as a category's cards. They only point to docs, whose tags are search
 * keywords already: out of search, llms.txt and social cards; in the sitemap, as in Docusaurus.
 */
export const docTagKind: PageKindDefinition<'doc-tag'> = {
  kind: 'doc-tag',
  body: cardListBody,
  twin: cardListTwin,
  shownAs: 'category',
  policy: { ...guidePolicy, search: false, llms: false, socialCard: false },
};
