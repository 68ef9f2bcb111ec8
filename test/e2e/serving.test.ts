import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort, launchChromium, startServe, showGuides } from '../helpers/browser.ts';
import { runLoad } from '../../bench/site-costs.ts';
import { copyFixture } from '../helpers/fixtures.ts';

let browser: Browser;
let server: ChildProcess;
let base: string;
let port: number;
let output: string;


before(async () => {
  const root = copyFixture('basic');
  port = await freePort();
  const started = await startServe(root, ['--watch', '--port', String(port)]);
  server = started.child;
  output = started.log();
  base = `http://127.0.0.1:${port}`;
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.kill();
});

test('portal serve binds 127.0.0.1 by default and sends the Content-Security-Policy, which the pages never violate', async () => {
  assert.match(output, /at http:\/\/127\.0\.0\.1:\d+/);
  const response = await fetch(`${base}/docs/infinity/introduction`);
  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /script-src 'self' 'sha256-[^']+' 'wasm-unsafe-eval'/);
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  const page = await browser.newPage();
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => (window as unknown as { reportViolation: (t: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`)));
  await page.goto(`${base}/docs/infinity/introduction`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await showGuides(page);
  await page.click('.doc-sidebar a[href="/docs/infinity/guides/first-guide"]');
  await page.waitForFunction(() => document.title.startsWith('First guide'));
  await page.keyboard.press('Control+k');
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
  await page.keyboard.type('guide');
  // Summaries list the results, then fragments fill in their excerpts: both under the policy.
  await page.waitForSelector('#search-results[data-query="guide"] .search-option-excerpt');
  assert.deepEqual(violations, []);
  await page.close();
});

test('listening on all interfaces is allowed but warned about', async () => {
  const root = copyFixture('basic');
  const other = await freePort();
  const started = await startServe(root, ['--host', '0.0.0.0', '--port', String(other)]);
  started.child.kill();
  assert.match(started.log(), /warning: listening on 0\.0\.0\.0, so other machines on the network can reach this server/);
});

test('the live-reload channel accepts same-origin connections only', async () => {
  const status = (origin?: string) =>
    new Promise<number>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/_portal/live', headers: origin ? { Origin: origin } : {} }, (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      });
      request.on('error', () => resolve(0));
    });
  assert.equal(await status(`http://evil.test`), 403);
  assert.equal(await status(base), 200);
});

test('10,000 requests at 100 concurrent connections on loopback: zero errors', async () => {
  const load = await runLoad(base, ['/', '/docs/infinity/introduction', '/docs/infinity/guides/first-guide', '/no/such/page', '/docs/tutorials/introduction']);
  console.log(`# load: ${load.requestsPerS} requests/s, p99 ${load.p99Ms.toFixed(1)} ms`);
  assert.equal(load.requests, 10_000);
  assert.equal(load.errors, 0);
});
