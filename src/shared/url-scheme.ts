// The one rule for which URLs the site may publish, whatever field they come from (a Markdown
// link or image, a raw HTML attribute, portal.config.ts). Pure, so any layer can ask it.

// Schemes that run code or stand in for a whole document when opened, and file: (a path on the
// writer's own disk, broken for every reader).
const blockedSchemes = new Set(['javascript', 'vbscript', 'data', 'file']);

// Raster images written inline. Not svg+xml: opened on its own, an SVG document runs script.
const inlineImage = /^data:image\/(png|jpeg|gif|webp|avif)[;,]/i;

/**
 * The scheme a browser reads in a URL, lower-cased, or undefined for a relative URL. Browsers drop
 * leading control characters and spaces and every tab or line break before they parse, so
 * " java\tscript:" is javascript: to them and must be to us.
 */
export function urlScheme(url: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(asBrowserReads(url))?.[1].toLowerCase();
}

/**
 * A host written as a path: two leading slashes of which one at least is a backslash ("/\\x.com",
 * "\\\\x.com", "\\/x.com"), which browsers read as "//x.com". A plain "//x.com" says what it is.
 */
function disguisedHost(url: string): boolean {
  return /^(\\[\\/]|\/\\)/.test(asBrowserReads(url));
}

function asBrowserReads(url: string): string {
  return url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
}

export interface UnsafeUrl {
  /** What was refused and what is allowed, one line. */
  message: string;
  /** Why, and how to fix it. */
  hint: string;
}

/**
 * The one decision on a URL the site would publish: undefined when it may be published, else the
 * error to report. `what` names the field in the writer's terms ("link", "image", "<a href>");
 * `image` is for an image's own source, where an inline raster image (data:image/png) may stand.
 */
export function unsafeUrl(what: string, url: string, { image = false }: { image?: boolean } = {}): UnsafeUrl | undefined {
  if (disguisedHost(url)) {
    return {
      message: `unsafe ${what} ${JSON.stringify(url.slice(0, 40))}: it looks like a site path, but browsers open it on another host`,
      hint: 'Browsers read a backslash as a slash, so "/\\example.com" is "//example.com", another site. Link to a site path ("/docs/...") or an https:// address.',
    };
  }
  const scheme = urlScheme(url);
  if (!scheme || !blockedSchemes.has(scheme)) return undefined;
  if (scheme === 'data' && image && inlineImage.test(asBrowserReads(url))) return undefined;
  const why =
    scheme === 'data'
      ? image ? 'A data: image other than PNG, JPEG, GIF, WebP or AVIF can carry script' : 'A data: URL opens as a page of its own and can carry script'
      : scheme === 'file' ? 'A file: URL points into your own disk, not to the site' : `A ${scheme}: URL runs script`;
  const allowed = image ? 'only http(s), site paths and inline PNG, JPEG, GIF, WebP or AVIF images are allowed' : 'only http(s), mailto and site paths are allowed';
  return {
    message: `unsafe ${what} ${JSON.stringify(url.slice(0, 40))}: ${allowed}`,
    hint: image ? `${why}. Use an image file saved next to the page, a site path or an https:// address.` : `${why}. Link to a site path ("/docs/...") or an https:// address.`,
  };
}
