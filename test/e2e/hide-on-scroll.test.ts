import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { useFixtureSite } from '../helpers/browser.ts';

const site = useFixtureSite((root) => {
  const config = path.join(root, 'portal.config.ts');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('navbar: {', 'navbar: {\n    hideOnScroll: true,'));
});

test('with hideOnScroll on, the navbar hides on scroll down and returns on scroll up, near the top and for a hash target', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 600 } });
  await page.goto(`${site.base}/docs/infinity/guides/long-guide`);
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
