import Negotiator from 'negotiator';
import { markdownTwinOf } from '../shared/markdown-twin.ts';

// Assistants that ask for a page with `Accept: text/markdown` (Claude Code, Cursor and others do)
// get its Markdown twin at the page's own URL; browsers, which ask for HTML first, get the page.

/** Page URLs: the site root, a clean route, a folder. Files (`/x.css`, `/x.md`) are served as they are. */
const isPagePath = (pathname: string) => pathname.endsWith('/') || !/\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));

/** Whether the request ranks Markdown above HTML (q-values honoured; `*\/*` alone means HTML). */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || !/text\/markdown/i.test(accept)) return false;
  return new Negotiator({ headers: { accept } }).mediaType(['text/html', 'text/markdown']) === 'text/markdown';
}

/**
 * For a page URL: whether its answer depends on `Accept` (it does, so caches must key on it) and,
 * when the request prefers Markdown, the path of the page's twin. `route` is the clean path.
 */
export function negotiatePage(pathname: string, route: string, accept: string | undefined): { varies: boolean; twin?: string } {
  if (!isPagePath(pathname)) return { varies: false };
  return prefersMarkdown(accept) ? { varies: true, twin: markdownTwinOf(route) } : { varies: true };
}
