import fs from 'node:fs';
import path from 'node:path';
import { parseFrontMatter } from '../content/front-matter.ts';
import { Diagnostics } from '../errors.ts';
import { checkProjectFile } from '../util/project-files.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HomeArea } from '../../templates/pages/HomePage.tsx';
import { LicenseForm } from '../../templates/pages/LicenseForm.tsx';
import type { Page } from '../page.ts';
import { absoluteUrl, twinUrl } from './absolute-links.ts';
import { type GuideLinkResolvers, guideTwin } from './guide.ts';
import { htmlToMarkdown } from './html-to-markdown.ts';
import { assistantSection } from './llms-txt.ts';
import { operationTwin, overviewTwin } from './openapi.ts';
import { twinHeader } from './twin-header.ts';

export interface TwinContext extends GuideLinkResolvers {
  root: string;
  /** The areas shown on the home page. */
  home: HomeArea[];
}

/**
 * The Markdown twin of any page (the 404 page's points to the areas, like its HTML).
 * Guides come from their source, API pages from the model their HTML was rendered from,
 * npm reference pages from their rendered reference markup, category pages from their list.
 */
export function pageTwin(page: Page, context: TwinContext): string {
  const parts = [twinHeader(page, context.siteUrl)];
  // Docs carry their twin's body, made from the parse their HTML was made from; API pages the
  // view their HTML was rendered from; pages under content/pages are read here.
  const source = page.twin === undefined ? guideSourceOf(page, context) : undefined;
  if (source) {
    const guide = guideTwin({ route: page.route, title: page.title, description: page.description, ...source }, context);
    // The licence request's form says where requests go and what they need: the twin says it too.
    if (page.kind !== 'license-form') return guide;
    const form = renderToStaticMarkup(createElement(LicenseForm, { action: page.body.action, confirmed: page.body.confirmed }));
    return `${guide.trimEnd()}\n\n${htmlToMarkdown(form, context.siteUrl, page.route)}\n`;
  }
  if (page.twin !== undefined) parts.push(page.twin);
  else if (page.kind === 'api-operation') parts.push(operationTwin(page.body.view, { route: page.route, siteUrl: context.siteUrl }));
  else if (page.kind === 'api-overview') parts.push(overviewTwin(page.body.view, { route: page.route, siteUrl: context.siteUrl }));
  else if (page.kind === 'category') {
    parts.push(page.body.entries.map((entry) => `- [${entry.title}](${twinUrlOf(entry.href, context)})${entry.badge ? ` \`${entry.badge}\`` : ''}${entry.description ? `: ${entry.description}` : ''}`).join('\n'));
  } else if (page.kind === 'home' || page.kind === 'not-found') {
    for (const area of context.home) {
      parts.push(`## ${area.title}`, area.summary, [{ label: 'Overview', href: area.href }, ...area.offers].map((offer) => `- [${offer.label}](${twinUrlOf(offer.href, context)})`).join('\n'));
    }
    // The home page's "Add to your assistant", in the same words.
    if (page.kind === 'home') parts.push(assistantSection(context.siteUrl));
  } else if ('html' in page.body) parts.push(htmlToMarkdown(page.body.html, context.siteUrl, page.route));
  return `${parts.filter(Boolean).join('\n\n').trim()}\n`;
}

/** A site route's twin URL; anything else (external links) as it is. */
function twinUrlOf(href: string, context: TwinContext): string {
  if (!href.startsWith('/')) return href;
  const [route, hash] = href.split('#');
  return hash ? absoluteUrl(href, context.siteUrl, route) : twinUrl(route, context.siteUrl);
}

function guideSourceOf(page: Page, context: TwinContext): { body: string; absoluteFile: string } | undefined {
  if ((page.kind !== 'custom' && page.kind !== 'license-form') || !page.source.file.endsWith('.md')) return undefined;
  const absoluteFile = path.resolve(context.root, page.source.file);
  // The page's own publish rule, checked again: the name may lead elsewhere since the page was read.
  const check = checkProjectFile(absoluteFile, [context.root]);
  if (check.status !== 'ok') return undefined;
  // The build has reported this file's front matter problems already.
  const { body } = parseFrontMatter(fs.readFileSync(check.real, 'utf8'), page.source.file, new Diagnostics());
  return { body, absoluteFile };
}
