// Reads hrefs and ids out of the HTML that portal itself wrote. The markup comes from React
// and our own writers (attributes always double-quoted), so a scanner is exact and much
// faster than a full HTML parse over thousands of pages.
const attribute = /\s(href|id)="([^"]*)"/g;

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (value: string) => value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => entities[entity]);

export interface ExtractedLinks {
  hrefs: string[];
  ids: Set<string>;
  /** Links to `.md` files the build found missing: judged as Markdown links (see severityOf), not as hrefs. */
  brokenMarkdown?: string[];
}

const brokenMarkdownLink = /<a [^>]*data-broken-markdown-link[^>]*>/g;

export function extractLinks(html: string): ExtractedLinks {
  const hrefs: string[] = [];
  const ids = new Set<string>();
  // A link to a missing `.md` file keeps its href as written: set aside, to be judged as what it is.
  const brokenMarkdown: string[] = [];
  const checked = !html.includes('data-broken-markdown-link')
    ? html
    : html.replace(brokenMarkdownLink, (tag) => {
        brokenMarkdown.push(decode(/\shref="([^"]*)"/.exec(tag)?.[1] ?? ''));
        return '';
      });
  for (const match of checked.matchAll(attribute)) {
    if (match[1] === 'id') ids.add(decode(match[2]));
    else hrefs.push(decode(match[2]));
  }
  return brokenMarkdown.length ? { hrefs, ids, brokenMarkdown } : { hrefs, ids };
}
