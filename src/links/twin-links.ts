import { markdownTwinOf } from '../shared/markdown-twin.ts';
import type { CollectedLink } from '../page.ts';
import { isMarkdownFileLink } from '../shared/link-kinds.ts';
import type { ScannedPage } from './check.ts';

// Code is text for a reader, not a link to follow: fenced blocks and inline code are left out.
const fencedCode = /^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\2[`~]*[ \t]*(?=\n|$)|(?![\s\S]))/gm;
const inlineCode = /(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g;
// Inline links and images "](url)", autolinks "<url>" and definitions "[x]: url".
const linkTargets = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|<(https?:\/\/[^>\s]+)>|^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm;

/**
 * A page's Markdown twin reduced to what the link check needs: its links to this site, as site
 * paths (the twin writes them as absolute URLs), and any link it left relative. Twins are read by
 * assistants that follow their links, so a twin's broken link fails the build like the page's
 * (one its page reports already is not reported twice: check the page first). Each link takes
 * its line in the source from the page's own link of the same href, and a `.md` link the build
 * left as written is a broken Markdown link, judged by `onBrokenMarkdownLinks` as on the page.
 */
export function scanTwin(page: { route: string; file: string; area?: string; links?: CollectedLink[] }, twin: string, siteUrl: string, twinRoute = markdownTwinOf(page.route)): ScannedPage {
  const base = siteUrl.replace(/\/$/, '');
  const prose = twin.replace(fencedCode, '').replace(inlineCode, '');
  const hrefs: string[] = [];
  for (const match of prose.matchAll(linkTargets)) {
    const url = match[1] ?? match[2] ?? match[3];
    if (url.startsWith(`${base}/`) || url === base) hrefs.push(pageAnchorOf(url.slice(base.length) || '/'));
    else if (!/^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url)) hrefs.push(url);
  }
  const where = "the page's Markdown twin";
  const sourceOf = (href: string) => page.links?.find((link) => link.href === href || link.written === href);
  const links = hrefs.map((href): CollectedLink => {
    const source = sourceOf(href);
    return { href, where, ...(source?.line === undefined ? {} : { line: source.line, column: source.column }), ...(source?.written ? { written: source.written } : {}) };
  });
  // Left relative, a ".md" link is one the build could not resolve: the page's broken Markdown link, as the twin carries it.
  const brokenMarkdown = hrefs.filter((href) => !href.startsWith('/') && isMarkdownFileLink(href));
  return { route: twinRoute, twinOf: page.route, file: page.file, ...(page.area ? { area: page.area } : {}), links, hrefs: hrefs.filter((href) => !brokenMarkdown.includes(href)), brokenMarkdown, ids: new Set() };
}

/** A twin's anchor ("/a/b.md#part") is its page's heading: checked against the page's ids. */
function pageAnchorOf(href: string): string {
  const cut = href.indexOf('#');
  if (cut < 0 || !href.slice(0, cut).endsWith('.md')) return href;
  const twin = href.slice(0, cut);
  const page = twin === '/index.md' ? '/' : twin.replace(/(\/index)?\.md$/, '');
  return page + href.slice(cut);
}
