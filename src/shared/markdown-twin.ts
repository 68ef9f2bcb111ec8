// Where a page's Markdown twin lives (written by the build for every page route: `/x/y` has
// `/x/y.md` and `/x/y/index.md`; the home page has `/index.md`).

/** The twin of a page route, or of a page's absolute URL (its canonical link). */
export function markdownTwinOf(page: string): string {
  return page.endsWith('/') ? `${page}index.md` : `${page}.md`;
}
