import assert from 'node:assert/strict';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium, serveSite } from '../helpers/browser.ts';
import { buildSite, copyFixture } from '../helpers/fixtures.ts';

let browser: Browser;
let server: http.Server;
let base: string;

before(async () => {
  const root = copyFixture('basic');
  const config = path.join(root, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('navbar: {', 'navbar: {\n    hideOnScroll: true,'));
  assert.equal((await buildSite(root)).ok, true);
  ({ url: base, server } = await serveSite(root));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.close();
});

test('with hideOnScroll on, the navbar hides on scroll down and returns on scroll up, near the top and for a hash target', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
  await page.goto(`${base}/docs/infinity/guides/long-guide`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const hidden = () => page.evaluate(() => document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  await page.mouse.wheel(0, 800);
  await page.waitForFunction(() => document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  await page.mouse.wheel(0, -200);
  await page.waitForFunction(() => !document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  await page.mouse.wheel(0, 800);
  await page.waitForFunction(() => document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  await page.evaluate(() => (location.hash = '#part-four'));
  await page.waitForFunction(() => !document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  await page.waitForTimeout(600); // the reader scrolls again later, not during the jump
  await page.evaluate(() => window.scrollBy(0, -300));
  await page.waitForTimeout(100);
  await page.mouse.wheel(0, 400);
  await page.waitForFunction(() => document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  await page.evaluate(() => window.scrollTo(0, 10));
  await page.waitForFunction(() => !document.querySelector('.navbar')!.classList.contains('navbar-hidden'));
  assert.equal(await hidden(), false);
  await page.close();
});
