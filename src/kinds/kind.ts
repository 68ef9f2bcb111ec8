import type { HomeArea } from '../shared/page-models.ts';
import type { GuideLinkResolvers } from '../markdown-twins/guide.ts';
import type { PageKind, PageOf } from '../page.ts';
import type { ClientSiteData, PageDataKind } from '../shared/types.ts';

/** What a kind's HTML body is drawn with besides its page. */
export interface BodyContext {
  site: ClientSiteData;
  siteUrl: string;
  /** The areas the home and 404 pages point to. */
  home: HomeArea[];
}

/** What the site does with a kind of page besides drawing it: one answer per output, per kind. */
export interface KindPolicy {
  /**
   * Whether search indexes it (a page's own `search: false` still opts it out), and how it ranks:
   * `listsPages`, below the pages it lists; `symbols`, a reference page whose keywords are member
   * names (kept whole, weighted like body text) and whose body weighs below its name;
   * `ignoresSamples`, its request samples are not indexed.
   */
  search: false | { listsPages?: boolean; symbols?: boolean; ignoresSamples?: boolean };
  /** Listed in sitemap.xml. */
  sitemap: boolean;
  /** Its social card: none, or one titled with the page's title or with the site's tagline. */
  socialCard: false | 'title' | 'tagline';
  /**
   * Where llms.txt lists its twin: with the area's guides, its API operations, or in the npm
   * reference (a package's own llms.txt, under the shortest such route); false: in no llms file.
   */
  llms: false | 'guide' | 'operation' | 'reference';
  /** Asks search engines not to index it. */
  noindex: boolean;
  /** A docs folder's Atom feed (portal.config.ts `feeds`) lists it. */
  feed: boolean;
  /** Its "Edit this page" link leads to its source (the area's `editUrl`). */
  editable: boolean;
  /** Its Open Graph type. */
  openGraphType: 'website' | 'article';
}

/** What a kind's Markdown twin is made with besides its page. */
export interface TwinContext extends GuideLinkResolvers {
  root: string;
  /** The areas shown on the home page. */
  home: HomeArea[];
}

/** One kind of page: its HTML body from its model, how the shell and search see it, and its policy. */
export interface PageKindDefinition<K extends PageKind = PageKind> {
  kind: K;
  /** The page's article markup (the shell draws the rest). */
  body(page: PageOf<K>, context: BodyContext): string;
  /** The page's Markdown twin, from the same model. */
  twin(page: PageOf<K>, context: TwinContext): string;
  /** What the twin reads besides the page (a file's fingerprint), for the build cache's key; none when it reads nothing. */
  twinReads?(page: PageOf<K>, context: TwinContext): string;
  /** The markup of one section of the page (at its anchor) for the page's own feed, when its model holds the sections. */
  feedEntry?(page: PageOf<K>, anchor: string | undefined): string;
  /** The kind the page data and the search index name (the shell lays pages out by it). */
  shownAs: PageDataKind;
  policy: KindPolicy;
}

/** The body of a kind whose source renders its markup already. */
export const bodyHtml = (page: { body: { html: string } }): string => page.body.html;

/** The policy of a page of the docs: found, listed, carded, indexed. */
export const guidePolicy: KindPolicy = { search: {}, sitemap: true, socialCard: 'title', llms: 'guide', noindex: false, feed: false, editable: false, openGraphType: 'article' };
