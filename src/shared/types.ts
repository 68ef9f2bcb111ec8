// The shapes that build time (src/) and browser time (src/client/) both see.
// Nothing here may import from either side.

/** How the shell lays a page out and search labels it: the build's own kinds (src/page.ts PageKind) each show as one. */
export type PageDataKind =
  | 'doc'
  | 'category'
  | 'api-operation'
  | 'api-overview'
  | 'reference'
  | 'home'
  | 'custom'
  | 'not-found';

/** A documentation area's key in portal.config.ts `areas` ("infinity", "vpaas"…). */
export type AreaId = string;

export interface TocEntry {
  depth: number;
  id: string;
  text: string;
}

export interface NavLink {
  route: string;
  title: string;
}

export interface Breadcrumb {
  label: string;
  route?: string;
}

/** A sidebar entry, as the templates draw it. */
export type SidebarItem =
  | { type: 'link'; label: string; href: string; badge?: string }
  | { type: 'category'; label: string; href?: string; items: SidebarItem[] };

/** What the client needs to show one page: embedded at first load, fetched on navigation. */
export interface PageData {
  route: string;
  kind: PageDataKind;
  title: string;
  /** The full document title, `Page title | Site title`. */
  documentTitle: string;
  description?: string;
  area?: AreaId;
  /** The article's server-rendered HTML. Left out of the embedded copy (the DOM already has it). */
  html?: string;
  toc: TocEntry[];
  breadcrumbs: Breadcrumb[];
  previous?: NavLink;
  next?: NavLink;
  /** The hashed URL of the area's sidebar HTML, so pages in one area share it. */
  sidebar?: string;
  canonical: string;
  /** ISO time of the page's last update (page foot "Last updated"). */
  lastUpdated?: string;
  /** Who made it, when the page's front matter says. */
  lastUpdatedBy?: string;
  /** "Edit this page" target. */
  editUrl?: string;
}

export interface RouteManifestEntry {
  route: string;
  kind: PageDataKind;
  title: string;
  area?: AreaId;
}

/** A navbar entry with its target resolved at build time. */
export type NavbarItemView =
  /** `followsArea`: a version item, which opens the main doc of the area being read (`href` elsewhere). */
  | { kind: 'link'; label: string; href: string; position: 'left' | 'right'; className?: string; external: boolean; followsArea?: boolean }
  | { kind: 'dropdown'; label: string; position: 'left' | 'right'; items: { label: string; href: string; external: boolean; followsArea?: boolean }[] }
  | { kind: 'html'; html: string; position: 'left' | 'right' }
  | { kind: 'search'; position: 'left' | 'right' };

export interface FooterView {
  style: 'light' | 'dark';
  columns: { title?: string; items: { label: string; href: string; external: boolean }[] }[];
  logo?: { src: string; srcDark?: string; alt: string; href?: string; width?: number; height?: number };
  copyright: string;
}

/** The part of the configuration the shell needs, the same on the server and in the browser. */
export interface ClientSiteData {
  title: string;
  tagline: string;
  logo: { src: string; srcDark?: string; alt: string };
  navbar: NavbarItemView[];
  footer: FooterView;
  baseUrl: string;
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  hideOnScroll: boolean;
  breakpoint: number;
  progressBarDelay: number;
  loaderDelay: number;
  baseUrlIssueBanner: boolean;
  /** Local-storage key for each area's preferred docs version. */
  areas: { id: AreaId; label: string; routeBasePath: string; /** The area's main doc. */ mainRoute: string }[];
}
