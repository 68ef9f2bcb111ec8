import type { OperationView, OverviewView } from './shared/api-model.ts';
import type { ChangelogView } from './shared/changelog-view.ts';
import type { PackageChangelogModel } from './shared/changelog-view.ts';
import type { PackagePageModel } from './shared/package-reference.ts';
import type { ApiSchemaModel, ApiTagModel, CategoryEntry } from './shared/page-models.ts';
import type { AreaId, Breadcrumb, NavLink, TocEntry } from './shared/types.ts';

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

/**
 * The kinds of page, the one discriminator: `src/kinds/` says what each kind's HTML, twin and
 * policy are. The shell and search see a coarser kind (`PageDataKind`, its `shownAs`).
 */
export type PageKind =
  | 'doc'
  | 'custom'
  | 'license-form'
  | 'category'
  | 'doc-tag'
  | 'home'
  | 'not-found'
  | 'api-operation'
  | 'api-overview'
  | 'api-schema'
  | 'api-tag'
  | 'package'
  | 'changelog';

/** Each kind with the model its outputs are made from. */
export type PageModel =
  /**
   * Markdown rendered to article HTML as soon as it is parsed: syntax trees are large, strings
   * small. `docCards`: the cards its `<DocCardList />` shows, once the sidebars are known (site/doc-card-lists.ts).
   */
  | { kind: 'doc'; body: { html: string; docCards?: CategoryEntry[] } }
  | { kind: 'custom'; body: { html: string; docCards?: CategoryEntry[] } }
  /** The licence request page: its Markdown, and the form under it. */
  | { kind: 'license-form'; body: { html: string; action: string; confirmed: boolean } }
  | { kind: 'category'; body: { entries: CategoryEntry[] } }
  /** A docs folder's tag pages (Docusaurus's): its tags with their counts, or the docs carrying one tag. */
  | { kind: 'doc-tag'; body: { entries: CategoryEntry[] } }
  | { kind: 'home'; body: Record<string, never> }
  | { kind: 'not-found'; body: Record<string, never> }
  /**
   * API pages: the view their kind draws and writes the twin from. An operation also says where
   * it is in its description (its JSON pointer, file and line), for what is found about its page.
   */
  | { kind: 'api-operation'; body: { view: OperationView; at: OperationLocation } }
  | { kind: 'api-overview'; body: { view: OverviewView } }
  /** A schema's page and a group of operations: the props their templates draw. */
  | { kind: 'api-schema'; body: ApiSchemaModel }
  | { kind: 'api-tag'; body: ApiTagModel }
  /** An npm package's reference page: the declarations it shows, with what the build knows of them. */
  | { kind: 'package'; body: PackagePageModel }
  /** A generated changelog: an npm package's view under its version line, or an OpenAPI description's view; the kind draws both. */
  | { kind: 'changelog'; body: PackageChangelogModel | { view: ChangelogView } };

/** Where an operation is in its OpenAPI description: its JSON pointer, and the file and line it is at. */
export interface OperationLocation {
  pointer: string;
  file: string;
  line?: number;
}

/** A page of one kind. */
export type PageOf<K extends PageKind> = Page & { kind: K };

/** Everything the build knows about one page; sources produce it, the site and render stages complete it. */
export type Page = PageFields & PageModel;

export interface PageFields {
  route: string;
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
   * entry per pair of versions compared). An entry without `updated` takes the page's date; one
   * without `html` is the section at `anchor`, drawn by the page's kind (`feedEntryOf`).
   */
  feed?: { title: string; entries: { anchor?: string; title: string; updated?: string; html?: string }[] };
  /** The Markdown twin's body, for pages a generator renders from its own model (API pages). */
  twin?: string;
  breadcrumbs?: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
}

/** A generated section (an API, a package reference) placed in a docs folder's sidebar. */
export interface SidebarExtension {
  /** The folder under content/docs it stands for, e.g. "vpaas/api" (it need not exist on disk). */
  folder: string;
  label: string;
  position?: number;
  /** A category page for the section (`/docs/category/{slug}`). */
  index?: { slug: string; title?: string; description?: string };
  /** The page the category itself links to (instead of a generated index). */
  href?: string;
  items: { label: string; href: string; badge?: string }[];
  /** Shown in messages. */
  source: string;
}
