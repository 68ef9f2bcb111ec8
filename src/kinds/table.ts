import type { Page, PageKind } from '../page.ts';
import { apiOperationKind } from './api-operation.tsx';
import { apiOverviewKind } from './api-overview.tsx';
import { apiSchemaKind } from './api-schema.tsx';
import { apiTagKind } from './api-tag.tsx';
import { categoryKind } from './category.tsx';
import { changelogKind } from './changelog.tsx';
import { customKind } from './custom.ts';
import { docKind } from './doc.ts';
import { docTagKind } from './doc-tag.tsx';
import { homeKind } from './home.tsx';
import type { BodyContext, KindPolicy, PageKindDefinition, TwinContext } from './kind.ts';
import { licenseFormKind } from './license-form.tsx';
import { notFoundKind } from './not-found.tsx';
import { packageKind } from './package.tsx';

/** Every kind of page, and what it is: a kind missing here, or missing a part, does not type-check. */
export const pageKinds = {
  doc: docKind,
  custom: customKind,
  'license-form': licenseFormKind,
  category: categoryKind,
  'doc-tag': docTagKind,
  home: homeKind,
  'not-found': notFoundKind,
  'api-operation': apiOperationKind,
  'api-overview': apiOverviewKind,
  'api-schema': apiSchemaKind,
  'api-tag': apiTagKind,
  package: packageKind,
  changelog: changelogKind,
} satisfies { [K in PageKind]: PageKindDefinition<K> };

/** The definition of a page's kind. */
export function kindOf<K extends PageKind>(page: { kind: K }): PageKindDefinition<K> {
  return pageKinds[page.kind] as PageKindDefinition<K>;
}

/** A page's article markup, drawn by its kind from its model. */
export const bodyOf = (page: Page, context: BodyContext): string => (pageKinds[page.kind].body as (page: Page, context: BodyContext) => string)(page, context);

/** A page's Markdown twin, made by its kind from the same model as its HTML. */
export const twinOf = (page: Page, context: TwinContext): string => (pageKinds[page.kind].twin as (page: Page, context: TwinContext) => string)(page, context);

/** What a page's twin reads besides the page, for the build cache's key. */
export const twinReadsOf = (page: Page, context: TwinContext): string => (pageKinds[page.kind] as { twinReads?: (page: Page, context: TwinContext) => string }).twinReads?.(page, context) ?? '';

/** The markup of one of a page's feed entries (a section of its model), drawn by its kind; none when the kind draws no sections. */
export const feedEntryOf = (page: Page, anchor: string | undefined): string | undefined => (pageKinds[page.kind] as { feedEntry?: (page: Page, anchor: string | undefined) => string }).feedEntry?.(page, anchor);

/** What the site does with a page besides drawing it. */
export const policyOf = (page: Pick<Page, 'kind'>): KindPolicy => pageKinds[page.kind].policy;
