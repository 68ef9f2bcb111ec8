import { safeRouteHint, unsafeRouteReason } from '../util/slug.ts';
import type { Diagnostics } from '../errors.ts';
import type { Page } from '../page.ts';

/**
 * The one place that knows every URL: route -> page. Two pages on one route ("Case.md" and
 * "case.md", "a b.md" and "a-b.md") is an error naming both files: one would be lost. A route that could name a place outside the output (see unsafeRouteReason) is an
 * error, whatever made it: front matter is checked where it is read, this catches the rest. So is
 * a part of a route too long to be a file name.
 */
// File systems take names of up to 255 bytes. The output names files after each part of a route
// plus an ending ("name.json.br" is the longest today); 16 bytes are kept for the endings.
const maxSegmentBytes = 255 - 16;

export function buildRouteTable(pages: Page[], diagnostics: Diagnostics): Map<string, Page> {
  const table = new Map<string, Page>();
  for (const page of pages) {
    const unsafe = unsafeRouteReason(page.route);
    if (unsafe) {
      diagnostics.error({ file: page.source.file, line: page.source.line, message: `the page's route "${page.route}" cannot be a path of the site: ${unsafe}`, hint: safeRouteHint });
      continue;
    }
    const long = page.route.split('/').find((segment) => Buffer.byteLength(segment) > maxSegmentBytes);
    if (long) {
      diagnostics.error({
        file: page.source.file,
        line: page.source.line,
        message: `the page's route "${page.route.slice(0, 60)}…" has a part ${Buffer.byteLength(long)} bytes long; the files written for it ("${long.slice(0, 12)}….json.br") would pass the 255 bytes a file name may have (ENAMETOOLONG)`,
        hint: `Give the page a shorter URL in its front matter, such as "slug: /guides/short-name" (at most ${maxSegmentBytes} bytes between slashes), or shorten the file name.`,
      });
      continue;
    }
    const existing = table.get(page.route);
    if (existing) {
      diagnostics.error({
        file: page.source.file,
        line: page.source.line,
        message: `route "${page.route}" is also claimed by ${existing.source.file}${existing.source.line !== undefined ? `:${existing.source.line}` : ''}; two pages cannot share one URL, and one of them would be lost`,
        hint: 'Rename one of the files, or give one a different "slug" in its front matter.',
      });
      continue;
    }
    table.set(page.route, page);
  }
  return table;
}

/** Where a route's HTML is written: "/" -> index.html, "/404" -> 404.html, "/a/b" -> a/b/index.html. */
export function htmlFileOf(route: string): string {
  if (route === '/') return 'index.html';
  if (route === '/404') return '404.html';
  return `${route.slice(1)}/index.html`;
}

/** The per-page data file the client router fetches. */
export function dataFileOf(route: string): string {
  return route === '/' ? '_data/index.json' : `_data${route}.json`;
}

/** Request paths that end in ".html" or "/index.html", or "/", name the clean route. */
export function normalizeRequestPath(pathname: string): string {
  let clean = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (clean.length > 1) clean = clean.replace(/\/+$/, '');
  return clean || '/';
}
