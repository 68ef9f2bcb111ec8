import fs from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import { mcpOperationsUrl, mcpSymbolsUrl, operationEntries, type SymbolEntry } from '../markdown-twins/mcp-data.ts';
import type { Page } from '../page.ts';
import type { ClientBundle } from '../render/bundle.ts';
import type { AreaSidebar } from '../render/pages.tsx';
import { contentSecurityPolicy, headersFile } from '../render/security-headers.ts';
import { buildAtomFeed, type collectFeeds } from '../site/atom-feed.ts';
import { type Redirect, redirectRules, redirectScript, redirectScriptUrl, redirectStub } from '../site/redirects.ts';
import { hostRuleFiles } from '../site/markdown-negotiation-rules.ts';
import { htmlFileOf } from '../site/routes.ts';
import { buildRobots, buildRouteManifest, buildSitemap, routeManifestFile } from '../site/sitemap.ts';

/**
 * A file of the site besides its pages: written into the output, and a target links may point
 * at (`url`, which for a redirect stub or a sidebar is its route, not its file).
 */
export type SiteFile = { file: string; url: string } & ({ contents: string | Uint8Array } | { copyOf: string });

export interface SiteFileInputs {
  root: string;
  config: PortalConfig;
  /** content/static and the files in it that are published (content/static-files.ts). */
  staticDir: string;
  staticFiles: string[];
  pages: Page[];
  bundle: ClientBundle;
  headScript: string;
  sidebars: Iterable<AreaSidebar>;
  /** Images and other files the pages published: public URL -> source file. */
  assets: Iterable<[string, string]>;
  redirects: Redirect[];
  feeds: ReturnType<typeof collectFeeds>;
  /** llms.txt and friends: written from the pages' twins. */
  llms: { file: string; contents: string }[];
  /** Every npm export with its signature and route (the reference phase's), for lookup_symbol. */
  symbolEntries: SymbolEntry[];
}

/**
 * Every file the site has besides its pages, their twins, the search index and the social cards,
 * declared once: the build writes exactly these and the link check accepts exactly these.
 */
export function siteFiles({ root, config, staticDir, staticFiles, pages, bundle, headScript, sidebars, assets, redirects, feeds, llms, symbolEntries }: SiteFileInputs): SiteFile[] {
  const at = (file: string, contents: string | Uint8Array): SiteFile => ({ file, url: `/${file}`, contents });
  return [
    ...[...bundle.files].map(([url, contents]) => at(url.slice(1), contents)),
    ...[...assets].map(([url, source]) => ({ file: url.slice(1), url, copyOf: source })),
    ...staticFiles.map((file) => ({ file, url: `/${file}`, copyOf: path.join(staticDir, file) })),
    ...[...sidebars].map((sidebar) => ({ file: sidebar.url.slice(1), url: sidebar.url, contents: sidebar.html })),
    ...redirects.map((redirect) => ({ file: htmlFileOf(redirect.from), url: redirect.from, contents: redirectStub(redirect, config.url) })),
    at(redirectScriptUrl.slice(1), redirectScript),
    at('_redirects', redirectRules(redirects)),
    at('_headers', headersFile(contentSecurityPolicy(headScript, config.licenseRequest.action, config.media))),
    at(routeManifestFile, JSON.stringify(buildRouteManifest(pages), null, 1)),
    at('sitemap.xml', buildSitemap(pages, config.url)),
    ...feeds.map((feed) => at(feed.spec.path.slice(1), buildAtomFeed(feed.spec, feed.pages, config.url, (page) => fileTime(path.join(root, page.source.file))))),
    at('robots.txt', buildRobots(config.url)),
    ...llms.map((file) => at(file.file, file.contents)),
    // What the MCP tools lookup_symbol and get_operation read, on this machine or over HTTPS.
    at(mcpSymbolsUrl.slice(1), JSON.stringify(symbolEntries)),
    at(mcpOperationsUrl.slice(1), JSON.stringify(operationEntries(pages, config.url))),
    // An API's description, published beside its overview for download.
    ...pages.flatMap((page) => page.downloads ?? []).map((download) => at(download.url.slice(1), download.contents)),
    // Rules that make hosts answer `Accept: text/markdown` with a page's twin, as `portal serve` does.
    ...hostRuleFiles().map((file) => at(file.file, file.contents)),
  ];
}

/** A file's modification time, for a feed entry not committed yet (Atom requires a date). */
function fileTime(file: string): string {
  return new Date(Math.floor(fs.statSync(file).mtimeMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
