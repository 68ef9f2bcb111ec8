import { fromHtml } from 'hast-util-from-html';
import { defaultSchema, sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';

// HTML that writers put in the config (a navbar `html` item) is rendered as markup, so it goes
// through GitHub's allowlist: no script, no event handlers, no javascript: URLs, no frames.
export function sanitizeHtml(html: string): string {
  return toHtml(sanitize(fromHtml(html, { fragment: true }), { ...defaultSchema, clobberPrefix: '' }));
}
