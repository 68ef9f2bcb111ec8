import type { AssetRegistry } from '../content/assets.ts';
import { type ScannedPage, scanPage } from '../links/check.ts';
import { scanTwin } from '../links/twin-links.ts';
import { twinFilesOf } from '../markdown-twins/absolute-links.ts';
import type { TwinContext } from '../kinds/kind.ts';
import type { GuideLinkResolvers } from '../markdown/doc-links.ts';
import type { HomeArea } from '../shared/page-models.ts';
import { twinOf, twinReadsOf } from '../kinds/table.ts';
import { splitTwin, type TwinPart } from '../markdown-twins/split-twin.ts';
import { type TwinDivergence, twinDivergence } from '../markdown-twins/divergence.ts';
import type { Page } from '../page.ts';
import { type RenderContext, renderPage, socialImageOf } from '../render/pages.tsx';
import type { DocumentOptions } from '../render/document.ts';
import type { SearchIndexBuilder } from '../search/build-index.ts';
import { searchDocumentOf } from '../search/index-document.ts';
import type { PageData } from '../shared/types.ts';
import { dataFileOf, htmlFileOf } from '../site/routes.ts';
import { keyOf, stableJson } from '../cache/fingerprint.ts';
import type { BuildCache, CachedRender } from './build-cache.ts';

/** What every page's outputs are made with: the same for the full build and watch mode. */
export interface PageJobContext {
  context: RenderContext;
  twinContext: TwinContext;
}

/** The twins' context: the doc renderer's resolvers, with the project root and the home page's areas (a page worker makes its own alike). */
export function twinContextOf(root: string, home: HomeArea[], twin: GuideLinkResolvers): TwinContext {
  return { root, home, ...twin };
}

/** Where a page job puts its files: a build's staging folder, or the live output in watch mode. */
export interface PageFiles {
  /** Writes one file; returns its blob hash where the output keeps one (a build's staging folder). */
  write(relativePath: string, contents: string): string | undefined;
}

/**
 * A page's Markdown twin, its link scans, and the files it published (public URL -> source file).
 * A twin over the size assistants read whole is an index twin (`markdown`) and `parts`.
 */
export interface MadeTwin {
  markdown: string;
  parts: TwinPart[];
  /** The twin's scan, then each part's. */
  scanned: ScannedPage[];
  published: [string, string][];
  /** How far the whole twin's text is from the page's article. */
  divergence: TwinDivergence;
}

/** One page's outputs, all made from the one page model: HTML, page data, link scan, and its twin. */
export interface MadePage {
  page: Page;
  html: string;
  data: PageData;
  scanned: ScannedPage;
  /** The twin, made on first call (watch mode makes it after the reload). */
  twin(): MadeTwin;
}

/** Renders a page to its HTML and data, scans its links, and makes its twin when asked. */
export function makePage(page: Page, { context, twinContext }: PageJobContext): MadePage {
  const { html, data } = renderPage(page, context);
  const scanned = scanPage({ route: page.route, html, file: page.source.file, links: page.links, sidebarShared: !!data.sidebar, area: page.area });
  let twin: MadeTwin | undefined;
  return {
    page,
    html,
    data,
    scanned,
    twin: () => (twin ??= makeTwin(page, twinContext, data.html ?? '')),
  };
}

/** The twin from the page model, with the files it published, and its links scanned like the page's. */
function makeTwin(page: Page, twinContext: TwinContext, articleHtml: string): MadeTwin {
  // Files the twin links (an SVG the page shows inline, say) are published for it: noted, so a reused twin publishes them too.
  const published: [string, string][] = [];
  const assetOf = (file: string) => {
    const url = twinContext.assetOf(file);
    if (url) published.push([url, file]);
    return url;
  };
  const whole = twinOf(page, { ...twinContext, assetOf });
  const split = splitTwin(whole, page, twinContext.siteUrl);
  const markdown = split?.index ?? whole;
  const parts = split?.parts ?? [];
  const source = { route: page.route, file: page.source.file, area: page.area, links: page.links };
  const scanned = [scanTwin(source, markdown, twinContext.siteUrl), ...parts.map((part) => scanTwin(source, part.markdown, twinContext.siteUrl, `/${part.file}`))];
  return { markdown, parts, published, scanned, divergence: twinDivergence(articleHtml, whole) };
}

/** Writes a page's HTML and data; returns their blob hashes where the output keeps them. */
export function writePage(made: MadePage, files: PageFiles): { html?: string; data?: string } {
  return writePageFiles(made.page.route, made.html, JSON.stringify(made.data), files);
}

function writePageFiles(route: string, html: string, data: string, files: PageFiles): { html?: string; data?: string } {
  return { html: files.write(htmlFileOf(route), html), data: files.write(dataFileOf(route), data) };
}

/** Writes a page's twin where readers and assistants find it: `<route>.md` and `<route>/index.md` (and a split twin's parts). */
export function writeTwin(route: string, twin: Pick<MadeTwin, 'markdown' | 'parts'>, files: PageFiles): string | undefined {
  let hash: string | undefined;
  for (const file of twinFilesOf(route)) hash = files.write(file, twin.markdown);
  for (const part of twin.parts) files.write(part.file, part.markdown);
  return hash;
}

/** The staging folder of a full build: files by blob, so a reused page is copied, not rendered. */
export interface StagedFiles extends PageFiles {
  holds(...hashes: string[]): boolean;
  writeKnown(relativePath: string, hash: string): void;
}

export interface PagePlacement extends PageJobContext {
  /** Where a twin's images are recorded as published (again, for a reused twin or one made on a worker). */
  assets: AssetRegistry;
  cache: BuildCache | undefined;
  /** What the page's outputs depend on besides the page itself (see `renderContextKey`). */
  contextKey: ((page: Page) => string) | undefined;
  output: StagedFiles;
  search: SearchIndexBuilder;
  /** Each area's name by its id: a word of its pages' search documents. */
  areaLabels: Record<string, string>;
}

/** What a full build keeps of a placed page: its link scans (page and twin) and its twin (with a split twin's parts). */
export interface PlacedPage {
  scanned: ScannedPage[];
  twin: string;
  parts: TwinPart[];
  divergence?: TwinDivergence;
}

/** What a page's outputs read besides the page and the shared contexts: named on the main thread, which holds the cards and feeds. */
export interface PageInputs {
  image: DocumentOptions['image'];
  feeds: DocumentOptions['feeds'];
}

export function pageInputsOf(page: Page, context: RenderContext): PageInputs {
  return { image: socialImageOf(page, context), feeds: context.feedsOf?.(page) };
}

/**
 * A page's outputs as the full build makes them, before anything is written or indexed: plain
 * data, so a page worker can make them (src/build/page-workers.ts).
 */
export interface MadeOutputs {
  html: string;
  /** The page data file's text. */
  data: string;
  /** Link scans: the page, then its twin's. */
  scanned: ScannedPage[];
  twin: Omit<MadeTwin, 'scanned'>;
  /** What search indexes of the page (undefined: it is not searched). */
  searchDocument?: string;
}

/** The make half of the full build's page job: pure (page in, outputs out), on the main thread or a page worker alike. */
export function makeOutputs(page: Page, job: PageJobContext, areaLabels: Record<string, string>): MadeOutputs {
  const made = makePage(page, job);
  const { scanned, ...twin } = made.twin();
  return { html: made.html, data: JSON.stringify(made.data), scanned: [made.scanned, ...scanned], twin, searchDocument: searchDocumentOf(page, made.data.html ?? '', areaLabels) };
}

/** The page's key in the build cache (undefined without one): everything its outputs are made from. */
export function pageKeyOf(page: Page, { image, feeds }: PageInputs, { twinContext, cache, contextKey }: PagePlacement): string | undefined {
  if (!cache || !contextKey) return undefined;
  // A doc's twin is in the page already; a custom page's twin is read from its file.
  const source = twinReadsOf(page, twinContext);
  return keyOf(contextKey(page), pageModelKey(page), JSON.stringify(feeds ?? []), JSON.stringify(image ?? null), source);
}

/**
 * An earlier build's outputs of the page, copied from the blob store, when the cache still holds
 * every file and the search part: the page is not rendered again. Undefined: it must be made.
 */
export function reusePage(page: Page, key: string, { assets, cache, output, search }: PagePlacement): PlacedPage | undefined {
  const cached = cache!.pages.get(key);
  const { html, data, twin } = cached?.files ?? {};
  if (!cached || !output.holds(html!, data!, twin!) || (cached.searchKey !== undefined && !search.addCached(page, cached.searchKey))) return undefined;
  output.writeKnown(htmlFileOf(page.route), html!);
  output.writeKnown(dataFileOf(page.route), data!);
  for (const file of twinFilesOf(page.route)) output.writeKnown(file, twin!);
  for (const part of cached.parts ?? []) output.write(part.file, part.markdown);
  for (const [url, file] of cached.assets) assets.record(url, file);
  return { scanned: cached.scanned, twin: cached.twin, parts: cached.parts ?? [], divergence: cached.divergence };
}

/**
 * The place half of the full build's page job, on the main thread (the staging folder, the search
 * index and the cache are its state): a made page's files, its search document, its cache entry.
 * A full build places each page in page order: `reusePage`, else `makeOutputs` (here or on a page
 * worker) and `storePage`.
 */
export function storePage(page: Page, made: MadeOutputs, key: string | undefined, { assets, cache, output, search }: PagePlacement): PlacedPage {
  const { twin, scanned } = made;
  const files = { ...writePageFiles(page.route, made.html, made.data, output), twin: writeTwin(page.route, twin, output) };
  const searchKey = search.addDocument(page, made.searchDocument);
  // A twin made on a worker published its files in that worker's registry; their URLs are named by content, the same here.
  for (const [url, file] of twin.published) assets.record(url, file);
  if (key && files.html && files.data && files.twin) cache!.pages.set(key, { files: files as CachedRender['files'], searchKey, scanned, twin: twin.markdown, parts: twin.parts, divergence: twin.divergence, assets: twin.published });
  return { scanned, twin: twin.markdown, parts: twin.parts, divergence: twin.divergence };
}

/**
 * A digest of the whole page model: what its JSON says, with its two long texts (a guide's
 * article HTML and twin Markdown, most of its bytes) hashed as they are rather than escaped into
 * the JSON first, which cost a warm build more than any other step of reusing a page. The parts
 * say exactly what the JSON of the page says: a text absent and a text present are told apart.
 */
export function pageModelKey(page: Page): string {
  const html = 'html' in page.body && typeof page.body.html === 'string' ? page.body.html : undefined;
  const rest = { ...page, twin: undefined, body: html === undefined ? page.body : { ...page.body, html: undefined } };
  const text = (value: string | undefined) => (value === undefined ? '-' : `+${value}`);
  return keyOf(JSON.stringify(rest), text(html), text(page.twin));
}

/**
 * What every page's outputs depend on besides the page itself, read from the very objects the
 * pages are rendered with (the render context and the twins' context), so an input added to
 * either cannot be left out of the key. A page shows only its own area's sidebar and its twin
 * links only its own area's symbols, so each area has its own key.
 */
export function renderContextKey(generator: string, { context, twinContext }: PageJobContext, symbolsOf: (area: string | undefined) => unknown): (page: Page) => string {
  // JSON leaves the functions out: what they answer from is data in the contexts (`resolvesFrom`),
  // and the per-page answers (card, feeds) are in the page's own key.
  const { sidebars, ...sharedContext } = context;
  const shared = keyOf(generator, stableJson(sharedContext), stableJson(twinContext));
  const byArea = new Map<string | undefined, string>([[undefined, shared]]);
  // Keyed by sidebar: an area's id, or `<area>.<sidebar id>` for another sidebar of its sidebars.js.
  for (const [key, sidebar] of sidebars) byArea.set(key, keyOf(shared, sidebar.url, stableJson(sidebar.items), stableJson(symbolsOf(key.split('.')[0]) ?? null)));
  return (page) => byArea.get(page.sidebar ?? page.area) ?? keyOf(shared, page.area, stableJson(symbolsOf(page.area) ?? null));
}
