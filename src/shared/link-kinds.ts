// What kind of link an href is, as writers write them in Markdown. The Markdown pipeline and the
// link check both ask; the link check (`portal check-links`) must not load the pipeline to know.

const external = /^[a-z][a-z0-9+.-]*:/i;

/** A link to a Markdown file, relative ("../setup.md#part") or from the docs root ("/guides/setup.md"). */
export function isMarkdownFileLink(href: string): boolean {
  return /\.mdx?(#|$)/.test(href) && !href.startsWith('//') && !external.test(href);
}

/** A link such as "../other-page" or "sibling#part": relative, and not to a Markdown file. */
export function isRelativeRouteLink(href: string): boolean {
  return href !== '' && !href.startsWith('/') && !href.startsWith('#') && !href.startsWith('?') && !external.test(href) && !/\.mdx?([#?]|$)/.test(href);
}
