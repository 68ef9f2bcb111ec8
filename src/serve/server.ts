import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
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
}

const maxUrlLength = 2048;

/** Resolves a request path to a file inside root, or undefined; never leaves root. */
export function resolveInside(root: string, pathname: string): string | undefined {
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const resolved = path.resolve(root, `.${pathname}`);
  const base = path.resolve(root);
  if (resolved !== base && !resolved.startsWith(base + path.sep)) return undefined;
  try {
    const real = fs.realpathSync(resolved);
    const realBase = fs.realpathSync(base);
    if (real !== realBase && !real.startsWith(realBase + path.sep)) return undefined;
    return fs.statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The file for a clean URL: /a/b -> a/b/index.html, / -> index.html, /x.css -> x.css. */
function fileFor(root: string, pathname: string): string | undefined {
  if (pathname === '/') return resolveInside(root, '/index.html');
  return resolveInside(root, pathname) ?? resolveInside(root, `${pathname}/index.html`);
}

/** A static server for the built site: clean URLs, 404 page, 301 redirects, ETags, safe paths. */
export function createStaticServer(options: ServerOptions): http.Server {
  return http.createServer((request, response) => {
    try {
      handle(request, response, options);
    } catch (error) {
      response.statusCode = 500;
      response.end(`Internal error: ${(error as Error).message}`);
    }
  });
}

function handle(request: http.IncomingMessage, response: http.ServerResponse, options: ServerOptions) {
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
  if (!file) {
    const notFound = resolveInside(options.root, '/404.html');
    return serveFile(request, response, notFound, 404, options);
  }
  serveFile(request, response, file, 200, options);
}

function serveFile(request: http.IncomingMessage, response: http.ServerResponse, file: string | undefined, status: number, options: ServerOptions) {
  if (!file) return send(response, status, 'Not found');
  let body: Buffer | string = fs.readFileSync(file);
  const type = contentTypeOf(file);
  if (type.startsWith('text/html') && options.transformHtml) body = options.transformHtml(body.toString('utf8'));
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  const hashed = /\.[A-Za-z0-9]{8,}\.(js|css|svg|png|jpg|html|json)$/.test(file);
  response.setHeader('Content-Type', type);
  response.setHeader('ETag', etag);
  response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (status === 200 && request.headers['if-none-match'] === etag) {
    response.statusCode = 304;
    return response.end();
  }
  response.statusCode = status;
  response.setHeader('Content-Length', Buffer.byteLength(body));
  response.end(request.method === 'HEAD' ? undefined : body);
}

function send(response: http.ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(message);
}
