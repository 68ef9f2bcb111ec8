import fs from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import { staticFolder } from '../content/static-files.ts';
import type { Problem } from '../errors.ts';
import { twinFilesOf } from '../markdown-twins/absolute-links.ts';
import { mcpOperationsUrl, mcpSymbolsUrl, operationEntries, operationPages, type SymbolEntry } from '../markdown-twins/mcp-data.ts';
import type { BuildCache } from './build-cache.ts';
import { pageModelKey } from './page-job.ts';
import type { Page } from '../page.ts';
import { portalVersion } from '../portal-version.ts';
import { mcpPackageManifestUrl, mcpPackageUrl } from '../shared/mcp-install.ts';
import { type McpPackage, netlifyMcpFunctionFile } from './mcp-package.ts';
import type { ClientBundle } from '../render/bundle.ts';
import type { AreaSidebar } from '../render/pages.tsx';
import { contentSecurityPolicy, headersFile } from '../render/security-headers.ts';
import { buildAtomFeed, type collectFeeds } from '../site/atom-feed.ts';
import { type Redirect, redirectRules, redirectScript, redirectScriptUrl, redirectStub } from '../site/redirects.ts';
import { hostRuleFiles } from '../site/markdown-negotiation-rules.ts';
import { dataFileOf, htmlFileOf } from '../site/routes.ts';
import { routeManifestFile } from '../site/route-manifest-file.ts';
import { buildRobots, buildRouteManifest, buildSitemap } from '../site/sitemap.ts';

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
  /** The MCP client package the site ships, and its manifest (mcp-package.ts). */
  mcpPackage: McpPackage;
  /** Where files made from many pages are kept between builds (absent: made every time). */
  cache?: Pick<BuildCache, 'derivedText'>;
}

/** Files written at the same paths whatever the content: no page's route and no static file may take one. */
const fixedFiles = { redirects: '_redirects', headers: '_headers', sitemap: 'sitemap.xml', robots: 'robots.txt' } as const;

/** Folders the build fills after the link check, so their files are in no list: none may be taken. */
const generatedFolders: { folder: string; holds: string }[] = [{ folder: 'pagefind', holds: 'the search index' }];

/**
 * The site's files whose paths do not hang on the pages (the home page, 404, host files, llms.txt,
 * MCP data, host rules): known before any page renders, so a route can be checked against them.
 */
function fixedSiteFiles(): string[] {
  return [
    htmlFileOf('/'),
    htmlFileOf('/404'),
    ...Object.values(fixedFiles),
    routeManifestFile,
    redirectScriptUrl.slice(1),
    'llms.txt',
    'llms-full.txt',
    mcpSymbolsUrl.slice(1),
    mcpOperationsUrl.slice(1),
    mcpPackageUrl(portalVersion()).slice(1),
    mcpPackageManifestUrl.slice(1),
    netlifyMcpFunctionFile,
    ...hostRuleFiles().map((file) => file.file),
  ];
}

/** The folders above a file: "a/b/c.txt" -> ["a", "a/b"]. */
const foldersOf = (file: string) => file.split('/').slice(1).map((_, index, parts) => file.split('/').slice(0, index + 1).join('/'));

/**
 * The generated file a page's route would write over or into (its HTML is `<route>/index.html`,
 * so "/_headers" needs a folder where `_headers` is written, and "/index.html" one where the
 * home page is), or undefined. The route is taken as given by the page's slug.
 */
export function routeTakesGeneratedFile(route: string): string | undefined {
  // The home page and the 404 page are the generated index.html and 404.html.
  if (route === '/' || route === '/404') return undefined;
  const own = route.replace(/^\//, '');
  const written = [htmlFileOf(route), ...twinFilesOf(route), dataFileOf(route)];
  const fixed = new Set(fixedSiteFiles());
  for (const file of written) {
    const taken = [file, ...foldersOf(file)].find((part) => fixed.has(part));
    if (taken) return taken;
  }
  const folder = generatedFolders.find(({ folder }) => own === folder || own.startsWith(`${folder}/`));
  return folder && `${folder.folder}/ (${folder.holds})`;
}

/**
 * Each static file that would replace a generated file (or a page's), stand where one needs a
 * folder, or write into a folder the build fills: a located error naming both, instead of one of
 * them silently winning.
 */
export function staticFileClashes(files: SiteFile[], staticFiles: string[], pages: Iterable<Page>): Problem[] {
  const statics = new Set(staticFiles);
  const generated = new Set(files.map((file) => file.file).filter((file) => !statics.has(file)));
  for (const page of pages) for (const file of [htmlFileOf(page.route), ...twinFilesOf(page.route), dataFileOf(page.route)]) generated.add(file);
  for (const file of fixedSiteFiles()) generated.add(file);
  const generatedFoldersOf = new Set([...generated].flatMap(foldersOf));
  // A generated file written twice (a static file beside it) is listed twice in `files`.
  const counts = new Map<string, number>();
  for (const file of files) counts.set(file.file, (counts.get(file.file) ?? 0) + 1);
  const problems: Problem[] = [];
  for (const file of staticFiles) {
    const where = path.join(staticFolder, file);
    const replaced = (counts.get(file) ?? 0) > 1 || generated.has(file) ? file : foldersOf(file).find((folder) => generated.has(folder));
    const reserved = generatedFolders.find(({ folder }) => file.startsWith(`${folder}/`));
    const message = replaced !== undefined
      ? `this static file would ${replaced === file ? 'replace' : 'need a folder where portal writes'} the generated file "${replaced}"`
      : reserved
        ? `this static file is in ${reserved.folder}/, the folder of ${reserved.holds}, which the build writes`
        : generatedFoldersOf.has(file)
          ? `this static file stands where portal writes the folder "${file}/" (${[...generated].find((other) => other.startsWith(`${file}/`))} is generated)`
          : undefined;
    if (message) problems.push({ severity: 'error', file: where, message, hint: 'Rename or move the static file: the site makes this path itself.' });
  }
  return problems;
}

/**
 * Every file the site has besides its pages, their twins, the search index and the social cards,
 * declared once: the build writes exactly these and the link check accepts exactly these.
 */
export function siteFiles({ root, config, staticDir, staticFiles, pages, bundle, headScript, sidebars, assets, redirects, feeds, llms, symbolEntries, mcpPackage, cache }: SiteFileInputs): SiteFile[] {
  const at = (file: string, contents: string | Uint8Array): SiteFile => ({ file, url: `/${file}`, contents });
  return [
    ...[...bundle.files].map(([url, contents]) => at(url.slice(1), contents)),
    ...[...assets].map(([url, source]) => ({ file: url.slice(1), url, copyOf: source })),
    ...staticFiles.map((file) => ({ file, url: `/${file}`, copyOf: path.join(staticDir, file) })),
    ...[...sidebars].map((sidebar) => ({ file: sidebar.url.slice(1), url: sidebar.url, contents: sidebar.html })),
    ...redirects.map((redirect) => ({ file: htmlFileOf(redirect.from), url: redirect.from, contents: redirectStub(redirect, config.url) })),
    at(redirectScriptUrl.slice(1), redirectScript),
    at(fixedFiles.redirects, redirectRules(redirects)),
    at(fixedFiles.headers, headersFile(contentSecurityPolicy(headScript, config.licenseRequest.action, config.media))),
    at(routeManifestFile, JSON.stringify(buildRouteManifest(pages), null, 1)),
    at(fixedFiles.sitemap, buildSitemap(pages, config.url)),
    ...feeds.map((feed) => at(feed.spec.path.slice(1), buildAtomFeed(feed.spec, feed.pages, config.url, (page) => fileTime(path.join(root, page.source.file))))),
    at(fixedFiles.robots, buildRobots(config.url)),
    ...llms.map((file) => at(file.file, file.contents)),
    // What the MCP tools lookup_symbol and get_operation read, on this machine or over HTTPS.
    at(mcpSymbolsUrl.slice(1), JSON.stringify(symbolEntries)),
    at(mcpOperationsUrl.slice(1), operationsFile(pages, config.url, cache)),
    // The MCP client itself, so `npx -y <site>/mcp/portal-mcp-<version>.tgz` needs no registry.
    at(mcpPackage.url.slice(1), mcpPackage.tarball),
    at(mcpPackage.manifestUrl.slice(1), mcpPackage.manifest),
    at(mcpPackage.hostFunction.file, mcpPackage.hostFunction.contents),
    // An API's description, published beside its overview for download.
    ...pages.flatMap((page) => page.downloads ?? []).map((download) => at(download.url.slice(1), download.contents)),
    // Rules that make hosts answer `Accept: text/markdown` with a page's twin, as `portal serve` does.
    ...hostRuleFiles().map((file) => at(file.file, file.contents)),
  ];
}

/**
 * mcp/operations.json, made again only when an operation page or the site's URL changed: each
 * description is converted to Markdown, seconds on a large API. The key is the pages the entries
 * are read from (`operationPages`), whole (`pageModelKey`).
 */
export function operationsFile(pages: Page[], siteUrl: string, cache?: Pick<BuildCache, 'derivedText'>): string {
  const make = () => JSON.stringify(operationEntries(pages, siteUrl));
  return cache ? cache.derivedText('mcp operations', [siteUrl, ...operationPages(pages).map(pageModelKey)], make) : make();
}

/** A file's modification time, for a feed entry not committed yet (Atom requires a date). */
function fileTime(file: string): string {
  return new Date(Math.floor(fs.statSync(file).mtimeMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
