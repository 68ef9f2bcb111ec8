import { markdownTwinOf } from '../shared/markdown-twin.ts';
import type { PageData } from '../shared/types.ts';

export interface DocumentAssets {
  script: string;
  stylesheet: string;
  headScript: string;
  favicon: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that is safe inside a <script> element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, ' ');

/** Wraps the server-rendered shell into a complete HTML document. */
export interface DocumentOptions {
  noindex?: boolean;
  siteTitle: string;
  /** The page's social card (og:image), when it has one. */
  image?: { url: string; width: number; height: number; alt: string };
  /** The page's Open Graph type (its kind's). */
  openGraphType: 'website' | 'article';
  /** Feeds the page belongs to, linked as <link rel="alternate">. */
  feeds?: { url: string; title: string }[];
}

/** The Open Graph and Twitter card tags: what a link preview shows in chat, social and search. */
function socialTags(page: PageData, options: DocumentOptions): string[] {
  const description = page.description ?? '';
  const image = options.image;
  return [
    `<meta property="og:type" content="${options.openGraphType}">`,
    `<meta property="og:url" content="${escapeHtml(page.canonical)}">`,
    `<meta property="og:title" content="${escapeHtml(page.documentTitle)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    `<meta property="og:site_name" content="${escapeHtml(options.siteTitle)}">`,
    '<meta property="og:locale" content="en_US">',
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image.url)}">`,
          '<meta property="og:image:type" content="image/png">',
          `<meta property="og:image:width" content="${image.width}">`,
          `<meta property="og:image:height" content="${image.height}">`,
          `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
        ]
      : []),
    page.lastUpdated ? `<meta property="article:modified_time" content="${escapeHtml(page.lastUpdated)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(page.documentTitle)}">`,
    description ? `<meta name="twitter:description" content="${escapeHtml(description)}">` : '',
    ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image.url)}">`, `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}">`] : []),
  ];
}

/**
 * One line for AI agents that read the HTML, first in the body: where the page's Markdown twin and
 * the site's llms.txt are. Hidden from view and from screen readers (it says nothing a person
 * needs), and outside the app root, so hydration never sees it.
 */
function agentPointer(page: PageData): string {
  // The canonical URL is the site's URL and the route: what is left once the route is cut is the site.
  const site = page.canonical.endsWith(page.route) ? page.canonical.slice(0, page.canonical.length - page.route.length) : new URL(page.canonical).origin;
  return `<p class="visually-hidden" aria-hidden="true" data-agent-pointer>For AI agents: this page as Markdown is ${escapeHtml(markdownTwinOf(page.canonical))}, and ${escapeHtml(site)}/llms.txt lists every page of the site as Markdown.</p>`;
}

export function renderDocument(page: PageData, appHtml: string, assets: DocumentAssets, options: DocumentOptions): string {
  const description = page.description ?? '';
  const embedded: PageData = { ...page, html: undefined };
  return [
    '<!doctype html>',
    `<html lang="en" dir="ltr" data-theme="light" data-hydrated="false" data-page-kind="${page.kind}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.documentTitle)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    ...socialTags(page, options),
    ...(options.feeds ?? []).map((feed) => `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.url)}">`),
    options.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(page.canonical)}">`,
    `<link rel="alternate" type="text/markdown" href="${escapeHtml(markdownTwinOf(page.canonical))}" title="Markdown">`,
    `<link rel="icon" href="${assets.favicon}">`,
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    `<script>${assets.headScript}</script>`,
    `<script type="module" src="${assets.script}"></script>`,
    '</head>',
    '<body>',
    agentPointer(page),
    `<div id="__portal">${appHtml}</div>`,
    `<script id="__PORTAL_PAGE__" type="application/json">${scriptJson(embedded)}</script>`,
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
