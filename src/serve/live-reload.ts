import type http from 'node:http';
import net from 'node:net';
import { pagesChangedEvent, searchIndexChangedEvent } from '../shared/live-events.ts';

// Watch mode's reload channel: a server-sent-events stream the pages listen to. Only pages of
// this origin may connect, so another site open in the browser cannot watch our rebuilds.
// The page knows which build it shows; a page that connects after a newer build (it was
// still loading when the reload was sent) reloads at once instead of missing it.
const clientScript = `(() => {
  let shown = document.currentScript && document.currentScript.dataset.build;
  const source = new EventSource('/_portal/live');
  source.addEventListener('hello', (event) => { if (shown && event.data !== shown) location.reload(); });
  source.addEventListener('reload', (event) => {
    const { build, routes } = JSON.parse(event.data);
    // Only some pages changed and the shell is running: it refreshes the open page in place when
    // it is one of them (no full reload: faster, and the scroll position stays).
    if (routes && document.documentElement.dataset.hydrated === 'true') {
      shown = String(build);
      dispatchEvent(new CustomEvent('${pagesChangedEvent}', { detail: routes }));
      return;
    }
    location.reload();
  });
  source.addEventListener('search-index', () => dispatchEvent(new Event('${searchIndexChangedEvent}')));
  source.addEventListener('build-error', (event) => {
    let box = document.getElementById('portal-build-error');
    if (!box) { box = document.createElement('pre'); box.id = 'portal-build-error'; box.setAttribute('role', 'alert');
      box.style.cssText = 'position:fixed;inset:auto 0 0 0;max-height:50vh;overflow:auto;margin:0;padding:1rem;background:#5c0b0b;color:#fff;z-index:1000;font-size:14px;white-space:pre-wrap';
      document.body.append(box); }
    box.textContent = 'portal: the last save did not build; still showing the previous version.\\n\\n' + JSON.parse(event.data);
  });
})();`;

// Names of this machine a browser may put in Host: a page of another site that rebinds its own
// name to 127.0.0.1 sends that name instead, so it cannot read the channel (build errors quote
// the sources) nor drive /mcp.
const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];
const wildcardHosts = ['0.0.0.0', '::', ''];

/** Where a server listens: the host it was bound to (an address or a name) and its port. */
export interface ListeningAddress {
  host: string;
  port: number;
}

/**
 * Whether a request's Host header (lowercase) names this server: a loopback name or the bound
 * host, at the server's port. Bound to every interface, the server is reached by the machine's
 * addresses too; an address typed as digits cannot be rebound (only names can), so any one is
 * taken. The one rule of live reload and /mcp.
 */
export function hostNamesServer(host: string | undefined, server: ListeningAddress | undefined): boolean {
  if (!host || !server) return false;
  const bound = net.isIPv6(server.host) ? `[${server.host}]` : server.host;
  const names = [...loopbackNames, bound.toLowerCase()];
  if (names.some((name) => (server.port === 80 ? host === name || host === `${name}:80` : host === `${name}:${server.port}`))) return true;
  if (!wildcardHosts.includes(server.host)) return false;
  const literal = /^\[([0-9a-f:.]+)\](?::(\d+))?$|^([0-9.]+)(?::(\d+))?$/.exec(host);
  if (!literal) return false;
  const port = Number(literal[2] ?? literal[4] ?? 80);
  return port === server.port && net.isIP(literal[1] ?? literal[3]) !== 0;
}

/**
 * Whether an Origin header is this server's own: absent (a client that is not a browser), or
 * http:// with the request's Host. "null" (a sandboxed page), another host and another scheme
 * (an https:// page cannot be this plain-http server) are refused.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  return origin === undefined || (host !== undefined && originHost(origin) === host);
}

export class LiveReload {
  private readonly clients = new Set<http.ServerResponse>();
  /** Counts the builds served, so a page can tell whether it is current. */
  private build = 0;
  /** Where the server listens; none until it does, and until then every request is refused. */
  private address: ListeningAddress | undefined;

  /** Records where the server listens: the channel answers only requests whose Host names it. */
  listeningOn(host: string, port: number): void {
    this.address = { host, port };
  }

  /** Handles /_portal/live and /_portal/live.js; returns false for other requests. */
  handle = (request: http.IncomingMessage, response: http.ServerResponse): boolean => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== '/_portal/live' && pathname !== '/_portal/live.js') return false;
    const host = request.headers.host?.toLowerCase();
    if (!hostNamesServer(host, this.address)) return refuse(response, 'Live reload answers requests addressed to this server only (localhost, 127.0.0.1, [::1] or the --host address, at its port): open the site at the address "portal serve" printed.');
    if (pathname === '/_portal/live.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(clientScript);
      return true;
    }
    // Pages of other sites (and sandboxed ones, whose Origin is "null") may not connect.
    if (!sameOrigin(request.headers.origin, host)) return refuse(response, 'Live reload accepts same-origin connections only');
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    response.write(`event: hello\ndata: ${this.build}\n\n`);
    this.clients.add(response);
    request.on('close', () => this.clients.delete(response));
    return true;
  };

  injectScript = (html: string): string => html.replace('</body>', `<script src="/_portal/live.js" data-build="${this.build}"></script></body>`);

  /** Tells open pages to reload; with `routes`, only those pages changed (the shell refreshes them in place). */
  reload(routes?: string[]): void {
    this.build++;
    this.send('reload', JSON.stringify({ build: this.build, routes }));
  }

  /** The search index follows an edit a moment after the page reload: open pages search it anew. */
  searchIndexChanged(): void {
    this.send('search-index', '{}');
  }

  buildError(message: string): void {
    this.send('build-error', JSON.stringify(message));
  }

  close(): void {
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private send(event: string, data: string) {
    for (const client of this.clients) client.write(`event: ${event}\ndata: ${data}\n\n`);
  }
}

/** The host and port of an Origin header (lowercase), or undefined for "null" and anything not http. */
function originHost(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' ? url.host : undefined;
  } catch {
    return undefined;
  }
}

function refuse(response: http.ServerResponse, message: string): true {
  response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(message);
  return true;
}
