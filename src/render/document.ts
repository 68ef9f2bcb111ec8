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
export function renderDocument(page: PageData, appHtml: string, assets: DocumentAssets, options: { noindex?: boolean; siteTitle: string }): string {
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
    `<meta property="og:title" content="${escapeHtml(page.documentTitle)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    `<meta property="og:site_name" content="${escapeHtml(options.siteTitle)}">`,
    options.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${escapeHtml(page.canonical)}">`,
    `<link rel="icon" href="${assets.favicon}">`,
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    `<script>${assets.headScript}</script>`,
    `<script type="module" src="${assets.script}"></script>`,
    '</head>',
    '<body>',
    `<div id="__portal">${appHtml}</div>`,
    `<script id="__PORTAL_PAGE__" type="application/json">${scriptJson(embedded)}</script>`,
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
