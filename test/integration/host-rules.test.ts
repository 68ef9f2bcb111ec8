// The rules the build writes for hosts (src/site/markdown-negotiation-rules.ts) answer a page
// asked for as Markdown with its twin, as `portal serve` does: nginx's with a real nginx on
// loopback (Debian's package; .ci/run installs it), Netlify's Edge Function run in Node against
// the built site, Cloudflare's rules checked for their shape (Cloudflare's rule engine has no
// local equivalent).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { createStaticServer } from '../../src/serve/server.ts';
import { builtFixture } from '../helpers/fixtures.ts';

const route = '/docs/infinity/guides/first-guide';
let dist: string;

before(async () => {
  const { root, summary } = await builtFixture('basic');
  assert.ok(summary.ok, JSON.stringify(summary.errors));
  dist = path.join(root, 'dist');
});

const markdown = { accept: 'text/markdown' };
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file)) ?? (spawnSync('nginx', ['-v']).status === 0 ? 'nginx' : undefined);

// In CI (CI=true) a missing nginx fails the suite; elsewhere it is skipped with the reason.
describe('nginx rules', { skip: nginx || process.env.CI === 'true' ? false : 'nginx is not installed (apt-get install nginx; .ci/run installs it)' }, () => {
  let server: ChildProcess;
  let base: string;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));

  before(async () => {
    assert.ok(nginx, 'nginx is not installed: apt-get install nginx (.ci/run installs it)');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = path.join(folder, 'nginx.conf');
    fs.writeFileSync(
      config,
      // Workers run as this test's user (as root nginx would hand them to "nobody", who cannot read a private temp folder).
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log;
events {}
http {
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path ${folder}/body;
    proxy_temp_path ${folder}/proxy;
    fastcgi_temp_path ${folder}/fastcgi;
    uwsgi_temp_path ${folder}/uwsgi;
    scgi_temp_path ${folder}/scgi;
    include ${dist}/_hosts/nginx/markdown-map.conf;
    server {
        listen 127.0.0.1:${port};
        root ${dist};
        include ${dist}/_hosts/nginx/markdown-location.conf;
    }
}
`,
    );
    const check = spawnSync(nginx!, ['-t', '-p', folder, '-c', config], { encoding: 'utf8' });
    assert.equal(check.status, 0, `nginx -t rejects the written rules:\n${check.stderr}`);
    server = spawn(nginx!, ['-p', folder, '-c', config], { stdio: 'ignore' });
    for (let tries = 0; ; tries++) {
      try {
        await fetch(`${base}/`);
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  after(() => {
    server?.kill();
  });

  test('a page asked for as Markdown gets its twin; a browser gets the page; both vary with Accept', async () => {
    const twin = await fetch(`${base}${route}`, { headers: markdown });
    assert.equal(twin.status, 200);
    assert.equal(twin.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(await twin.text(), fs.readFileSync(path.join(dist, `${route}.md`), 'utf8'));
    assert.match(twin.headers.get('vary') ?? '', /Accept/);
    const page = await fetch(`${base}${route}`, { headers: browser });
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await page.text(), /^<!doctype html>/);
    assert.match(page.headers.get('vary') ?? '', /Accept/);
    assert.equal(await (await fetch(`${base}/`, { headers: markdown })).text(), fs.readFileSync(path.join(dist, 'index.md'), 'utf8'), 'the home page too');
  });

  test('files are served as they are, twins by URL as Markdown, and a missing page is 404', async () => {
    const robots = await fetch(`${base}/robots.txt`, { headers: markdown });
    assert.equal(await robots.text(), fs.readFileSync(path.join(dist, 'robots.txt'), 'utf8'));
    assert.equal((await fetch(`${base}${route}.md`)).headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal((await fetch(`${base}/docs/no-such-page`, { headers: markdown })).status, 404);
  });
});

describe('Netlify Edge Function', () => {
  let site: http.Server;
  let base: string;
  let edge: { default: (request: Request, context: { next: () => Promise<Response> }) => Promise<Response>; prefersMarkdown: (accept: string | null) => boolean };

  before(async () => {
    site = createStaticServer({ root: dist, port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    edge = await import(pathToFileURL(path.join(dist, '_hosts/netlify/edge-functions/markdown-twins.js')).href);
  });
  after(() => site?.close());

  // Netlify's `context.next()` serves the file the URL names; the built site's server stands in.
  const run = (pathname: string, headers: Record<string, string>) => edge.default(new Request(`${base}${pathname}`, { headers }), { next: () => fetch(`${base}${pathname}`, { headers: browser }) });

  test('a page asked for as Markdown gets its twin, with Vary: Accept; a browser gets the page, with Vary: Accept', async () => {
    const twin = await run(route, markdown);
    assert.equal(await twin.text(), fs.readFileSync(path.join(dist, `${route}.md`), 'utf8'));
    assert.equal(twin.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(twin.headers.get('vary'), 'Accept');
    const page = await run(route, browser);
    assert.match(await page.text(), /^<!doctype html>/);
    assert.match(page.headers.get('vary') ?? '', /\bAccept\b/);
  });

  test('Accept is weighed by q-value', () => {
    assert.equal(edge.prefersMarkdown('text/markdown'), true);
    assert.equal(edge.prefersMarkdown('text/markdown, text/html;q=0.9'), true);
    assert.equal(edge.prefersMarkdown('text/html, text/markdown;q=0.5'), false);
    assert.equal(edge.prefersMarkdown(browser.accept), false);
    assert.equal(edge.prefersMarkdown(null), false);
  });
});

describe('Cloudflare rules', () => {
  test('rewrite page URLs asked for as Markdown to their twins, and add Vary: Accept to pages', () => {
    const rules = JSON.parse(fs.readFileSync(path.join(dist, '_hosts/cloudflare/markdown-rules.json'), 'utf8'));
    const rewrites = rules.http_request_transform as { expression: string; action: string; action_parameters: { uri: { path: { expression: string } } } }[];
    assert.deepEqual(rewrites.map((rule) => rule.action_parameters.uri.path.expression), ['concat(http.request.uri.path, "index.md")', 'concat(http.request.uri.path, "/index.md")']);
    for (const rule of rewrites) {
      assert.equal(rule.action, 'rewrite');
      assert.match(rule.expression, /^any\(http\.request\.headers\["accept"\]\[\*\] contains "text\/markdown"\) and /);
    }
    // Each rewrite lands on a file the build wrote: "/<route>/" and "/<route>" both have <route>/index.md.
    assert.ok(fs.existsSync(path.join(dist, route, 'index.md')));
    assert.deepEqual(rules.http_response_headers_transform[0].action_parameters, { headers: { Vary: { operation: 'add', value: 'Accept' } } });
  });
});
