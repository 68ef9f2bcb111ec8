// /mcp of `portal serve`: who may drive it. The refusals come before the site is loaded, so an
// empty folder serves.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { mcpEndpoint } from '../../../src/serve/mcp-endpoint.ts';

let server: http.Server;
let port: number;

before(async () => {
  const endpoint = mcpEndpoint({ root: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-endpoint-')), siteUrl: () => undefined, version: '0.0.0' });
  server = http.createServer((request, response) => {
    if (!endpoint.handle(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

/** A raw request with exactly these headers (no Host unless given). */
function send(method: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/mcp', method, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers }, setHost: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end(method === 'POST' ? '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' : undefined);
  });
}

describe('/mcp of portal serve', () => {
  // (No Host at all: Node's HTTP server answers 400 itself.)
  test('a Host that does not name this server (DNS rebinding) gets 403 before anything is loaded', async () => {
    for (const headers of <Record<string, string>[]>[{ Host: `rebind.evil.test:${port}` }, { Host: `rebind.evil.test:${port}`, Origin: `http://rebind.evil.test:${port}` }, { Host: `127.0.0.1:${port + 1}` }]) {
      const answer = await send('POST', headers);
      assert.equal(answer.status, 403, JSON.stringify(headers));
      assert.match(answer.body, /answers requests addressed to this server only/, JSON.stringify(headers));
    }
  });

  test('an Origin of another scheme, another host or "null" gets 403', async () => {
    for (const origin of [`https://127.0.0.1:${port}`, `http://evil.example`, 'null', `ws://127.0.0.1:${port}`]) {
      const answer = await send('POST', { Host: `127.0.0.1:${port}`, Origin: origin });
      assert.equal(answer.status, 403, origin);
      assert.match(answer.body, /requests from another origin are refused/, origin);
    }
  });

  test('its own Host, by any loopback name, with or without its own Origin, passes on (GET then gets 405)', async () => {
    for (const headers of <Record<string, string>[]>[{ Host: `127.0.0.1:${port}` }, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` }, { Host: `[::1]:${port}` }]) {
      assert.equal((await send('GET', headers)).status, 405, JSON.stringify(headers));
    }
  });

  test('a server started with --host as a name answers requests addressed to that name', async () => {
    const named = mcpEndpoint({ root: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mcp-endpoint-')), siteUrl: () => undefined, version: '0.0.0' });
    const other = http.createServer((request, response) => {
      if (!named.handle(request, response)) response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    named.listeningOn('docs.internal', otherPort);
    try {
      const status = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const request = http.request({ host: '127.0.0.1', port: otherPort, path: '/mcp', method: 'GET', headers, setHost: false }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          });
          request.on('error', reject);
          request.end();
        });
      assert.equal(await status({ Host: `docs.internal:${otherPort}` }), 405);
      assert.equal(await status({ Host: `rebind.evil.test:${otherPort}` }), 403);
    } finally {
      other.close();
    }
  });
});
