import { feedEntryOf, policyOf } from '../kinds/table.ts';
import type { Page } from '../page.ts';

export interface FeedSpec {
  /** The feed's title, e.g. "Web App 3 plugins: what's new". */
  title: string;
  /** Its URL path, e.g. "/docs/.../changelog/atom.xml". */
  path: string;
  /** Atom requires an author: the site. */
  author: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The feeds of a build: each configured docs folder's pages, at "<their common route>/atom.xml",
 * then the feed of each page that has its own (a generated changelog), at "<its route>/atom.xml".
 */
export function collectFeeds(feeds: { folder: string; title: string }[], pages: Page[], author: string): { spec: FeedSpec; pages: Page[]; folder: string }[] {
  const folders = feeds.map((feed) => {
    const prefix = `content/docs/${feed.folder.replace(/^\/|\/$/g, '')}/`;
    const members = pages.filter((page) => policyOf(page).feed && page.source.file.split('\\').join('/').startsWith(prefix));
    return { spec: { title: feed.title, path: `${commonFolder(members.map((page) => page.route))}/atom.xml`, author }, pages: members, folder: feed.folder };
  });
  const own = pages.filter((page) => page.feed).map((page) => ({ spec: { title: page.feed!.title, path: `${page.route}/atom.xml`, author }, pages: [page], folder: page.route }));
  return [...folders, ...own];
}

/** The deepest route folder that holds every route ("/a/b/c", "/a/b/d" -> "/a/b"). */
function commonFolder(routes: string[]): string {
  if (!routes.length) return '';
  const split = routes.map((route) => route.split('/').slice(0, -1));
  const common: string[] = [];
  for (let index = 0; split.every((parts) => index < parts.length && parts[index] === split[0][index]); index++) common.push(split[0][index]);
  return common.join('/');
}

/** One entry of a feed: a page, or a section of a page that has its own feed. */
interface FeedEntry {
  /** Site path, with the section's anchor. */
  url: string;
  title: string;
  updated: string;
  published?: string;
  summary?: string;
  html?: string;
}

/** Heading "#" links help on the page and are noise in a feed reader. */
const withoutHeadingLinks = (html: string) => html.replace(/<a href="#[^"]*" class="hash-link"[^>]*>#<\/a>/g, '');

/**
 * An Atom 1.0 feed (RFC 4287) of pages: each entry's id is the page's permanent URL, its
 * `updated` the page's "Last updated" (front matter, else git; `fallbackUpdated` when neither
 * can say: Atom requires a date), its `published` the front matter `date` when there is one (a
 * release date), its content the page's article HTML, with relative links resolved by xml:base.
 */
export function buildAtomFeed(spec: FeedSpec, pages: Page[], siteUrl: string, fallbackUpdated: (page: Page) => string): string {
  const base = siteUrl.replace(/\/$/, '');
  const entries: FeedEntry[] = pages
    .flatMap((page): FeedEntry[] =>
      page.feed
        ? page.feed.entries.map((entry) => ({
            url: `${page.route}${entry.anchor ? `#${entry.anchor}` : ''}`,
            title: entry.title,
            updated: entry.updated ?? page.lastUpdated ?? fallbackUpdated(page),
            html: entry.html ?? feedEntryOf(page, entry.anchor),
          }))
        : [{ url: page.route, title: page.title, updated: page.lastUpdated ?? fallbackUpdated(page), published: page.declaredDates?.date, summary: page.description, html: 'html' in page.body ? page.body.html : undefined }],
    )
    .sort((a, b) => b.updated.localeCompare(a.updated) || b.url.localeCompare(a.url, 'en', { numeric: true }));
  const feedUpdated = entries.reduce((newest, entry) => (entry.updated > newest ? entry.updated : newest), entries[0]?.updated ?? '1970-01-01T00:00:00Z');
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${escapeXml(`${base}/`)}" xml:lang="en">`,
    `  <id>${escapeXml(base + spec.path)}</id>`,
    `  <title>${escapeXml(spec.title)}</title>`,
    `  <updated>${feedUpdated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(base + spec.path)}"/>`,
    `  <author><name>${escapeXml(spec.author)}</name></author>`,
    `  <generator>portal</generator>`,
  ];
  for (const entry of entries) {
    const url = base + entry.url;
    lines.push(
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <updated>${entry.updated}</updated>`,
      ...(entry.published ? [`    <published>${entry.published}</published>`] : []),
      ...(entry.summary ? [`    <summary>${escapeXml(entry.summary)}</summary>`] : []),
      ...(entry.html !== undefined ? [`    <content type="html">${escapeXml(withoutHeadingLinks(entry.html))}</content>`] : []),
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
