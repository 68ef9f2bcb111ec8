import fs from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import type { Diagnostics } from '../errors.ts';
import { type ArticleRenderer, type MarkdownProcessor, renderMarkdown, reportMarkdownMessages } from '../markdown/pipeline.ts';
import type { Page } from '../page.ts';
import { parseFrontMatter } from './front-matter.ts';
import { declaredDates } from './front-matter-date.ts';
import { slugifySegment } from '../util/slug.ts';
import { readUtf8File } from '../util/utf8.ts';

/** The pages outside the docs areas: home, docs root, not-found, and content/pages/*.md (their trees drawn by `article`). */
export function buildSitePages(root: string, config: PortalConfig, processor: MarkdownProcessor, article: ArticleRenderer, routeOfDoc: Map<string, string>, diagnostics: Diagnostics): Page[] {
  const areaLinks = Object.values(config.areas).map((area) => ({
    title: area.label,
    href: routeOfDoc.get(area.mainDoc) ?? '/docs',
    summary: area.summary,
  }));
  const pages: Page[] = [
    {
      route: '/',
      kind: 'home',
      title: 'Home',
      description: config.tagline,
      toc: [],
      body: {},
      source: { file: 'templates/pages/HomePage.tsx' },
      links: [],
    },
    {
      route: '/docs',
      kind: 'category',
      title: 'Documentation',
      description: `The documentation areas of the portal: ${listOf(areaLinks.map((area) => area.title))}.`,
      toc: [],
      body: {
        entries: areaLinks.map((area) => ({ title: area.title, href: area.href, description: area.summary })),
      },
      source: { file: 'portal.config.ts' },
      links: [],
      search: false,
    },
    {
      route: '/404',
      kind: 'not-found',
      title: 'Page not found',
      toc: [],
      body: {},
      source: { file: 'templates/pages/NotFound.tsx' },
      links: [],
      search: false,
    },
  ];

  const folder = path.join(root, 'content', 'pages');
  for (const name of fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []) {
    // Hidden files (an editor's ".#page.md" lock) are no pages, as in content/docs.
    if (!name.endsWith('.md') || name.startsWith('.')) continue;
    const absolute = path.join(folder, name);
    const file = path.relative(root, absolute);
    const text = readUtf8File(absolute, file, diagnostics, [root]);
    if (text === undefined) continue;
    const { frontMatter, body, bodyLineOffset, slugAt } = parseFrontMatter(text, file, diagnostics);
    const rendered = renderMarkdown(processor, body, absolute, bodyLineOffset);
    reportMarkdownMessages(rendered.messages, diagnostics, file);
    const route = `/${frontMatter.slug?.replace(/^\//, '') ?? slugifySegment(name.replace(/\.md$/, ''))}`;
    const title = frontMatter.title ?? rendered.leadingTitle;
    if (!title) diagnostics.error({ file, line: 1, message: 'the page has no title', hint: 'Add "title: ..." to the front matter.' });
    const html = article(rendered.hast);
    const fields = {
      route,
      title: title ?? route,
      description: frontMatter.description,
      keywords: frontMatter.keywords,
      toc: rendered.toc.filter((entry) => entry.depth >= config.toc.minHeadingLevel && entry.depth <= config.toc.maxHeadingLevel),
      search: frontMatter.search,
      declaredDates: declaredDates(frontMatter),
      source: { file, line: 1, ...(slugAt ? { routeAt: slugAt } : {}) },
      links: rendered.links,
    };
    // The licence page carries the request form under its text.
    pages.push(
      route === '/request-developer-license'
        ? { ...fields, kind: 'license-form', body: { html, action: config.licenseRequest.action, confirmed: config.licenseRequest.confirmed } }
        : { ...fields, kind: 'custom', body: { html } },
    );
  }
  return pages;
}

/** "A", "A and B", "A, B and C". */
function listOf(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
