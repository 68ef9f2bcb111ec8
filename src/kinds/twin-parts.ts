import { twinLink } from '../markdown-twins/absolute-links.ts';
import { htmlToMarkdown } from '../markdown-twins/html-to-markdown.ts';
import { assistantSection } from '../markdown-twins/llms-txt.ts';
import { twinHeader } from '../markdown-twins/twin-header.ts';
import type { Page } from '../page.ts';
import type { CategoryEntry } from '../shared/page-models.ts';
import { docCardListsInTwin } from '../markdown-twins/theme-components.ts';
import type { TwinContext } from './kind.ts';

/** A twin: the title and summary lines, then the kind's parts. */
export function twinOfParts(page: Page, siteUrl: string, parts: string[]): string {
  return `${[twinHeader(page, siteUrl), ...parts].filter(Boolean).join('\n\n').trim()}\n`;
}

/**
 * The twin of a doc or custom page that has nothing else to make it from (a doc rendered without
 * its parse, a custom page whose file no longer passes the publish rule): the HTML its Markdown
 * source made, the one place a page's HTML is turned back into Markdown. Every generated kind
 * writes its twin from its model instead.
 */
export const twinOfHtml = (page: Page & { body: { html: string } }, context: TwinContext): string => twinOfParts(page, context.siteUrl, [htmlToMarkdown(page.body.html, context.siteUrl, page.route)]);

/** Pages listed with their descriptions, as a category page's twin and a <DocCardList />'s list them. */
export function entriesTwin(page: Page, entries: CategoryEntry[], context: TwinContext): string {
  const target = { route: page.route, siteUrl: context.siteUrl };
  return entries.map((entry) => `- [${entry.title}](${twinLink(entry.href, target)})${entry.badge ? ` \`${entry.badge}\`` : ''}${entry.description ? `: ${entry.description}` : ''}`).join('\n');
}

/** A guide's twin body with its `<DocCardList />` places filled with the cards its page shows. */
export const withDocCards = (twin: string, page: Page & { body: { docCards?: CategoryEntry[] } }, context: TwinContext): string => docCardListsInTwin(twin, entriesTwin(page, page.body.docCards ?? [], context));

/** The areas, as the home and 404 pages point to them; the home page's "Add to your assistant" in the same words. */
export function areasTwin(page: Page, context: TwinContext, withAssistants: boolean): string {
  const parts: string[] = [];
  const target = { route: page.route, siteUrl: context.siteUrl };
  for (const area of context.home) {
    parts.push(`## ${area.title}`, area.summary, [{ label: 'Overview', href: area.href }, ...area.offers].map((offer) => `- [${offer.label}](${twinLink(offer.href, target)})`).join('\n'));
  }
  if (withAssistants) parts.push(assistantSection(context.siteUrl));
  return twinOfParts(page, context.siteUrl, parts);
}
