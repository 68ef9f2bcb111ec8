// Watch mode's live-reload channel behind the static server: who may read it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { LiveReload } from '../../../src/serve/live-reload.ts';
import { createStaticServer } from '../../../src/serve/server.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-live-'));
let server: http.Server;
let port: number;
let live: LiveReload;

before(async () => {
  fs.writeFileSync(path.join(root, 'index.html'), '<html><body>home</body></html>');
  live = new LiveReload();
  server = createStaticServer({ root, port: 0, host: '127.0.0.1', watch: true, handleExtra: (request, response) => live.handle(request, response), transformHtml: live.injectScript });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  live.listeningOn('127.0.0.1', port);
});
after(() => {
  live.close();
  server.close();
});

interface Answer {
  status: number;
  type: string | undefined;
  /** What arrived before the stream was left (the whole body for anything but the stream). */
  body: string;
}

/** A raw request with exactly these headers (no Host unless given); the event stream is read until `until` appears. */
function request(pathname: string, headers: Record<string, string>, until = 'event: hello'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers, setHost: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      const answer = () => ({ status: response.statusCode ?? 0, type: response.headers['content-type'], body });
      response.on('data', (chunk: string) => {
        body += chunk;
        if (response.headers['content-type'] === 'text/event-stream' && body.includes(until)) {
          resolve(answer());
          response.destroy();
        }
      });
      response.on('end', () => resolve(answer()));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('live reload', () => {
  test('pages of this server connect, by any loopback name, and receive build errors', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const answer = await request('/_portal/live', { Host: host });
      assert.equal(answer.status, 200, host);
      assert.equal(answer.type, 'text/event-stream', host);
      assert.match(answer.body, /^event: hello\ndata: \d+\n\n/, host);
    }
    const same = await request('/_portal/live', { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}` });
    assert.equal(same.status, 200);
    const script = await request('/_portal/live.js', { Host: `localhost:${port}` });
    assert.equal(script.status, 200);
    assert.match(script.body, /new EventSource\('\/_portal\/live'\)/);
    const errors = request('/_portal/live', { Host: `127.0.0.1:${port}` }, 'event: build-error');
    // The client is registered once its request arrives; the error is sent after that.
    await new Promise((resolve) => setTimeout(resolve, 100));
    live.buildError('content/docs/a.md:3  error: unclosed tag');
    assert.match((await errors).body, /event: build-error\ndata: "content\/docs\/a\.md:3  error: unclosed tag"/);
  });

  test('a request naming another host (DNS rebinding) gets 403 and no stream', async () => {
    const foreign = [`rebind.evil.test:${port}`, 'rebind.evil.test', `127.0.0.1:${port + 1}`, `localhost.evil.test:${port}`, `192.168.1.20:${port}`, `127.0.0.1:${port}@evil.test`];
    for (const host of foreign) {
      for (const pathname of ['/_portal/live', '/_portal/live.js']) {
        const answer = await request(pathname, { Host: host, Origin: `http://${host}` });
        assert.equal(answer.status, 403, `${host} ${pathname}`);
        assert.notEqual(answer.type, 'text/event-stream', host);
        assert.match(answer.body, /addressed to this server only/, host);
      }
    }
    // Without Host, Node's server itself refuses the request (400); either way, no stream.
    const noHost = await request('/_portal/live', {});
    assert.ok([400, 403].includes(noHost.status), String(noHost.status));
    assert.notEqual(noHost.type, 'text/event-stream');
  });

  test('an Origin of another site, "null" or not a URL gets 403, not an internal error', async () => {
    for (const origin of ['null', 'http://evil.test', `http://localhost:${port}`, `https://127.0.0.1:${port}`, 'not a url', '']) {
      const answer = await request('/_portal/live', { Host: `127.0.0.1:${port}`, Origin: origin });
      assert.equal(answer.status, 403, JSON.stringify(origin));
      assert.match(answer.body, /same-origin connections only/, origin);
    }
  });

  test('bound to every interface, the machine addresses are taken too, but names other than loopback are not', async () => {
    live.listeningOn('0.0.0.0', port);
    try {
      for (const host of [`192.168.1.20:${port}`, `[fe80::1]:${port}`, `localhost:${port}`]) assert.equal((await request('/_portal/live', { Host: host })).status, 200, host);
      for (const host of [`rebind.evil.test:${port}`, `192.168.1.20:${port + 1}`, `0.0.0.0.evil.test:${port}`]) assert.equal((await request('/_portal/live', { Host: host })).status, 403, host);
    } finally {
      live.listeningOn('127.0.0.1', port);
    }
  });

  test('bound to a named host, that name is taken with its port', async () => {
    live.listeningOn('docs.internal', port);
    try {
      assert.equal((await request('/_portal/live', { Host: `docs.internal:${port}` })).status, 200);
      assert.equal((await request('/_portal/live', { Host: `other.internal:${port}` })).status, 403);
    } finally {
      live.listeningOn('127.0.0.1', port);
    }
  });
});
