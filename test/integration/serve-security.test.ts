// `portal serve --watch` as a user runs it: what a hostile URL, Host or Origin gets back.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, startServe } from '../helpers/browser.ts';
import { copyFixture } from '../helpers/fixtures.ts';

let server: ChildProcess;
let port: number;
let root: string;
/** Written by the pagefind.js planted in the output, if anything ever runs it. */
const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-serve-marker-')), 'MARKER');

before(async () => {
  root = copyFixture('basic');
  port = await freePort();
  const started = await startServe(root, ['--watch', '--port', String(port)]);
  server = started.child;
  assert.match(started.log(), /serving dist at http:\/\/127\.0\.0\.1:\d+ \(watching for changes\)/);
  // Files no build should leave in the output, put there behind its back: still never served.
  fs.writeFileSync(path.join(root, 'dist/.env'), 'TOKEN=planted-secret');
  fs.mkdirSync(path.join(root, 'dist/.git'), { recursive: true });
  fs.writeFileSync(path.join(root, 'dist/.git/config'), '[remote "origin"] planted-secret');
  // An output's engine swapped for a script: /mcp must search with portal's own.
  fs.writeFileSync(path.join(root, 'dist/pagefind/pagefind.js'), `import fs from 'node:fs';\nfs.writeFileSync(${JSON.stringify(marker)}, 'ran');\nexport const createInstance = () => ({});\n`);
});
after(() => server?.kill());

function get(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; location?: string; type?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (response) => {
      let body = '';
      const done = () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, type: response.headers['content-type'], body });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        // The live-reload stream stays open: its first event is enough.
        if (response.headers['content-type'] === 'text/event-stream') {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
    });
    request.on('error', reject);
  });
}

describe('portal serve --watch', () => {
  test('an encoded or doubled leading slash redirects within the site, never to another host', async () => {
    for (const form of ['/%2Fdocs/infinity/introduction/', '//docs/infinity/introduction/']) {
      const response = await get(form);
      assert.equal(response.status, 301, form);
      assert.equal(response.location, '/docs/infinity/introduction', form);
    }
    const page = await get('//docs/infinity/introduction');
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1[^>]*>[^<]*Introduction/i);
  });

  test('dotfiles in the output answer 404', async () => {
    for (const pathname of ['/.env', '/.git/config', '//.env', '/%2E%65nv']) {
      const response = await get(pathname);
      assert.equal(response.status, 404, pathname);
      assert.doesNotMatch(response.body, /planted-secret/, pathname);
    }
  });

  test('live reload refuses a foreign Host (DNS rebinding) and an Origin of "null" with 403', async () => {
    assert.equal((await get('/_portal/live', { Host: `rebind.evil.test:${port}` })).status, 403);
    assert.equal((await get('/_portal/live', { Origin: 'null' })).status, 403);
    const own = await get('/_portal/live', { Host: `localhost:${port}`, Origin: `http://localhost:${port}` });
    assert.equal(own.status, 200);
    assert.equal(own.type, 'text/event-stream');
  });

  test('/mcp refuses a foreign Host (DNS rebinding) and an Origin of another scheme with 403', async () => {
    // The checks come before the method's: GET, which this stateless endpoint answers with 405, shows them.
    assert.equal((await get('/mcp', { Host: `rebind.evil.test:${port}` })).status, 403);
    assert.equal((await get('/mcp', { Origin: `https://127.0.0.1:${port}` })).status, 403);
    assert.equal((await get('/mcp', { Host: `localhost:${port}`, Origin: `http://localhost:${port}` })).status, 405);
  });

  test('/mcp searches with the engine installed with portal: a pagefind.js planted in the output never runs', async () => {
    const client = new Client({ name: 'portal-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    try {
      const result = await client.callTool({ name: 'search', arguments: { query: 'diagram', limit: 3 } });
      const text = (result.content as { text: string }[]).map((part) => part.text).join('\n');
      assert.ok(!result.isError, text);
      assert.match(text, /^1\. First guide \[Infinity\]$/m);
    } finally {
      await client.close();
    }
    assert.equal(fs.existsSync(marker), false, 'the planted pagefind.js ran');
  });
});
