import type { CategoryEntry } from '../templates/pages/CategoryList.tsx';
import type { OperationView, OverviewView } from '../templates/reference/api-model.ts';
import type { AreaId, Breadcrumb, NavLink, PageKind, TocEntry } from './shared/types.ts';

/** An internal link of a page's own content, with where it was written, for the link check. */
export interface CollectedLink {
  href: string;
  line?: number;
  column?: number;
  /** Where in the source the link is, when a line cannot say it (a JSON pointer into an OpenAPI spec). */
  where?: string;
  /** How to fix the link if it is broken, beyond the closest match. */
  hint?: string;
  /** The href as the writer wrote it, when the build rewrote it (a relative route link). */
  written?: string;
}

export type PageBody =
  /** Markdown rendered to article HTML as soon as it is parsed: syntax trees are large, strings small. */
  | { type: 'article'; html: string }
  | { type: 'category'; entries: CategoryEntry[] }
  | { type: 'home' }
  | { type: 'not-found' }
  | { type: 'license-form'; html: string; action: string; confirmed: boolean }
  /** API pages: the markup the generator rendered with its templates, and the view it rendered (the twin's source). */
  | { type: 'api-operation'; html: string; view: OperationView }
  | { type: 'api-overview'; html: string; view?: OverviewView }
  /** npm reference pages, rendered with their templates. */
  | { type: 'reference'; html: string };

/** Everything the build knows about one page; sources produce it, the site and render stages complete it. */
export interface Page {
  route: string;
  kind: PageKind;
  title: string;
  sidebarLabel?: string;
  description?: string;
  keywords?: string[];
  area?: AreaId;
  /** The key of the declared sidebar shown on the page when it is not its area's own (sidebars.ts). */
  sidebar?: string;
  toc: TocEntry[];
  hideTableOfContents?: boolean;
  /** false leaves the page out of the search index. */
  search?: boolean;
  /** The page lists other pages (an API tag's operations): search ranks it below them, as it does category pages. */
  listsPages?: boolean;
  body: PageBody;
  /** Where the page comes from, for error messages; `routeAt`: where its front matter's `slug` is written. */
  source: { file: string; line?: number; routeAt?: { line: number; column: number } };
  /** Internal links in the page's own content, with positions. */
  links: CollectedLink[];
  /**
   * Dates the source's front matter gives (ISO times): `date`, when the page's subject happened
   * (a release), and Docusaurus's `last_update`. They outrank git (see addPageHistory).
   */
  declaredDates?: { date?: string; lastUpdate?: { date?: string; author?: string } };
  /** The page's "Last updated": its front matter's, else the last commit that changed its source. */
  lastUpdated?: string;
  /** Who made that update, when the front matter says (`last_update.author`). */
  lastUpdatedBy?: string;
  /** Where writers edit the page's source (the area's `editUrl` plus its file). */
  editUrl?: string;
  /** Files published beside the page, by URL (an API overview's downloadable description). */
  downloads?: { url: string; contents: string }[];
  /**
   * A feed of the page's own sections, written at `<route>/atom.xml` (a generated changelog: one
   * entry per pair of versions compared). An entry without `updated` takes the page's date.
   */
  feed?: { title: string; entries: { anchor?: string; title: string; updated?: string; html: string }[] };
  /** The Markdown twin's body, for pages a generator renders from its own model (API pages). */
  twin?: string;
  breadcrumbs?: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
}
