import type http from 'node:http';
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

export class LiveReload {
  private readonly clients = new Set<http.ServerResponse>();
  /** Counts the builds served, so a page can tell whether it is current. */
  private build = 0;

  /** Handles /_portal/live and /_portal/live.js; returns false for other requests. */
  handle = (request: http.IncomingMessage, response: http.ServerResponse): boolean => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname === '/_portal/live.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(clientScript);
      return true;
    }
    if (pathname !== '/_portal/live') return false;
    const origin = request.headers.origin;
    const host = request.headers.host;
    if (origin && host && new URL(origin).host !== host) {
      response.writeHead(403, { 'Content-Type': 'text/plain' });
      response.end('Live reload accepts same-origin connections only');
      return true;
    }
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
