import type { PageKindDefinition } from './kind.ts';
import { bodyHtml, guidePolicy } from './kind.ts';

/** A page of content/docs: Markdown, in an area's sidebar, in its docs folder's feed. */
export const docKind: PageKindDefinition<'doc'> = {
  kind: 'doc',
  body: bodyHtml,
  shownAs: 'doc',
  policy: { ...guidePolicy, feed: true, editable: true },
};
