import { kindOf, policyOf } from '../kinds/table.ts';
import type { Page } from '../page.ts';
import { indexOnlyMeta } from '../shared/search/excerpt.ts';

/** Pages readers should find: not the 404 page, not redirect stubs, not pages that opt out. */
export function isSearchable(page: Page): boolean {
  return policyOf(page).search !== false && page.search !== false && page.route !== '/docs';
}

/** "getAccessToken" -> "get Access Token", "vpaas.api" -> "vpaas api": so words find identifiers. */
export function splitIdentifier(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[._/-]+/g, ' ')
    .trim();
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What search indexes of a page (see `indexDocument`), or undefined when it is not searched. The
 * build's search index and its page workers both make it here. `areaLabels`: each area's name by its id.
 */
export function searchDocumentOf(page: Page, articleHtml: string, areaLabels: Record<string, string>): string | undefined {
  return isSearchable(page) ? indexDocument(page, articleHtml, page.area ? areaLabels[page.area] : undefined) : undefined;
}

/**
 * The HTML Pagefind indexes for a page: its title and headings (weighted above body text by
 * Pagefind), the article with code weighted below prose, and for reference pages the symbol
 * names split into words. Category pages (and other pages that list pages, such as an API tag's) are
 * weighted down so the pages they list rank first. `areaLabel`: the name of the page's area
 * (portal.config.ts), a filter and a word of the page.
 */
export function indexDocument(page: Page, articleHtml: string, areaLabel?: string): string {
  const breadcrumb = (page.breadcrumbs ?? []).map((crumb) => crumb.label).join(' › ');
  const policy = policyOf(page).search || {};
  // Only the page's own symbol is boosted: on a reference page the keywords are its members.
  const own = [page.title].filter((word) => /[a-z][A-Z]|[._]/.test(word));
  // Member names of a reference page stay whole: split, they would make every small
  // interface page rank for everyday words ("background blur").
  const keywords = (page.keywords ?? []).map((word) => (!policy.symbols && /[a-z][A-Z]|[._]/.test(word) ? `${word} ${splitIdentifier(word)}` : word));
  // Category pages rank below the pages they list; reference pages rank by their own name
  // (boosted below), not by the words of their members.
  const weight = policy.listsPages ? ' data-pagefind-weight="0.4"' : '';
  const symbolPage = policy.symbols && !/\/modules(\/[^/]+)?$/.test(page.route);
  const bodyWeight = symbolPage ? ' data-pagefind-weight="0.3"' : '';
  // An operation's request samples repeat it in ten languages: noise for search, and their length
  // would rank the operation below shorter pages. (A guide's tabs are content and stay indexed.)
  const withoutSamples = policy.ignoresSamples ? articleHtml.replace(/<div class="tabs" data-tabs=""/g, '<div class="tabs" data-tabs="" data-pagefind-ignore="all"') : articleHtml;
  const article = withoutSamples
    .replace(/<pre /g, '<pre data-pagefind-weight="0.5" ')
    // Heading anchors ("#"), copy buttons and what a sample was checked with are not content.
    .replace(/<a href="#[^"]*" class="hash-link"[^>]*>#<\/a>/g, '')
    .replace(/<button[^>]*data-copy-code[^>]*>Copy<\/button>/g, '')
    .replace(/<p class="code-block-check">[\s\S]*?<\/p>/g, '');
  // Words for search alone: the dialog cuts excerpts from the rest (src/shared/search/excerpt.ts).
  const ownText = own.map((word) => `${word} ${splitIdentifier(word)}`).join(' ');
  const keywordText = keywords.join(', ');
  const before = wordCount(page.title) + wordCount(page.description ?? '');
  const indexOnly = wordCount(ownText) + wordCount(keywordText) + wordCount(areaLabel ?? '');
  return [
    '<html lang="en"><body>',
    `<main data-pagefind-body${weight}>`,
    `<h1 data-pagefind-meta="title">${escape(page.title)}</h1>`,
    // Metadata and filters as attribute values, so they are not indexed as words of the page.
    areaLabel ? `<span data-pagefind-filter="area:${escape(areaLabel)}" data-pagefind-meta="area:${escape(areaLabel)}"></span>` : '',
    breadcrumb ? `<span data-pagefind-meta="breadcrumb:${escape(breadcrumb)}"></span>` : '',
    `<span data-pagefind-meta="kind:${kindOf(page).shownAs}"></span>`,
    indexOnly ? `<span data-pagefind-meta="${indexOnlyMeta}:${before} ${indexOnly}"></span>` : '',
    page.description ? `<p>${escape(page.description)}</p>` : '',
    ownText ? `<p data-pagefind-weight="3">${escape(ownText)}</p>` : '',
    // Keywords are the writer's own words for what a page answers: they weigh like a heading.
    keywordText ? `<p data-pagefind-weight="${policy.symbols ? 1 : 5}">${escape(keywordText)}</p>` : '',
    // The area's name, so "one-touch join access token" finds that area's pages.
    areaLabel ? `<p data-pagefind-weight="0.5">${escape(areaLabel)}</p>` : '',
    `<div${bodyWeight}>${article}</div>`,
    '</main></body></html>',
  ].join('');
}

/** Words as Pagefind counts them in a page's text: split at white space. */
function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
