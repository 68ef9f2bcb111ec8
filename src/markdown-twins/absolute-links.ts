// Twins are read outside the site (pasted into an assistant, fetched by a tool), so every
// link in them must work on its own: site paths and fragments become absolute URLs.

const external = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** "/docs/x#y" -> "https://site/docs/x#y"; "#y" -> the page's own URL; external links unchanged. */
export function absoluteUrl(href: string, siteUrl: string, pageRoute: string): string {
  if (external.test(href)) return href;
  const base = siteUrl.replace(/\/$/, '');
  if (href.startsWith('#')) return `${base}${pageRoute === '/' ? '/' : pageRoute}${href}`;
  if (href.startsWith('/')) return `${base}${href}`;
  return href;
}

/** The public URL of a page's twin: "/a/b#c" -> "https://site/a/b.md#c"; the home page -> ".../index.md". */
export function twinUrl(route: string, siteUrl: string): string {
  const base = siteUrl.replace(/\/$/, '');
  const cut = route.indexOf('#');
  const [path, hash] = cut < 0 ? [route, ''] : [route.slice(0, cut), route.slice(cut)];
  return path === '/' ? `${base}/index.md${hash}` : `${base}${path}.md${hash}`;
}

/** The page a twin is written for, and the site it is on. */
export interface TwinTarget {
  route: string;
  siteUrl: string;
}

/**
 * A link of a page as its twin gives it: a site route to the twin of that page, fragment kept
 * ("/a/b#c" -> "https://site/a/b.md#c"); "#c" to this page's own URL; external links unchanged.
 */
export const twinLink = (href: string, target: TwinTarget): string => (href.startsWith('/') ? twinUrl(href, target.siteUrl) : absoluteUrl(href, target.siteUrl, target.route));

/** Where a page's twin is written (contract with the page controls): "<route>.md" and "<route>/index.md". */
export function twinFilesOf(route: string): string[] {
  if (route === '/') return ['index.md'];
  return [`${route.slice(1)}.md`, `${route.slice(1)}/index.md`];
}
