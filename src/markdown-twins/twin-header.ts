// What every twin opens with, so an assistant handed a twin alone knows what it holds, where
// the page lives and where the index of every other page is.

export interface TwinHeading {
  route: string;
  title: string;
  description?: string;
}

/** The index of the site's twins an assistant should read first. */
export const llmsIndexUrl = (siteUrl: string) => `${siteUrl.replace(/\/$/, '')}/llms.txt`;

/** The page's URL as readers open it (its canonical link). */
export const pageUrl = (route: string, siteUrl: string) => `${siteUrl.replace(/\/$/, '')}${route}`;

/**
 * "# Title", the one-line summary as a blockquote, then the page's URL and the site's llms.txt,
 * each on a line of its own.
 */
export function twinHeader(page: TwinHeading, siteUrl: string): string {
  return [
    `# ${page.title}`,
    page.description ? `> ${page.description.replace(/\s+/g, ' ').trim()}` : '',
    `Source: <${pageUrl(page.route, siteUrl)}>\\\nEvery page of this site, as Markdown for assistants: <${llmsIndexUrl(siteUrl)}>`,
  ]
    .filter(Boolean)
    .join('\n\n');
}
