import { placeholders } from '../config/load.ts';
import type { RedirectConfig } from '../config/schema.ts';
import { safeRouteHint, unsafeRouteReason } from '../util/slug.ts';
import { closest, type Diagnostics } from '../errors.ts';
import { sha256Hex } from '../util/sha256.ts';

export interface Redirect {
  from: string;
  to: string;
}

/** Expands `{name}` placeholders into one redirect per listed value; checks every target exists. */
export function expandRedirects(configured: RedirectConfig[], routes: Set<string>, diagnostics: Diagnostics): Redirect[] {
  const result: Redirect[] = [];
  configured.forEach((redirect, index) => {
    const target = redirect.to.split('#')[0];
    if (!routes.has(target)) {
      const suggestion = closest(target, routes);
      diagnostics.error({
        file: 'portal.config.ts',
        message: `redirects[${index}].to: "${redirect.to}" is not a page of the site`,
        hint: suggestion ? `Did you mean "${suggestion}"?` : 'Point the redirect at an existing route.',
      });
      return;
    }
    let froms = [redirect.from];
    for (const name of placeholders(redirect.from)) {
      froms = froms.flatMap((from) => (redirect.params?.[name] ?? []).map((value) => from.replace(`{${name}}`, value)));
    }
    for (const from of froms) {
      // Each `from` is written as a stub page at that path of the output.
      const unsafe = unsafeRouteReason(from);
      if (unsafe) {
        diagnostics.error({ file: 'portal.config.ts', message: `redirects[${index}].from: "${from}" cannot be a path of the site: ${unsafe}`, hint: safeRouteHint });
        continue;
      }
      if (routes.has(from)) {
        diagnostics.error({
          file: 'portal.config.ts',
          message: `redirects[${index}].from: "${from}" is a page of the site, so it cannot also redirect`,
          hint: 'Remove the redirect or the page.',
        });
        continue;
      }
      result.push({ from, to: redirect.to });
    }
  });
  return result;
}

/**
 * The URLs portal 0.2's name rule gave docs whose URL changed with the current rule (an
 * underscore, a transliterated letter) redirect to the new one, so links and bookmarks hold.
 * A legacy URL that is now another page's, or already redirected by the config, is left alone.
 */
export function legacyRouteRedirects(docs: { route: string; legacyRoute?: string }[], routes: { has(route: string): boolean }, configured: Redirect[]): Redirect[] {
  const taken = new Set(configured.map((redirect) => redirect.from));
  const result: Redirect[] = [];
  for (const doc of docs) {
    if (!doc.legacyRoute || routes.has(doc.legacyRoute) || taken.has(doc.legacyRoute)) continue;
    taken.add(doc.legacyRoute);
    result.push({ from: doc.legacyRoute, to: doc.route });
  }
  return result;
}

/** A matcher for the server: answers any value of a placeholder, not only the listed ones. */
export function redirectMatcher(configured: RedirectConfig[]): (path: string) => string | undefined {
  const patterns = configured.map((redirect) => ({
    regex: new RegExp(`^${redirect.from.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[a-z]+\\?\}/g, '[a-z0-9-]+')}$`),
    to: redirect.to,
  }));
  return (path) => patterns.find((pattern) => pattern.regex.test(path))?.to;
}

// Stubs carry no inline script (the Content-Security-Policy allows only the theme script):
// this file reads the target from the page and keeps the query and hash.
export const redirectScript =
  "var t=document.querySelector('meta[name=portal-redirect]').content;location.replace(t+location.search+location.hash);";
export const redirectScriptUrl = `/assets/redirect.${sha256Hex(redirectScript).slice(0, 8)}.js`;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An HTML page that sends the reader on at once, for hosts that cannot answer 301. */
export function redirectStub(redirect: Redirect, siteUrl: string): string {
  const to = escapeAttribute(redirect.to);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>Redirecting…</title>',
    '<meta name="robots" content="noindex">',
    `<meta name="portal-redirect" content="${to}">`,
    `<link rel="canonical" href="${escapeAttribute(siteUrl.replace(/\/$/, ''))}${to}">`,
    `<meta http-equiv="refresh" content="0; url=${to}">`,
    `<script src="${redirectScriptUrl}"></script>`,
    '</head>',
    '<body>',
    `<p>This page has moved to <a href="${to}">${to}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Host rules (Netlify / Cloudflare Pages format): one permanent redirect per line. */
export function redirectRules(redirects: Redirect[]): string {
  return redirects.map((redirect) => `${redirect.from} ${redirect.to} 301`).join('\n') + '\n';
}
