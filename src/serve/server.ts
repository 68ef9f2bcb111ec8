import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { normalizeRequestPath } from '../site/routes.ts';
import { contentTypeOf } from './content-types.ts';

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
}

const maxUrlLength = 2048;
/** Names with a content hash (`client.BO63G7LK.js`) never change, so browsers keep them. */
const hashedName = /\.[A-Za-z0-9]{8,}\.(js|css|svg|png|jpg|html|json)$/;

/** Resolves a request path to a file inside root, or undefined; never leaves root. */
export function resolveInside(root: string, pathname: string): string | undefined {
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const resolved = path.resolve(root, `.${pathname}`);
  const base = path.resolve(root);
  if (resolved !== base && !resolved.startsWith(base + path.sep)) return undefined;
  try {
    // Most misses (a clean URL's first guess) end here, without the cost of a thrown error.
    if (!fs.statSync(resolved, { throwIfNoEntry: false })?.isFile()) return undefined;
    // Symlinks are followed only to files inside the output.
    const real = fs.realpathSync.native(resolved);
    const realBase = realRoot(base);
    if (real !== realBase && !real.startsWith(realBase + path.sep)) return undefined;
    return real;
  } catch {
    return undefined;
  }
}

/** The output folder's real path, looked up again only when a build swaps a new folder in. */
const realRoots = new Map<string, { inode: number; real: string }>();
function realRoot(base: string): string {
  const inode = fs.statSync(base).ino;
  const known = realRoots.get(base);
  if (known?.inode === inode) return known.real;
  const real = fs.realpathSync.native(base);
  realRoots.set(base, { inode, real });
  return real;
}

/** The file for a clean URL: /a/b -> a/b/index.html, / -> index.html, /x.css -> x.css. */
function fileFor(root: string, pathname: string): string | undefined {
  if (pathname === '/') return resolveInside(root, '/index.html');
  return resolveInside(root, pathname) ?? resolveInside(root, `${pathname}/index.html`);
}

/**
 * A static server for the built site. Portal decides what is served (clean URLs, 301
 * redirects, the 404 page, the path guard); sirv sends the file: Range requests, ETag and
 * Last-Modified from the file's size and time (no hashing per request), and the build's Brotli
 * or gzip sibling when the browser accepts it.
 */
export function createStaticServer(options: ServerOptions): http.Server {
  const files = fileSender(options.root, options.watch ?? false);
  return http.createServer((request, response) => {
    try {
      handle(request, response, options, files);
    } catch (error) {
      response.statusCode = 500;
      response.end(`Internal error: ${(error as Error).message}`);
    }
  });
}

type Sender = ReturnType<typeof sirv>;

/**
 * sirv, set up for the built site. Without watch mode it lists the output folder once and
 * answers from that list; a build swaps a new folder in by renaming it, so when the folder's
 * identity changes the list is made again (never a stale length). In watch mode single pages are
 * rewritten in place, so each request looks its file up (a stat, not a read).
 */
function fileSender(root: string, watch: boolean): Sender {
  const setup = (dev: boolean) =>
    sirv(root, {
      dev,
      etag: true,
      brotli: true,
      gzip: true,
      extensions: [],
      dotfiles: true,
      setHeaders: (response, pathname) => response.setHeader('Cache-Control', hashedName.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  if (watch) return setup(true);
  let identity = -1;
  let sender: Sender = setup(false);
  return (request, response, next) => {
    const inode = fs.statSync(root).ino;
    if (inode !== identity) {
      identity = inode;
      sender = setup(false);
    }
    sender(request, response, next);
  };
}

function handle(request: http.IncomingMessage, response: http.ServerResponse, options: ServerOptions, files: Sender) {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of Object.entries(options.headers?.() ?? {})) response.setHeader(name, value);
  const url = request.url ?? '/';
  if (url.length > maxUrlLength) return send(response, 414, 'URI too long');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    return send(response, 405, 'Method not allowed');
  }
  if (options.handleExtra?.(request, response)) return;

  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return send(response, 400, 'Bad request');
  }
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').includes('..')) return send(response, 400, 'Bad request');
  const query = new URL(url, 'http://localhost').search;

  // Old paths: answer 301 before looking for files (their stubs exist for other hosts).
  const clean = normalizeRequestPath(pathname);
  const target = options.redirectOf?.(clean);
  if (target) {
    response.writeHead(301, { Location: `${target}${query}`, 'Cache-Control': 'no-cache' });
    return response.end();
  }
  // "/a.html" and "/a/index.html" are the page "/a".
  if (clean !== pathname && (pathname.endsWith('.html') || pathname.endsWith('/')) && pathname !== '/') {
    if (fileFor(options.root, clean)) {
      response.writeHead(301, { Location: `${clean}${query}` });
      return response.end();
    }
  }

  const file = fileFor(options.root, pathname);
  if (!file) return sendWhole(request, response, resolveInside(options.root, '/404.html'), 404, options);
  const type = contentTypeOf(file);
  // Watch mode adds its reload script to every page, so pages are read and rewritten here.
  if (options.transformHtml && type.startsWith('text/html')) return sendWhole(request, response, file, 200, options);
  // sirv is handed the exact file portal resolved (after the path guard), not the request's path.
  response.setHeader('Content-Type', type);
  request.url = encodeURI(`/${path.relative(realRoot(path.resolve(options.root)), file).split(path.sep).join('/')}`);
  files(request, response, () => sendWhole(request, response, file, 200, options));
}

/** The 404 page and watch mode's pages: small HTML read whole, never cached by the browser. */
function sendWhole(request: http.IncomingMessage, response: http.ServerResponse, file: string | undefined, status: number, options: ServerOptions) {
  if (!file) return send(response, status, 'Not found');
  const type = contentTypeOf(file);
  let body: Buffer | string = fs.readFileSync(file);
  if (type.startsWith('text/html') && options.transformHtml) body = options.transformHtml(body.toString('utf8'));
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
  response.end(request.method === 'HEAD' ? undefined : body);
}

function send(response: http.ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(message);
}
