import { closest } from '../errors.ts';
import { routeManifestFile } from '../site/route-manifest-file.ts';
import { readJson, readText, type SiteSource } from './site-source.ts';

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

/** The Markdown twin of a page of the site, or a message naming the closest routes. */
export async function readPage(source: SiteSource, page: string): Promise<ReadResult> {
  const route = routeOf(page);
  const markdown = await readText(source, route === '/' ? '/index.md' : `${route}.md`);
  if (markdown !== undefined) return { ok: true, route, markdown };
  const suggestion = closest(route, await knownRoutes(source));
  return { ok: false, message: `no page at "${route}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} Use the search tool to find pages; read_page takes a route such as "/docs/vpaas/introduction" or a page URL.` };
}

/** Every route of the site, from its route manifest. */
export async function knownRoutes(source: SiteSource): Promise<string[]> {
  return ((await readJson<{ route: string }[]>(source, `/${routeManifestFile}`)) ?? []).map((entry) => entry.route);
}
