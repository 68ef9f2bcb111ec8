import type { ClientSiteData, PageData } from '../src/shared/types.ts';
import { AnnouncementBar } from './shell/AnnouncementBar.tsx';
import { Breadcrumbs } from './shell/Breadcrumbs.tsx';
import { ErrorBoundary } from './shell/ErrorBoundary.tsx';
import { Footer } from './shell/Footer.tsx';
import { MobileSidebar } from './shell/MobileSidebar.tsx';
import { Navbar } from './shell/Navbar.tsx';
import { PageActions } from './shell/PageActions.tsx';
import { PageMeta } from './shell/PageMeta.tsx';
import { Pagination } from './shell/Pagination.tsx';
import { markCurrentInSidebar } from './shell/sidebar-current.ts';
import type { ShellState } from './shell/state.ts';
import { Toc, TocDisclosure } from './shell/Toc.tsx';

export interface LayoutProps {
  site: ClientSiteData;
  page: PageData;
  /** The article markup (server-rendered; on the client read from the DOM or the page data). */
  html: string;
  /** The area's sidebar markup, when the page belongs to an area. */
  sidebarHtml?: string;
  shell: ShellState;
  /** Re-renders after a crash (the client reloads the page data first). */
  onRetry?: () => void;
  /** Changes whenever the client shows a freshly loaded page, resetting the crash boundary. */
  revision?: number;
}

/** The shell of every page: skip link, announcement, navbar, main (with crash fallback), footer. */
export function Layout({ site, page, html, sidebarHtml, shell, onRetry, revision = 0 }: LayoutProps) {
  const sidebar = sidebarHtml ? markCurrentInSidebar(sidebarHtml, page.route) : undefined;
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {site.announcementBar && !shell.announcementDismissed && (
        <AnnouncementBar bar={site.announcementBar} onClose={shell.dismissAnnouncement} />
      )}
      <Navbar site={site} route={page.route} shell={shell} />
      <MobileSidebar site={site} route={page.route} shell={shell} sidebarHtml={sidebar} />
      <div className="progress-bar" aria-hidden="true" />
      <main id="main-content" tabIndex={-1} className={sidebar ? 'main-docs' : 'main-plain'}>
        <ErrorBoundary key={`${page.route}#${revision}`} onRetry={onRetry} where={page.route}>
          {sidebar ? <DocLayout page={page} html={html} sidebarHtml={sidebar} /> : page.kind === 'custom' ? <CustomPage page={page} html={html} /> : <div className="page-plain" id="portal-article" dangerouslySetInnerHTML={{ __html: html }} />}
        </ErrorBoundary>
      </main>
      <Footer footer={site.footer} />
      <div id="route-announcer" className="visually-hidden" aria-live="assertive" aria-atomic="true" />
    </>
  );
}

function DocLayout({ page, html, sidebarHtml }: { page: PageData; html: string; sidebarHtml: string }) {
  return (
    // An operation page takes the side column for its samples: "On this page" folds under the title.
    <div className={page.kind === 'api-operation' ? 'doc-layout doc-layout-panes' : 'doc-layout'}>
      {/* Plain wrappers: the navs inside are the landmarks (two unnamed asides would be ambiguous). */}
      <div className="doc-sidebar">
        <nav className="sidebar-nav" aria-label="Docs sidebar" dangerouslySetInnerHTML={{ __html: sidebarHtml }} />
      </div>
      <div className="doc-main">
        <Breadcrumbs items={page.breadcrumbs} />
        <article className="doc-article">
          <PageHeader page={page} />
          {/* Keyed by route: a new page starts with its disclosure closed. */}
          <TocDisclosure key={page.route} entries={page.toc} />
          <div className="markdown" id="portal-article" dangerouslySetInnerHTML={{ __html: html }} />
          <PageMeta editUrl={page.editUrl} lastUpdated={page.lastUpdated} lastUpdatedBy={page.lastUpdatedBy} />
        </article>
        <Pagination previous={page.previous} next={page.next} />
      </div>
      <div className="doc-toc">{page.toc.length > 0 && <Toc entries={page.toc} />}</div>
    </div>
  );
}

/** A top-level Markdown page (community, licence request): its title is the page's h1. */
function CustomPage({ page, html }: { page: PageData; html: string }) {
  return (
    <div className="page-plain">
      <PageHeader page={page} />
      <div id="portal-article" dangerouslySetInnerHTML={{ __html: html }} />
      <PageMeta editUrl={page.editUrl} lastUpdated={page.lastUpdated} lastUpdatedBy={page.lastUpdatedBy} />
    </div>
  );
}

/** The page's title with its controls beside it (below it on a phone). */
function PageHeader({ page }: { page: PageData }) {
  return (
    <div className="doc-header">
      <h1 className="doc-title">{page.title}</h1>
      <PageActions />
    </div>
  );
}
