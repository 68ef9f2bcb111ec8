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

/** The feeds of a build: each configured docs folder's pages, at "<their common route>/atom.xml". */
export function collectFeeds(feeds: { folder: string; title: string }[], pages: Page[], author: string): { spec: FeedSpec; pages: Page[]; folder: string }[] {
  return feeds.map((feed) => {
    const prefix = `content/docs/${feed.folder.replace(/^\/|\/$/g, '')}/`;
    const members = pages.filter((page) => page.kind === 'doc' && page.source.file.split('\\').join('/').startsWith(prefix));
    return { spec: { title: feed.title, path: `${commonFolder(members.map((page) => page.route))}/atom.xml`, author }, pages: members, folder: feed.folder };
  });
}

/** The deepest route folder that holds every route ("/a/b/c", "/a/b/d" -> "/a/b"). */
function commonFolder(routes: string[]): string {
  if (!routes.length) return '';
  const split = routes.map((route) => route.split('/').slice(0, -1));
  const common: string[] = [];
  for (let index = 0; split.every((parts) => index < parts.length && parts[index] === split[0][index]); index++) common.push(split[0][index]);
  return common.join('/');
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
  const entries = pages
    .map((page) => ({ page, updated: page.lastUpdated ?? fallbackUpdated(page) }))
    .sort((a, b) => b.updated.localeCompare(a.updated) || b.page.route.localeCompare(a.page.route, 'en', { numeric: true }));
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
  for (const { page, updated } of entries) {
    const url = base + page.route;
    lines.push(
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(page.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <updated>${updated}</updated>`,
      ...(page.declaredDates?.date ? [`    <published>${page.declaredDates.date}</published>`] : []),
      ...(page.description ? [`    <summary>${escapeXml(page.description)}</summary>`] : []),
      ...('html' in page.body ? [`    <content type="html">${escapeXml(withoutHeadingLinks(page.body.html))}</content>`] : []),
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
