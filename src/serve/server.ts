import fs from 'node:fs';
import http from 'node:http';
import { normalizeRequestPath } from '../site/routes.ts';
import { contentTypeOf } from './content-types.ts';
import { negotiatePage } from './markdown-negotiation.ts';
import { CompressedBodies } from './compressed-bodies.ts';
import { FileBytes } from './file-bytes.ts';
import { outputFiles, type OutputFile, type OutputFiles } from './output-files.ts';
import { sendFile } from './send-file.ts';

export interface ServerOptions {
  root: string;
  port: number;
  host: string;
  /** Answers old paths with 301; built from the config so patterns match any value. */
  redirectOf?: (pathname: string) => string | undefined;
  /** Watch mode hooks: extra routes (live reload) and HTML rewriting (reload script). */
  handleExtra?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean;
  transformHtml?: (html: string) => string;
  /** Extra response headers (the site's security headers), read per request so rebuilds apply. */
  headers?: () => Record<string, string>;
  /** Watch mode: pages are rewritten in place while the server runs. */
  watch?: boolean;
  /** MCP over Streamable HTTP at /mcp (mcp-endpoint.ts): its own methods, answered before the file rules. */
  mcp?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean;
}

const maxUrlLength = 2048;
export const keepAliveMs = 30_000;
/** Names with a content hash (`client.BO63G7LK.js`) never change, so browsers keep them. */
const hashedName = /\.[A-Za-z0-9]{8,}\.(js|css|svg|png|jpg|html|json)$/;

interface Served {
  files: OutputFiles;
  bytes: FileBytes;
  /** Brotli and gzip made on request for files without siblings. */
  compressed: CompressedBodies;
}

/** The file for a clean URL: /a/b -> a/b/index.html, / -> index.html, /x.css -> x.css. */
function fileFor(files: OutputFiles, pathname: string): OutputFile | undefined {
  if (pathname === '/') return files.lookup('/index.html');
  return files.lookup(pathname) ?? files.lookup(`${pathname}/index.html`);
}

/**
 * A static server for the built site. Portal decides what is served (clean URLs, 301
 * redirects, the 404 page, the path guard); send-file.ts sends it: the build's Brotli or gzip
 * sibling by negotiation, 304 from the file's size and time (no hashing), byte ranges, small
 * files from memory.
 */
export function createStaticServer(options: ServerOptions): http.Server {
  const served: Served = { files: outputFiles(options.root, options.watch ?? false), bytes: new FileBytes(), compressed: new CompressedBodies() };
  const server = http.createServer((request, response) => {
    try {
      handle(request, response, options, served);
    } catch (error) {
      response.statusCode = 500;
      response.end(`Internal error: ${(error as Error).message}`);
    }
  });
  // Idle connections are kept 30 s, as production hosts keep them (Node's 5 s default): a client
  // that reuses one just as a short timeout closes it fails its request ("other side closed"),
  // which busy crawlers such as agent-readiness checkers did against `portal serve`.
  server.keepAliveTimeout = keepAliveMs;
  return server;
}

function handle(request: http.IncomingMessage, response: http.ServerResponse, options: ServerOptions, served: Served) {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(options.headers?.() ?? {})) response.setHeader(name, value);
  const url = request.url ?? '/';
  if (url.length > maxUrlLength) return send(response, 414, 'URI too long');
  if (options.mcp?.(request, response)) return;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    return send(response, 405, 'Method not allowed');
  }
  if (options.handleExtra?.(request, response)) return;

  const target = requestTarget(url);
  if (!target) return send(response, 400, 'Bad request');
  const { pathname, query } = target;
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..')) return send(response, 400, 'Bad request');

  // Old paths: answer 301 before looking for files (their stubs exist for other hosts).
  const clean = normalizeRequestPath(pathname);
  const moved = options.redirectOf?.(clean);
  if (moved) {
    response.writeHead(301, { Location: `${moved}${query}`, 'Cache-Control': 'no-cache' });
    return response.end();
  }
  if (isHidden(pathname)) return sendWhole(request, response, served.files.lookup('/404.html'), 404, options, served);
  // "/a.html" and "/a/index.html" are the page "/a".
  if (clean !== pathname && (pathname.endsWith('.html') || pathname.endsWith('/')) && pathname !== '/') {
    if (fileFor(served.files, clean)) {
      response.writeHead(301, { Location: `${clean}${query}` });
      return response.end();
    }
  }

  // A page asked for as Markdown is answered with its twin, when it has one.
  const negotiated = negotiatePage(pathname, clean, request.headers.accept);
  if (negotiated.varies) response.setHeader('Vary', 'Accept');
  const file = (negotiated.twin && served.files.lookup(negotiated.twin)) || fileFor(served.files, pathname);
  if (!file) return sendWhole(request, response, served.files.lookup('/404.html'), 404, options, served);
  const type = contentTypeOf(file.file);
  // Watch mode adds its reload script to every page, so pages are rewritten here.
  if (options.transformHtml && type.startsWith('text/html')) return sendWhole(request, response, file, 200, options, served);
  sendFile(request, response, file, { type, cacheControl: hashedName.test(file.file) ? 'public, max-age=31536000, immutable' : 'no-cache', bytes: served.bytes, compressed: served.compressed });
}

/**
 * The decoded path and the query of a request. Runs of slashes, typed or decoded from `%2F`,
 * are one slash: `//x` is the path `/x`, never the host `x` (which `new URL('//x', base)` would
 * make it), so no redirect built from the path can send the browser to another host.
 */
function requestTarget(url: string): { pathname: string; query: string } | undefined {
  try {
    // Origin form ("/a?b"), as browsers send it, or absolute form ("http://host/a?b"), as proxies may.
    const parsed = new URL(url.startsWith('/') ? `http://localhost${url}` : url);
    return { pathname: decodeURIComponent(parsed.pathname).replace(/\/{2,}/g, '/'), query: parsed.search };
  } catch {
    return undefined;
  }
}

/**
 * Dotfiles and dot-folders (`.env`, `.git/config`) are never served, even when a build left
 * them in the output; `/.well-known/` is the one public dot-folder (security.txt and friends).
 */
function isHidden(pathname: string): boolean {
  return pathname.split('/').some((segment, index) => segment.startsWith('.') && !(index === 1 && segment === '.well-known'));
}

/** The 404 page and watch mode's pages: small HTML sent whole, never cached by the browser. */
function sendWhole(request: http.IncomingMessage, response: http.ServerResponse, file: OutputFile | undefined, status: number, options: ServerOptions, served: Served) {
  if (!file) return send(response, status, 'Not found');
  const type = contentTypeOf(file.file);
  let body: Buffer | string = served.bytes.get(file) ?? fs.readFileSync(file.file);
  if (type.startsWith('text/html') && options.transformHtml) body = options.transformHtml(body.toString('utf8'));
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function send(response: http.ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(message);
}
