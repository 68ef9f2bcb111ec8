import fs from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { VFile } from 'vfile';
import type { MediaHosts } from '../markdown/plugins/html-subset.ts';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics } from '../errors.ts';
import { checkProjectFile } from '../util/project-files.ts';
import { createMarkdownProcessor, type MarkdownProcessor, type ParsedMarkdown, renderMarkdown, reportMarkdownMessages } from '../markdown/pipeline.ts';
import { parseSvg } from '../markdown/svg.ts';
import type { Page } from '../page.ts';
import type { AssetRegistry } from './assets.ts';
import type { DocSource } from './docs.ts';
import { declaredDates } from './front-matter-date.ts';
import { renderArticle } from '../markdown/article.tsx';
import type { RouteLinkSetup } from './route-links.ts';
import { DocLinks, type GuideLinkResolvers, type SymbolLookup } from './doc-links.ts';
import { sampleCheckFor, type SampleChecks } from './sample-checks.ts';
import type { SampleCheckLabel } from '../shared/sample-check.ts';
import { staticFolder } from './static-files.ts';

/** What the content processor needs besides the docs: symbol links, sample labels, media hosts. */
export interface ContentProcessorOptions {
  /** The project root: every local image must really be inside it (see project-files.ts). */
  root: string;
  symbols?: SymbolLookup;
  /** content/sample-checks.json: the "Checked with" label of each verified code block. */
  sampleChecks?: SampleChecks;
  /** Hosts external images and video embeds may come from (portal.config.ts `media`). */
  media?: MediaHosts;
  /** content/static, where root-relative images ("/img/x.png") live. */
  staticDir?: string;
  /** Collects the files a page reads while it renders (images, SVGs), for the build cache. */
  dependencies?: DependencyRecorder;
  /** The site's URL: each doc's Markdown twin is made with its page, with absolute links. */
  siteUrl?: string;
  /** How relative route links ("../other-page") are read: each area's trailingSlash and the category routes. */
  routeLinks?: RouteLinkSetup;
}

/** The files read for the page being rendered now; `current` is set around each render. */
export interface DependencyRecorder {
  current?: Set<string>;
}

/**
 * Creates the Markdown processor with the link, image and symbol resolvers of this content tree,
 * and the sample-check labels of content/sample-checks.json.
 */
export function createContentProcessor(docs: DocSource[], assets: AssetRegistry, { root, symbols, sampleChecks, media, staticDir, dependencies, routeLinks }: ContentProcessorOptions): MarkdownProcessor {
  const links = new DocLinks(docs, { symbols, routeLinks });
  const local = (src: string, file: VFile) => path.resolve(path.dirname(file.path), decodeURIComponent(src.split(/[?#]/)[0]));
  // "/img/x.png" is a file of content/static, served as it is (Docusaurus's static folder).
  const staticRoot = staticDir ?? path.join(root, staticFolder);
  const sourceOf = (src: string, file: VFile) => {
    const absolute = src.startsWith('/') ? path.join(staticRoot, decodeURIComponent(src.split(/[?#]/)[0])) : local(src, file);
    dependencies?.current?.add(absolute);
    return absolute;
  };
  // What a page shows it publishes: "/img/x.png" must be in content/static (what is served),
  // any other local image in the project; neither hidden nor anything but a regular file.
  const checkImage = (src: string, file: VFile) =>
    src.startsWith('/') ? checkProjectFile(sourceOf(src, file), [staticRoot], { within: 'content/static' }) : checkProjectFile(sourceOf(src, file), [root]);
  const readableImage = (src: string, file: VFile) => (checkImage(src, file).status === 'ok' ? sourceOf(src, file) : undefined);
  // What is measured or inlined is read at the path that was checked, not at a name that may have changed since.
  const checkedImage = (src: string, file: VFile) => {
    const check = checkImage(src, file);
    return check.status === 'ok' ? check.real : undefined;
  };
  return createMarkdownProcessor({
    resolveMarkdownLink: (href, file) => links.markdownFile(href, file.path),
    resolveRouteLink: (href, file) => links.routeLink(href, file.path),
    media,
    refuseImage: (src, file) => {
      const check = checkImage(src, file);
      return check.status === 'refused' ? check.refusal : undefined;
    },
    resolveAsset: (src, file) => {
      const absolute = readableImage(src, file);
      return absolute && (src.startsWith('/') ? src : assets.publish(absolute));
    },
    measureImage: (src, file) => {
      const absolute = checkedImage(src, file);
      if (!absolute) return undefined;
      try {
        const { width, height } = imageSize(fs.readFileSync(absolute));
        return width && height ? { width, height } : undefined;
      } catch {
        return undefined;
      }
    },
    resolveSymbol: (name, file) => links.symbol(name, file.path),
    checkedWith: (language, file) => (sampleChecks ? sampleCheckFor(sampleChecks, language, file.path)?.checkedWith : undefined),
    loadSvg: (src, file) => {
      const absolute = checkedImage(src, file);
      return absolute ? parseSvg(fs.readFileSync(absolute, 'utf8')) : undefined;
    },
  });
}

/**
 * What a doc's Markdown twin resolves its links with: the same doc routes, images and symbols as
 * its page (an image the twin links is a file the page read).
 */
export function createTwinResolvers(docs: DocSource[], assets: AssetRegistry, { root, symbols, sampleChecks, siteUrl, dependencies, routeLinks }: ContentProcessorOptions): GuideLinkResolvers {
  const links = new DocLinks(docs, { symbols, routeLinks });
  return {
    siteUrl: siteUrl ?? '',
    markdownLink: (href, file) => links.markdownFile(href, file),
    routeLink: (href, file) => links.routeLink(href, file)?.href,
    assetOf: (file) => {
      dependencies?.current?.add(file);
      // The same rule as the page's images: the page has reported a file refused here.
      return checkProjectFile(file, [root]).status === 'ok' ? assets.publish(file) : undefined;
    },
    symbolRoute: (name, file) => links.symbol(name, file),
    checkedWith: (language, file) => (sampleChecks ? sampleCheckFor(sampleChecks, language, file)?.checkedWith : undefined),
    // The symbols are keyed per area by the build (a page's twin links only its own area's).
    resolvesFrom: { docs: docs.map((doc) => [doc.absoluteFile, doc.route, doc.folder, doc.area ?? null]), routeLinks: routeLinks ?? null, sampleChecks: sampleChecks ?? null },
  };
}

/**
 * Renders one doc's Markdown into a Page; Markdown problems go to diagnostics with file:line.
 * `keepSource`: also hand back the parse as it was before any plugin ran (the twin is made from
 * it), unless the page failed: a source the page refused (lists nested 10,000 deep) must not be
 * walked again without that guard.
 */
export function renderDocPage(doc: DocSource, processor: MarkdownProcessor, toc: PortalConfig['toc'], diagnostics: Diagnostics, { keepSource = false } = {}): { page: Page; source?: ParsedMarkdown } {
  const rendered = renderMarkdown(processor, doc.body, doc.absoluteFile, doc.bodyLineOffset, { keepSource });
  reportMarkdownMessages(rendered.messages, diagnostics, doc.file);
  // As in Docusaurus, a "# Heading" is the visible title even when front matter has a title
  // (which still names the page in the sidebar).
  const title = rendered.leadingTitle ?? doc.frontMatter.title;
  // Docusaurus falls back to the doc's id; so does portal, with a word to the writer.
  const fallbackTitle = doc.id.split('/').pop()!;
  if (!title) {
    diagnostics.warn({
      file: doc.file,
      line: 1,
      column: 1,
      message: `the page has no title; it is shown as "${fallbackTitle}"`,
      hint: 'Add "title: ..." to the front matter (or start the page with a "# Heading").',
    });
  }
  const minLevel = doc.frontMatter.toc_min_heading_level ?? toc.minHeadingLevel;
  const maxLevel = doc.frontMatter.toc_max_heading_level ?? toc.maxHeadingLevel;
  const page: Page = {
    route: doc.route,
    kind: 'doc',
    title: title ?? fallbackTitle,
    sidebarLabel: doc.frontMatter.sidebar_label,
    description: doc.frontMatter.description,
    keywords: doc.frontMatter.keywords,
    area: doc.area,
    toc: rendered.toc.filter((entry) => entry.depth >= minLevel && entry.depth <= maxLevel),
    hideTableOfContents: doc.frontMatter.hide_table_of_contents,
    search: doc.frontMatter.search,
    declaredDates: declaredDates(doc.frontMatter),
    body: { html: renderArticle(rendered.hast) },
    source: { file: doc.file, line: 1, ...(doc.slugAt ? { routeAt: doc.slugAt } : {}) },
    links: rendered.links,
  };
  return { page, source: rendered.messages.some((message) => message.fatal) ? undefined : rendered.source };
}

/** Markdown from package doc comments: sanitised like content; problems are warnings, not failures. */
export function referenceMarkdown(processor: MarkdownProcessor, markdown: string, diagnostics: Diagnostics, sampleCheck?: SampleCheckLabel): string {
  // Not a page of content/: its code is labelled by the caller or not at all, never by the guides' map.
  const rendered = renderMarkdown(processor, markdown, 'reference.md', 0, { sampleCheck: sampleCheck ?? null });
  for (const message of rendered.messages) if (message.fatal) diagnostics.warn({ file: 'npm package doc comment', message: message.message });
  return renderArticle(rendered.hast);
}
