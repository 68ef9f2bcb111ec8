import path from 'node:path';
import type { MediaHosts } from '../markdown/plugins/html-subset.ts';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics } from '../errors.ts';
import { type DocTag, docTags } from './doc-tags.ts';
import { type ArticleRenderer, createMarkdownProcessor, type MarkdownProcessor, type ParsedMarkdown, renderMarkdown, reportMarkdownMessages } from '../markdown/pipeline.ts';
import type { Page } from '../page.ts';
import type { AssetRegistry } from './assets.ts';
import type { DocSource } from './docs.ts';
import { declaredDates } from './front-matter-date.ts';
import { RouteLinkResolver, type RouteLinkSetup } from './route-links.ts';
import { createDocResolvers, type GuideLinkResolvers, type SymbolLookup } from '../markdown/doc-links.ts';
import { localImages } from '../markdown/local-images.ts';
import type { ParseMemory } from '../markdown/reparse.ts';
import { sampleCheckFor, type SampleChecks } from '../markdown/sample-checks.ts';
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
 * A content tree's Markdown processor and its twins' resolvers, made from one set of resolvers
 * (createDocResolvers): links, images and symbol names resolve alike on a page and in its twin.
 */
export function createDocRendering(docs: DocSource[], assets: AssetRegistry, { root, symbols, sampleChecks, media, staticDir, dependencies, siteUrl, routeLinks }: ContentProcessorOptions): { processor: MarkdownProcessor; twin: GuideLinkResolvers } {
  const images = localImages({ root, staticDir: staticDir ?? path.join(root, staticFolder), read: (file) => dependencies?.current?.add(file) });
  const { page, twin } = createDocResolvers(docs, {
    symbols,
    routeLinks: new RouteLinkResolver(docs, routeLinks ?? { trailingSlash: {}, categoryRoutes: [] }),
    images,
    publish: (file) => assets.publish(file),
    siteUrl,
    checkedWith: sampleChecks && ((language, file) => sampleCheckFor(sampleChecks, language, file)?.checkedWith),
    // The symbols are keyed per area by the build (a page's twin links only its own area's).
    resolvesFrom: { docs: docs.map((doc) => [doc.absoluteFile, doc.route, doc.folder, doc.area ?? null]), routeLinks: routeLinks ?? null, sampleChecks: sampleChecks ?? null },
  });
  return { processor: createMarkdownProcessor({ ...page, media }), twin };
}

/** The Markdown processor alone (reference pages and doc comments, which have no twin of their own). */
export function createContentProcessor(docs: DocSource[], assets: AssetRegistry, options: ContentProcessorOptions): MarkdownProcessor {
  return createDocRendering(docs, assets, options).processor;
}

/**
 * Renders one doc's Markdown into a Page, its tree drawn by `article`; Markdown problems go to
 * diagnostics with file:line.
 * `keepSource`: also hand back the parse as it was before any plugin ran (the twin is made from
 * it), unless the page failed: a source the page refused (lists nested 10,000 deep) must not be
 * walked again without that guard.
 */
export function renderDocPage(
  doc: DocSource,
  processor: MarkdownProcessor,
  article: ArticleRenderer,
  toc: PortalConfig['toc'],
  diagnostics: Diagnostics,
  { keepSource = false, parses }: { keepSource?: boolean; parses?: ParseMemory } = {},
): { page: Page; source?: ParsedMarkdown } {
  const rendered = renderMarkdown(processor, doc.body, doc.absoluteFile, doc.bodyLineOffset, { keepSource, partials: doc.partials, parses });
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
  const tags = docTags(doc);
  const minLevel = doc.frontMatter.toc_min_heading_level ?? toc.minHeadingLevel;
  const maxLevel = doc.frontMatter.toc_max_heading_level ?? toc.maxHeadingLevel;
  const page: Page = {
    route: doc.route,
    kind: 'doc',
    title: title ?? fallbackTitle,
    sidebarLabel: doc.frontMatter.sidebar_label,
    description: doc.frontMatter.description,
    keywords: tags.length ? [...(doc.frontMatter.keywords ?? []), ...tags.map((tag) => tag.label)] : doc.frontMatter.keywords,
    area: doc.area,
    toc: rendered.toc.filter((entry) => entry.depth >= minLevel && entry.depth <= maxLevel),
    hideTableOfContents: doc.frontMatter.hide_table_of_contents,
    search: doc.frontMatter.search,
    declaredDates: declaredDates(doc.frontMatter),
    body: { html: article(rendered.hast) + tagList(tags) },
    source: { file: doc.file, line: 1, ...(doc.slugAt ? { routeAt: doc.slugAt } : {}) },
    links: rendered.links,
  };
  return { page, source: rendered.messages.some((message) => message.fatal) ? undefined : rendered.source };
}

/** A page's Docusaurus `tags`, shown after its text, each linking to its tag page (they are also its search keywords). */
function tagList(tags: DocTag[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return tags.length ? `<ul class="doc-tags" aria-label="Tags">${tags.map((tag) => `<li><a href="${escape(tag.route)}">${escape(tag.label)}</a></li>`).join('')}</ul>` : '';
}

/** Markdown from package doc comments: sanitised like content; problems are warnings, not failures. */
export function referenceMarkdown(processor: MarkdownProcessor, article: ArticleRenderer, markdown: string, diagnostics: Diagnostics, sampleCheck?: SampleCheckLabel): string {
  // Not a page of content/: its code is labelled by the caller or not at all, never by the guides' map.
  const rendered = renderMarkdown(processor, markdown, 'reference.md', 0, { sampleCheck: sampleCheck ?? null });
  for (const message of rendered.messages) if (message.fatal) diagnostics.warn({ file: 'npm package doc comment', message: message.message });
  return article(rendered.hast);
}
