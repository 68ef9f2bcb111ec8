import { policyOf } from '../kinds/table.ts';
import { renderArticle } from '../kinds/article.tsx';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { LoadedConfig } from '../config/load.ts';
import { AssetRegistry } from '../content/assets.ts';
import { buildCategoryPages } from '../content/category-pages.ts';
import { buildTagPages, warnUnreadTagsFiles } from '../content/doc-tags.ts';
import { routeLinkSetup } from '../content/route-links.ts';
import { type DocRenderOptions, docRenderer, renderDocs } from './doc-workers.ts';
import { type DocSource, readDocs } from '../content/docs.ts';
import { readSampleChecks } from '../markdown/sample-checks.ts';
import { listStaticFiles, staticFolder } from '../content/static-files.ts';
import { readPublishableFile } from '../util/project-files.ts';
import type { PortalConfig } from '../config/schema.ts';
import { areaLabels } from '../config/areas.ts';
import type { MarkdownProcessor } from '../markdown/pipeline.ts';
import { buildSidebars, type Sidebars } from '../content/sidebars.ts';
import { buildSitePages } from '../content/site-pages.ts';
import { Diagnostics, type Problem } from '../errors.ts';
import { checkScannedLinks, type ScannedPage, scanPage } from '../links/check.ts';
import { writeLinkReport } from '../links/report.ts';
import type { LinkSources } from '../links/check-dist.ts';
import { brokenLinkPolicy } from '../links/policy.ts';
import type { Page } from '../page.ts';
import { homeAreas } from '../site/home.ts';
import { outputFault } from '../output/output-faults.ts';
import { AtomicOutput } from '../output/output.ts';
import { type RenderContext, renderSidebars } from '../render/pages.tsx';
import { buildSiteData } from '../render/site-data.ts';
import { expandRedirects, legacyRouteRedirects } from '../site/redirects.ts';
import { addNavigation } from '../site/navigation.ts';
import { addPageHistory } from '../site/page-history.ts';
import { readGitDates } from '../site/git-dates.ts';
import { collectFeeds } from '../site/atom-feed.ts';
import type { SymbolLookup } from '../markdown/doc-links.ts';
import { SearchIndexBuilder, searchShardCount } from '../search/build-index.ts';
import { twinFilesOf } from '../markdown-twins/absolute-links.ts';
import { buildLlmsFiles, type TwinnedPage } from '../markdown-twins/llms-txt.ts';
import type { TwinContext } from '../kinds/kind.ts';
import type { TwinPart } from '../markdown-twins/split-twin.ts';
import { type CardStats, SocialCards } from '../social-cards/cards.ts';
import { buildRouteTable } from '../site/routes.ts';
import { markdownTwinOf } from '../shared/markdown-twin.ts';
import { BuildCache, type CacheStats } from './build-cache.ts';
import { makeOutputs, type PageJobContext, type PagePlacement, pageInputsOf, pageKeyOf, renderContextKey, reusePage, storePage, twinContextOf } from './page-job.ts';
import { sharedContextOf, startPageWorkers } from './page-workers.ts';
import { mcpPackageOf } from './mcp-package.ts';
import { portalVersion } from '../portal-version.ts';
import { routeTakesGeneratedFile, siteFiles, staticFileClashes } from './site-files.ts';
import { agentReadinessProblems, type ReadyPage, readinessWarnings } from './agent-readiness.ts';
import { renderContextOf } from './render-context.ts';
import { referencePhase } from './reference-phase.ts';
import { acquireBuildLock } from '../cache/build-lock.ts';

export interface BuildOptions {
  outDir: string;
  /** false: neither read nor write the build cache (every page is made again). */
  cache?: boolean;
  /** Keep what the build knows in memory, so watch mode can rebuild single pages. */
  keepState?: boolean;
  /** Where link reports and other non-served files go. */
  reportDir: string;
  /**
   * Threads that render Markdown and make the pages a cold build must make (their HTML, data,
   * twins, search documents); by default one per core when there are many; 1: all on the main thread.
   */
  workers?: number;
  onPhase?: (phase: string) => void;
  /** How long to wait for another build using the same cache folder (10 minutes by default). */
  lockWaitMs?: number;
  /** Told once per other build waited for; by default written to stderr. */
  onWait?: (message: string) => void;
  /** The agent-readiness checks (src/build/agent-readiness.ts) fail the build instead of warning (CI). */
  strict?: boolean;
  /** Every agent-readiness warning listed, not pages without a description summarised as one. */
  verbose?: boolean;
}

export interface BuildSummary {
  ok: boolean;
  outDir: string;
  pages: Record<string, number>;
  redirects: number;
  links: { checked: number; broken: number };
  warnings: Problem[];
  errors: Problem[];
  phases: { name: string; ms: number }[];
  totalMs: number;
  /** Social cards drawn by this build, and those the cache already held. */
  socialCards?: CardStats;
  /** How many docs, rendered pages and search parts came from the build cache. */
  cache?: CacheStats;
  /** Which npm packages TypeDoc converted and which came from the cache. */
  typedoc?: { converted: string[]; fromCache: string[] };
  /** With `keepState`: the model of the site as built, for incremental rebuilds. */
  state?: SiteState;
}

// How long the render loop runs before it lets the event loop turn (see the loop).
const eventLoopTurnMs = 20;

export interface SiteState {
  config: PortalConfig;
  root: string;
  outDir: string;
  docs: DocSource[];
  processor: MarkdownProcessor;
  table: Map<string, Page>;
  /** The sidebars the pages were placed in (an edited page's card lists are filled from them). */
  sidebars: Sidebars;
  context: RenderContext;
  targets: Set<string>;
  ids: Map<string, Set<string>>;
  /** What the Markdown twins resolve links with, so watch mode rewrites an edited page's twin. */
  twinContext: TwinContext;
  /** The build cache, so watch mode's search refresh re-indexes only the pages that changed. */
  cache?: BuildCache;
  /** Each searched page's document key by route: the search refresh renders again only the pages without one. */
  searchKeys: Map<string, string>;
  /** The page job's article HTML of each page edited since: what the search refresh indexes for it. */
  editedArticles: Map<string, string>;
}

/**
 * Builds the site into `options.outDir`, once no other process builds with the same cache folder
 * (see src/cache/build-lock.ts).
 */
export async function build(loaded: LoadedConfig, options: BuildOptions): Promise<BuildSummary> {
  const release = await acquireBuildLock(path.resolve(loaded.root, loaded.config.cacheDir), {
    waitMs: options.lockWaitMs ?? 10 * 60_000,
    onWait: options.onWait ?? ((message) => process.stderr.write(`portal: ${message}…\n`)),
  });
  try {
    return await buildUnlocked(loaded, options);
  } finally {
    release();
  }
}

/**
 * content -> pages -> route table -> render -> link check -> atomic write. Problems are
 * collected per phase and reported together; any error stops the build before the output is
 * swapped, so the last good `dist/` survives.
 */
async function buildUnlocked({ config, root }: LoadedConfig, options: BuildOptions): Promise<BuildSummary> {
  const diagnostics = new Diagnostics();
  const phases: { name: string; ms: number }[] = [];
  const started = performance.now();
  const phase = async <T,>(name: string, work: () => T | Promise<T>): Promise<T> => {
    options.onPhase?.(name);
    const begin = performance.now();
    const result = await work();
    phases.push({ name, ms: Math.round(performance.now() - begin) });
    return result;
  };
  const summary = (ok: boolean, pages: Page[] = [], redirects = 0, links = { checked: 0, broken: 0 }): BuildSummary => ({
    ok,
    outDir: options.outDir,
    pages: countByKind(pages),
    redirects,
    links,
    warnings: diagnostics.warnings,
    errors: diagnostics.errors,
    phases,
    totalMs: Math.round(performance.now() - started),
    typedoc: typedocStats,
    socialCards: cardStats,
    cache: cache?.stats(),
  });
  let cardStats: CardStats | undefined;
  let typedocStats: BuildSummary['typedoc'];

  const assets = new AssetRegistry();
  const tree = readDocs(root, config, diagnostics);
  const staticDir = path.join(root, staticFolder);
  const staticFiles = listStaticFiles(root, diagnostics);
  const symbols: SymbolLookup = { areas: new Map() };
  const sampleChecks = readSampleChecks(root, diagnostics);
  const routeLinks = routeLinkSetup(tree, config);
  // What every doc renders with: the one object the renderers of this thread and the workers
  // are made from, and each doc's cache key is read from.
  const docOptions: DocRenderOptions = { root, symbols, sampleChecks, media: config.media, staticDir, siteUrl: config.url, routeLinks, toc: config.toc };
  const renderer = docRenderer(tree.docs, docOptions, assets);
  const processor = renderer.processor;
  // What earlier builds made, reused where the inputs are the same (see src/build/build-cache.ts).
  const cache = options.cache === false ? undefined : new BuildCache(path.resolve(root, config.cacheDir, 'build'));
  // The MCP client package the site ships: made while the pages are, once per portal version.
  const mcpPackage = mcpPackageOf(options.cache === false ? undefined : path.resolve(root, config.cacheDir, 'mcp-package'), portalVersion());
  mcpPackage.catch(() => undefined); // awaited below; a failure before then is reported there

  // 1. Reference: API pages from the OpenAPI specs, package pages from TypeDoc models.
  const reference = await phase('reference', async () => {
    const built = await referencePhase({ root, config, docs: tree.docs, sampleChecks, processor, assets, symbols, cache }, diagnostics);
    typedocStats = built.typedoc;
    return built;
  });

  // 2. Content: the Markdown docs (names of reference symbols in inline code link to their pages).
  const docPages = await phase('content', () => renderDocs(tree.docs, docOptions, renderer, assets, diagnostics, options.workers, cache));

  const { pages, sidebars, routeOfDoc } = await phase('navigation', () => {
    const sidebars = buildSidebars(tree, config, diagnostics, reference.sidebars);
    const routeOfDoc = new Map(tree.docs.map((doc) => [doc.id, doc.route]));
    const described = [...docPages, ...reference.pages];
    const descriptions = new Map<string, string | undefined>(described.map((page) => [page.route, page.description]));
    for (const index of sidebars.generatedIndexes) descriptions.set(index.route, index.description);
    const badges = new Map(reference.sidebars.flatMap((section) => section.items.map((item) => [item.href, item.badge] as const)));
    const categoryPages = buildCategoryPages(sidebars, (href) => ({ description: descriptions.get(href), badge: badges.get(href) }));
    const docByRoute = new Map(docPages.map((page) => [page.route, page]));
    const tagPages = buildTagPages(tree.docs, (route) => docByRoute.get(route));
    warnUnreadTagsFiles(root, Object.values(config.areas).map((area) => area.path), diagnostics);
    const sitePages = buildSitePages(root, config, processor, renderArticle, routeOfDoc, diagnostics);
    return { pages: [...sitePages, ...described, ...categoryPages, ...tagPages], sidebars, routeOfDoc };
  });
  if (diagnostics.errors.length) return summary(false, pages);

  // 3. Site: the route table, navigation, redirects.
  const { table, redirects, feeds } = await phase('routes', () => {
    const table = buildRouteTable(pages, diagnostics);
    for (const page of table.values()) {
      const taken = routeTakesGeneratedFile(page.route);
      if (!taken) continue;
      const at = page.source.routeAt ?? (page.source.line !== undefined ? { line: page.source.line } : {});
      diagnostics.error({
        file: page.source.file,
        ...at,
        message: `${page.source.routeAt ? 'front matter "slug": ' : ''}the page's route "${page.route}" would write over or into "${taken}", which portal generates`,
        hint: 'Give the page another URL (its "slug" in the front matter, or its file name).',
      });
    }
    addNavigation(table, sidebars, config);
    const history = readGitDates(root, ['content']);
    addPageHistory(table.values(), config, history);
    let feeds = collectFeeds(config.feeds, [...table.values()], config.title);
    for (const feed of feeds) {
      if (!feed.pages.length) diagnostics.error({ file: 'portal.config.ts', message: `feed "${feed.spec.title}": no pages in content/docs/${feed.folder}`, hint: 'Set "folder" to a folder under content/docs that holds pages, or remove the feed.' });
    }
    // Feed readers order and notify by date: without git history, only front matter gives one,
    // and a feed with undated entries is left out (with a word naming them) rather than guessed.
    if (history.unavailable) {
      feeds = feeds.filter((feed) => {
        const undated = feed.pages.filter((page) => !page.lastUpdated && (!page.feed || page.feed.entries.some((entry) => !entry.updated))).map((page) => page.source.file.split('\\').join('/'));
        if (!undated.length) return true;
        diagnostics.warn({
          file: 'portal.config.ts',
          message: `feed "${feed.spec.title}" is left out: its pages have no dates (${history.unavailable}), and ${undated.length} of its ${feed.pages.length} give none in their front matter: ${undated.join(', ')}`,
          hint: 'Give each of those pages a "date: YYYY-MM-DD" (or "last_update: { date: YYYY-MM-DD }") in its front matter, or build from a full git clone (not a shallow one).',
        });
        return false;
      });
    }
    const redirects = expandRedirects(config.redirects, new Set(table.keys()), diagnostics);
    redirects.push(...legacyRouteRedirects(tree.docs, table, redirects));
    return { table, redirects, feeds };
  });
  const routedPages = [...table.values()];
  const site = buildSiteData(config, routeOfDoc, diagnostics);
  if (diagnostics.errors.length) return summary(false, routedPages);

  // 4-6. Render every page straight into a staging folder beside the output, keeping only what
  // the link check and search need; the staging folder replaces the output only if all is well.
  const output = new AtomicOutput(options.outDir, cache?.compressed, cache?.blobs, cache?.copies, config.precompress, cache?.outputFiles);
  const labels = areaLabels(config);
  const search = new SearchIndexBuilder(cache, labels, searchShardCount(routedPages.length));
  const cards = new SocialCards(path.resolve(root, config.cacheDir, 'social-cards'), config.url);
  let committed = false;
  try {
    // 4. Render: client bundle, then every page to HTML and page data, fed to the search index.
    const rendered = await phase('render', async () => {
      const { bundle, context } = await renderContextOf({ config, site, cache, cards, home: homeAreas(config, routeOfDoc), sidebars: renderSidebars(sidebars.byArea), feeds });
      // Every page names its card first, so the cards the cache lacks draw on another core while the pages render.
      const inputs = routedPages.map((page) => pageInputsOf(page, context));
      const cardsDrawing = cards.drawAhead();
      const scanned: ScannedPage[] = [];
      const job: PageJobContext = { context, twinContext: twinContextOf(root, context.home, renderer.twin) };
      const twins: TwinnedPage[] = [];
      const twinParts: TwinPart[] = [];
      const ready: ReadyPage[] = [];
      const contextKey = cache && renderContextKey(cache.generator, job, (area) => (area ? symbols.areas.get(area) : undefined));
      const placement: PagePlacement = { ...job, assets, cache, contextKey, output, search, areaLabels: labels };
      const keys = routedPages.map((page, index) => pageKeyOf(page, inputs[index], placement));
      // The pages the cache cannot give back are made on worker threads when there are many
      // (a cold build); placed here, in page order, whichever thread made them.
      const unmade = routedPages.flatMap((_, index) => (keys[index] !== undefined && cache!.pages.has(keys[index]) ? [] : [index]));
      const workers = startPageWorkers(() => ({ docs: tree.docs, docOptions, context: sharedContextOf(context), areaLabels: labels }), unmade, (index) => ({ index, page: routedPages[index], inputs: inputs[index] }), options.workers, cardsDrawing ? 1 : 0);
      try {
        let turnTaken = performance.now();
        for (const [index, page] of routedPages.entries()) {
          // Pagefind indexes in its own process, but its pages go through a pipe this thread
          // flushes only between turns of the event loop: without a turn now and then it would
          // index nothing until every page is rendered.
          if (performance.now() - turnTaken > eventLoopTurnMs) {
            await setImmediate();
            turnTaken = performance.now();
          }
          const key = keys[index];
          const reused = key !== undefined ? reusePage(page, key, placement) : undefined;
          const placed = reused ?? storePage(page, (await workers?.take(index)) ?? makeOutputs(page, job, labels), key, placement);
          scanned.push(...placed.scanned);
          twinParts.push(...placed.parts);
          ready.push({ page, twin: placed.twin, parts: placed.parts, divergence: placed.divergence });
          // The 404 page has a twin (page controls link every page's), but is no page to list.
          // llms-full.txt holds a split twin whole: its index, then its parts.
          const { llms } = policyOf(page);
          if (llms) twins.push({ page, llms, markdown: [placed.twin, ...placed.parts.map((part) => part.markdown)].join('\n\n') });
        }
      } finally {
        await workers?.stop();
      }
      const llms = buildLlmsFiles(twins, {
        title: config.title,
        tagline: config.tagline,
        siteUrl: config.url,
        areas: Object.entries(config.areas).map(([id, area]) => ({ id, label: area.label, path: area.path })),
      });
      return { bundle, context, scanned, llms, ready, twinParts, twinContext: job.twinContext };
    });
    // Every file of the site besides its pages and their twins, declared once: written and linked alike.
    const files = siteFiles({ root, config, staticDir, staticFiles, pages: routedPages, bundle: rendered.bundle, headScript: rendered.context.assets.headScript, sidebars: rendered.context.sidebars.values(), assets: assets.files, redirects, feeds, llms: rendered.llms, symbolEntries: reference.symbolEntries, mcpPackage: await mcpPackage, cache });
    for (const problem of staticFileClashes(files, staticFiles, routedPages)) diagnostics.error(problem);

    // 5. Links: every href and #anchor of the rendered output and its twins.
    // Everything a link may point at besides pages: the same set serves watch mode later.
    const targets = new Set<string>([
      ...files.map((file) => file.url),
      // Each page's Markdown twin, which the page actions link to.
      ...routedPages.flatMap((page) => [markdownTwinOf(page.route), ...twinFilesOf(page.route).map((file) => `/${file}`)]),
      // The parts of twins too long to read whole, which their index twins link.
      ...rendered.twinParts.map((part) => `/${part.file}`),
    ]);
    // onBrokenLinks, onBrokenAnchors and onBrokenMarkdownLinks, site-wide and per area.
    const linkPolicy = brokenLinkPolicy(config);
    const report = await phase('links', () => {
      // Each area's sidebar once, instead of once per page that shows it.
      const sidebarPages = [...rendered.context.sidebars].map(([area, sidebar]) => scanPage({ route: sidebar.url, html: sidebar.html, file: `the ${area} sidebar`, links: [] }));
      return checkScannedLinks([...rendered.scanned, ...sidebarPages], targets, undefined, linkPolicy);
    });
    for (const problem of report.problems) (problem.severity === 'error' ? diagnostics.error(problem) : diagnostics.warn(problem));
    writeLinkReport(report, options.reportDir);
    // What makes the site hard for assistants to read: warnings, or errors in --strict (CI).
    const readiness = agentReadinessProblems(rendered.ready, rendered.llms);
    if (options.strict) for (const problem of readiness) diagnostics.error(problem);
    else for (const problem of readinessWarnings(readiness, options.verbose ?? false)) diagnostics.warn(problem);
    const links = { checked: report.checkedLinks, broken: report.problems.length + report.ignored.length };
    if (diagnostics.errors.length) return summary(false, routedPages, redirects.length, links);

    // Search: a static index of the rendered pages, loaded by the browser only when search opens.
    // The social cards the worker did not draw draw meanwhile (Pagefind indexes in its own
    // process), and only those the cache does not hold: a warm build draws none.
    const cardsDrawn = cards.finish();
    cardsDrawn.catch(() => undefined);
    const searchIndex = await phase('search', () => search.finish());
    const socialCards = await phase('social cards', () => cardsDrawn);
    cardStats = socialCards.stats;

    // 6. Write: everything else into the staging folder, then swap it in.
    const written = await phase('write', async () => {
      for (const file of files) {
        if (!('copyOf' in file)) {
          output.write(file.file, file.contents);
          continue;
        }
        // A static file or image is read once, through the publish rule again: its name may lead
        // elsewhere (a symlink to .env) since the content phase checked it.
        const read = readPublishableFile(file.copyOf, [root]);
        if (read.status === 'ok') output.write(file.file, read.bytes);
        else {
          diagnostics.error({
            file: path.relative(root, file.copyOf),
            message: read.status === 'missing' ? 'this file was removed while the site was built' : `this file ${read.refusal.reason} (it changed while the site was built)`,
            hint: read.status === 'missing' ? 'Restore it, or run the build again.' : read.refusal.hint,
          });
        }
      }
      if (diagnostics.errors.length) return false;
      for (const [file, contents] of searchIndex.files) output.write(file, contents);
      for (const [url, file] of socialCards.files) output.copy(url.slice(1), file);
      // The cache is saved before the swap (its compressed siblings are in it once the output is
      // finished): a build that fails after the swap would report failure with its output live.
      // A store it cannot write is a warning: it slows the next build, it does not spoil this one.
      await output.finish();
      for (const problem of cache?.save() ?? []) diagnostics.warn(problem);
      await output.commit();
      committed = true;
      // Only now, with the new output in place: the blobs it does not link go.
      for (const problem of cache?.afterSwap() ?? []) diagnostics.warn(problem);
      // Where each page's links come from, so `portal check-links dist` can name files and lines.
      const sources: LinkSources = { policy: linkPolicy, pages: Object.fromEntries(routedPages.map((page) => [page.route, { file: page.source.file, links: page.links, ...(page.area ? { area: page.area } : {}) }])) };
      fs.mkdirSync(options.reportDir, { recursive: true });
      fs.writeFileSync(path.join(options.reportDir, 'link-sources.json'), JSON.stringify(sources));
      return true;
    });
    if (!written) return summary(false, routedPages, redirects.length, links);
    const result = summary(true, routedPages, redirects.length, links);
    if (options.keepState) {
      result.state = {
        config,
        root,
        outDir: options.outDir,
        docs: tree.docs,
        processor,
        table,
        sidebars,
        context: rendered.context,
        targets,
        ids: report.ids ?? new Map(),
        twinContext: rendered.twinContext,
        cache,
        searchKeys: search.documentKeys(),
        editedArticles: new Map(),
      };
    }
    return result;
  } catch (error) {
    // The disk full or not writable while the new site is written: said as such (nothing is swapped in).
    throw (committed ? undefined : outputFault(error, options.outDir)) ?? error;
  } finally {
    // A failed or interrupted build leaves the output as it was, and Pagefind free.
    if (!committed) {
      output.abandon();
      await search.abandon();
    }
  }
}

function countByKind(pages: Page[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const page of pages) counts[page.kind] = (counts[page.kind] ?? 0) + 1;
  return counts;
}
