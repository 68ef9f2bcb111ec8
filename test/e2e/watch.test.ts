import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { freePort, launchChromium, startServe } from '../helpers/browser.ts';
import { copyFixture } from '../helpers/fixtures.ts';

let browser: Browser;
let server: ChildProcess;
let base: string;
let root: string;
let log: () => string;


before(async () => {
  root = copyFixture('basic');
  const port = await freePort();
  const started = await startServe(root, ['--watch', '--port', String(port)]);
  server = started.child;
  log = started.log;
  base = `http://127.0.0.1:${port}`;
  assert.match(log(), /serving dist at http:\/\/127\.0\.0\.1:\d+ \(watching for changes\)/);
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.kill();
});

const guide = () => path.join(root, 'content/docs/infinity/guides/second-guide.md');

test('saving a page reloads it in the open browser with the new content, rebuilding only that page', async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/docs/infinity/guides/second-guide`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const original = fs.readFileSync(guide(), 'utf8');
  fs.writeFileSync(guide(), original.replace('Back to the', 'Freshly edited text. Back to the'));
  await page.waitForFunction(() => document.body.textContent?.includes('Freshly edited text'), undefined, { timeout: 15000 });
  assert.match(log(), /updated \/docs\/infinity\/guides\/second-guide in \d+ ms/);
  await page.close();
});

test('a broken save shows the error in the browser and keeps the last good page; the next good save recovers', async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/docs/infinity/guides/second-guide`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const good = fs.readFileSync(guide(), 'utf8');
  fs.writeFileSync(guide(), good.replace('Back to the', 'A [broken link](/docs/infinity/nowhere). Back to the'));
  await page.waitForSelector('#portal-build-error', { timeout: 15000 });
  assert.match((await page.textContent('#portal-build-error')) ?? '', /second-guide\.md:\d+:\d+ {2}error: link to "\/docs\/infinity\/nowhere" not found/);
  const stillServed = await (await fetch(`${base}/docs/infinity/guides/second-guide`)).text();
  assert.doesNotMatch(stillServed, /broken link/);
  fs.writeFileSync(guide(), good.replace('Back to the', 'Fixed again. Back to the'));
  await page.waitForFunction(() => document.body.textContent?.includes('Fixed again'), undefined, { timeout: 15000 });
  await page.close();
});

test('a title change rebuilds the navigation, and a config change rebuilds everything', async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/docs/infinity/guides/first-guide`);
  await page.waitForSelector('html[data-hydrated="true"]');
  fs.writeFileSync(guide(), fs.readFileSync(guide(), 'utf8').replace('title: Second guide', 'title: Renamed guide'));
  await page.waitForFunction(() => document.querySelector('.doc-sidebar')?.textContent?.includes('Renamed guide'), undefined, { timeout: 20000 });
  const config = path.join(root, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("content: 'Fixture announcement'", "content: 'Changed announcement'"));
  await page.waitForFunction(() => document.querySelector('.announcement-bar')?.textContent?.includes('Changed announcement'), undefined, { timeout: 20000 });
  await page.close();
});
