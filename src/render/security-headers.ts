import { scriptHash } from './head-script.ts';

/**
 * The Content-Security-Policy of the site: scripts only from the site itself plus the one
 * inline head script (by hash); WebAssembly for the search engine; no plugins, no framing by
 * other sites. Written to `_headers` for hosts, and sent by `portal serve`.
 */
export function contentSecurityPolicy(headScript: string, formAction: string, media: { imageHosts: string[]; videoHosts: string[] } = { imageHosts: [], videoHosts: [] }): string {
  const formTarget = formAction.startsWith('mailto:') ? 'mailto:' : new URL(formAction).origin;
  const hosts = (list: string[]) => list.map((host) => ` https://${host}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHash(headScript)} 'wasm-unsafe-eval'`,
    // React sets a few style attributes (the announcement bar's colours).
    "style-src 'self' 'unsafe-inline'",
    // Outside images and embeds only from the hosts portal.config.ts names under `media`.
    `img-src 'self' data:${hosts(media.imageHosts)}`,
    ...(media.videoHosts.length ? [`media-src 'self'${hosts(media.videoHosts)}`, `frame-src${hosts(media.videoHosts)}`] : []),
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${formTarget}`,
    "frame-ancestors 'self'",
  ].join('; ');
}

export function headersFile(csp: string): string {
  return [
    '/*',
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}

/** The headers of the `/*` block of a `_headers` file, for `portal serve`. */
export function siteHeaders(file: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inSiteBlock = false;
  for (const line of file.split('\n')) {
    if (!line.startsWith(' ')) inSiteBlock = line.trim() === '/*';
    else if (inSiteBlock) {
      const match = /^\s+([^:]+):\s*(.*)$/.exec(line);
      if (match) headers[match[1]] = match[2];
    }
  }
  return headers;
}
