import fs from 'node:fs';
import path from 'node:path';
import { closest } from '../errors.ts';
import { routeManifestFile } from '../site/sitemap.ts';

/** "https://any.host/docs/a/b/?x#y", "/docs/a/b.md", "docs/a/b/index.html" -> "/docs/a/b". */
export function routeOf(page: string): string {
  let pathname = page.trim();
  try {
    pathname = new URL(pathname).pathname;
  } catch {
    pathname = pathname.split(/[?#]/)[0];
  }
  pathname = `/${pathname.replace(/^\/+/, '')}`
    .replace(/\/index\.(md|html)$/, '')
    .replace(/\.(md|html)$/, '')
    .replace(/\/+$/, '');
  return pathname || '/';
}

export type ReadResult = { ok: true; route: string; markdown: string } | { ok: false; message: string };

/** The Markdown twin of a page of the built site, or a message naming the closest routes. */
export function readPage(dist: string, page: string): ReadResult {
  const route = routeOf(page);
  const file = path.resolve(dist, route === '/' ? 'index.md' : `.${route}.md`);
  if (file.startsWith(path.resolve(dist) + path.sep) && fs.existsSync(file)) return { ok: true, route, markdown: fs.readFileSync(file, 'utf8') };
  const routes = knownRoutes(dist);
  const suggestion = closest(route, routes);
  return { ok: false, message: `no page at "${route}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} Use the search tool to find pages; read_page takes a route such as "/docs/vpaas/introduction" or a page URL.` };
}

function knownRoutes(dist: string): string[] {
  const file = path.join(dist, routeManifestFile);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { route: string }[]).map((entry) => entry.route) : [];
}
