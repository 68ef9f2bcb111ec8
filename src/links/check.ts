import { closest, type Problem } from '../errors.ts';
import type { CollectedLink } from '../page.ts';
import { normalizeRequestPath } from '../site/routes.ts';
import { isMarkdownFileLink } from '../shared/link-kinds.ts';
import { type ExtractedLinks, extractLinks } from './extract.ts';
import { type BrokenLinkKind, type BrokenLinkPolicy, severityOf, strictPolicy } from './policy.ts';
import { safeDecode } from '../util/safe-decode.ts';

export interface CheckedPage {
  route: string;
  html: string;
  /** The source file named in reports. */
  file: string;
  /** Links from the page's own content, with positions, to point reports at the line. */
  links: CollectedLink[];
  /** The page carries its area's sidebar, which is checked separately once. */
  sidebarShared?: boolean;
  /** The area the page belongs to: its broken-link settings judge the page's links. */
  area?: string;
}

export interface LinkReport {
  checkedPages: number;
  checkedLinks: number;
  /** Broken links as errors and warnings, by the broken-link settings of each page's area. */
  problems: Problem[];
  /** Broken links a setting of "ignore" keeps quiet: listed in the link report, never lost. */
  ignored: Problem[];
  /** The ids each page renders, for checking a single page later. */
  ids?: Map<string, Set<string>>;
}

const external = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** Why a `.md` link can fail the build under `onBrokenMarkdownLinks: 'warn'`: said with each one. */
const markdownLinkPolicyNote = 'As in Docusaurus, it is also a broken link: the stricter of onBrokenMarkdownLinks and onBrokenLinks decides.';

/** A page reduced to what the link check needs, so its HTML need not stay in memory. */
export interface ScannedPage extends ExtractedLinks {
  route: string;
  file: string;
  links: CollectedLink[];
  area?: string;
  /** A page's Markdown twin: the route of its page, whose broken links it does not report again. */
  twinOf?: string;
}

/** Reads a rendered page's hrefs and ids. */
export function scanPage(page: CheckedPage): ScannedPage {
  return { route: page.route, file: page.file, links: page.links, ...(page.area ? { area: page.area } : {}), ...scanHtml(page.html, page.sidebarShared) };
}

/** A page's hrefs and ids; `sidebarShared`: without its area's sidebar, which is checked once, as its own entry. */
export function scanHtml(html: string, sidebarShared = false): ExtractedLinks {
  return extractLinks(sidebarShared ? withoutSidebar(html) : html);
}

const sidebarStart = '<nav class="sidebar-nav" aria-label="Docs sidebar">';

function withoutSidebar(html: string): string {
  const start = html.indexOf(sidebarStart);
  const end = start < 0 ? -1 : html.indexOf('</nav>', start);
  return end < 0 ? html : html.slice(0, start) + html.slice(end + '</nav>'.length);
}

/** Where an href points: the page or file path, the anchor, and the path as written. */
interface Resolved {
  path: string;
  hash: string;
  pathname: string;
}

/**
 * Resolves hrefs against a page's URL. The shell's links (navbar, footer) are the same on every
 * page and root-relative, so each distinct href is parsed once, not once per page.
 */
function hrefResolver() {
  const known = new Map<string, Resolved>();
  const resolve = (href: string, route: string): Resolved => {
    // An anchor on the same page (a table of contents has dozens): the page's own path.
    if (href.startsWith('#')) return { ...resolve('', route), hash: safeDecode(href.slice(1)) };
    const key = href.startsWith('/') && !href.startsWith('//') ? href : `${route}\0${href}`;
    let resolved = known.get(key);
    if (!resolved) {
      const url = new URL(href, `http://portal.invalid${route}`);
      resolved = { path: normalizeRequestPath(safeDecode(url.pathname)), hash: safeDecode(url.hash.slice(1)), pathname: url.pathname };
      known.set(key, resolved);
    }
    return resolved;
  };
  return resolve;
}

/**
 * Resolves every internal href and #anchor against the pages, redirects and files of the
 * output. `targets` holds non-page paths that exist (assets, redirect stubs, data files).
 */
export function checkLinks(pages: CheckedPage[], targets: Set<string>, knownIds?: Map<string, Set<string>>, policy: BrokenLinkPolicy = strictPolicy): LinkReport {
  return checkScannedLinks(pages.map(scanPage), targets, knownIds, policy);
}

/** `policy`: the broken-link settings (`onBrokenLinks` and the rest) that make each problem an error, a warning or ignored. */
export function checkScannedLinks(pages: ScannedPage[], targets: Set<string>, knownIds?: Map<string, Set<string>>, policy: BrokenLinkPolicy = strictPolicy): LinkReport {
  // Watch mode checks one page against the ids of all the others, remembered from the last build.
  const idsByRoute = new Map<string, Set<string>>(knownIds);
  for (const page of pages) idsByRoute.set(page.route, page.ids);
  const routes = [...idsByRoute.keys()];
  const problems: Problem[] = [];
  const ignored: Problem[] = [];
  let checkedLinks = 0;
  // A broken link in the shell (navbar, footer, sidebar) is on every page: report it once.
  const reportedShell = new Set<string>();
  // Spec text shared by many pages (a schema's description) carries the same link to each:
  // one problem per distinct link and place, with the number of pages it is on.
  const pagesByProblem = new Map<string, { problem: Problem; routes: string[] }>();
  const resolve = hrefResolver();
  // What each page reported, so its twin (checked after it) does not say the same thing twice.
  const brokenOf = new Map<string, Set<string>>();

  /** Files a problem as an error, a warning or ignored, by the setting for its kind on the page's area. */
  const judge = (problem: Omit<Problem, 'severity'>, kind: BrokenLinkKind, area: string | undefined) => {
    const severity = severityOf(policy, kind, area);
    const judged: Problem = { ...problem, severity: severity ?? 'warning' };
    (severity ? problems : ignored).push(judged);
    return judged;
  };

  for (const page of pages) {
    const reported = new Set<string>();
    const reportedByPage = page.twinOf === undefined ? undefined : brokenOf.get(page.twinOf);
    brokenOf.set(page.route, reported);
    // Links to `.md` files that are not there, found while the page was rendered.
    for (const href of page.brokenMarkdown ?? []) {
      checkedLinks++;
      const { path, hash, pathname } = resolve(href, page.route);
      // A twin's is one left as written: broken unless a file is there after all.
      if (page.twinOf !== undefined && (idsByRoute.has(path) || targets.has(path) || targets.has(pathname))) continue;
      const key = `${path}#${hash}`;
      // The twin carries the page's broken link as written, read from another folder (a split twin's part): known by its text too.
      const written = `written:${href}`;
      if (reported.has(key) || reportedByPage?.has(key) || reportedByPage?.has(written)) continue;
      reported.add(key).add(written);
      const origin = page.links.find((link) => link.href === href);
      const where = origin?.where ? ` (at ${origin.where})` : '';
      judge({ file: page.file, line: origin?.line, column: origin?.column, message: `link to "${href}" points to a Markdown file that does not exist${where}`, hint: `Check the file name and folder: a relative link is read from the page's folder, a link starting with "/" from the area's folder, then content/docs. ${markdownLinkPolicyNote}` }, 'markdown-link', page.area);
    }
    for (const href of page.hrefs) {
      if (!href || external.test(href)) continue;
      checkedLinks++;
      const { path, hash, pathname } = resolve(href, page.route);
      const key = `${path}#${hash}`;
      if (reported.has(key) || reportedByPage?.has(key)) continue;
      let message: string | undefined;
      let hint: string | undefined;
      let kind: BrokenLinkKind = 'link';
      if (!idsByRoute.has(path) && !targets.has(path) && !targets.has(pathname)) {
        // A "/guides/setup.md" that names no doc and no file is a broken Markdown link, as in Docusaurus
        // (in a twin, a ".md" URL is another page's twin: a link like any other).
        if (!page.twinOf && isMarkdownFileLink(href)) kind = 'markdown-link';
        message = kind === 'markdown-link' ? `link to "${href}" points to a Markdown file that does not exist` : `link to "${href}" not found`;
        const suggestion = closest(path, routes);
        hint = suggestion ? `Did you mean "${suggestion}"?` : 'Check the path against routes.json.';
        if (kind === 'markdown-link') hint = `${hint} ${markdownLinkPolicyNote}`;
      } else if (hash && idsByRoute.has(path) && !idsByRoute.get(path)!.has(hash)) {
        message = `link to "${href}": the page has no heading or element with id "${hash}"`;
        kind = 'anchor';
        const suggestion = closest(hash, idsByRoute.get(path)!);
        hint = suggestion ? `Did you mean "#${suggestion}"?` : 'Anchors are heading texts in lower case with "-" for spaces.';
      }
      if (!message) continue;
      reported.add(key);
      const origin = page.links.find((link) => link.href === href);
      if (!origin) {
        if (reportedShell.has(key)) continue;
        reportedShell.add(key);
        message = `${message} (on ${page.route}, outside the page's own content: navbar, footer, sidebar or a generated list)`;
      }
      if (origin?.written && origin.written !== href) message = message.replace(`link to "${href}"`, `link to "${origin.written}" (read as "${href}")`);
      if (origin?.where) message = `${message} (at ${origin.where})`;
      if (origin?.hint) hint = [hint, origin.hint].filter(Boolean).join(' ');
      const problemKey = `${page.file}|${origin?.line}|${origin?.column}|${message}`;
      const known = pagesByProblem.get(problemKey);
      if (known) {
        known.routes.push(page.route);
        continue;
      }
      const problem = judge({ file: page.file, line: origin?.line, column: origin?.column, message, hint }, kind, page.area);
      pagesByProblem.set(problemKey, { problem, routes: [page.route] });
    }
  }
  for (const { problem, routes: on } of pagesByProblem.values()) if (on.length > 1) problem.message = `${problem.message} (on ${on.length} pages, first ${on[0]})`;
  return { checkedPages: pages.length, checkedLinks, problems, ignored, ids: idsByRoute };
}
