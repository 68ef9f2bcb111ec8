// Where a page's Markdown twin lives (written by the build for every page route: `/x/y` has
// `/x/y.md` and `/x/y/index.md`; the home page has `/index.md`).

/** The twin's path on this site, for fetching it and linking to it. */
export function markdownTwinPath(route: string): string {
  return route === '/' ? '/index.md' : `${route.replace(/\/$/, '')}.md`;
}

/** The twin's absolute URL on the production site (`url` + `baseUrl`), for tools outside it. */
export function markdownTwinUrl(route: string, site: { url: string; baseUrl: string }): string {
  return `${site.url.replace(/\/$/, '')}${site.baseUrl.replace(/\/$/, '')}${markdownTwinPath(route)}`;
}
