import assert from 'node:assert/strict';
import type http from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, serveSite } from '../helpers/browser.ts';
import { builtFixture } from '../helpers/fixtures.ts';

let browser: Browser;
let server: http.Server;
let base: string;

before(async () => {
  const { root, summary } = await builtFixture('basic');
  assert.equal(summary.ok, true);
  ({ url: base, server } = await serveSite(root, [{ from: '/docs/tutorials/introduction', to: '/docs/infinity/introduction' }]));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page (own storage) that fails the test on any page error. */
async function open(path: string, options: { width?: number } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(`${base}${path}`);
  return { page, errors };
}

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');

describe('the shell in Chromium', () => {
  test('the home page renders and hydrates without errors', async () => {
    const { page, errors } = await open('/');
    await hydrated(page);
    assert.equal(await page.title(), 'Home | Fixture Portal');
    assert.equal(await page.textContent('h1'), 'Fixture Portal');
    assert.equal(await page.getAttribute('html', 'data-hydrated'), 'true');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('the colour mode is stored under "theme", survives reloads, and applies before any script loads', async () => {
    const { page } = await open('/docs/infinity/introduction');
    await hydrated(page);
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light', 'default light');
    await page.click('button.color-mode-toggle');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
    // Without the client bundle, only the head script can set the theme: no flash of light.
    await page.route('**/assets/client.*.js', (route) => route.abort());
    await page.reload();
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    await page.context().close();
  });

  test('the mobile menu opens at 800px, holds the navbar links, and closes on Escape', async () => {
    const { page } = await open('/docs/infinity/guides/first-guide', { width: 800 });
    await hydrated(page);
    assert.equal(await page.isVisible('.navbar-left .navbar-link'), false, 'navbar links collapse');
    assert.equal(await page.isVisible('.doc-sidebar'), false);
    await page.click('button.navbar-toggle');
    const menu = page.locator('#mobile-sidebar[role="dialog"]');
    await menu.waitFor();
    assert.equal(await menu.locator('.navbar-link', { hasText: 'VPaaS' }).isVisible(), true);
    assert.equal(await menu.locator('.sidebar-link[aria-current="page"]').textContent(), 'First guide');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });

  test('on a phone the drawer opens on the current page\'s branch, also when the page was reached by a link (the area\'s full sidebar, every group closed)', async () => {
    // Reached by a link: the router shows the page with the area's full sidebar markup.
    const { page, errors } = await open('/docs/infinity/introduction', { width: 390 });
    await hydrated(page);
    await page.click('#portal-article a[href="/docs/infinity/guides/first-guide"]');
    await page.waitForFunction(() => document.title.startsWith('First guide'));
    await page.click('button.navbar-toggle');
    const current = page.locator('#mobile-sidebar .sidebar-nav a[aria-current="page"]');
    await current.waitFor({ state: 'attached' });
    assert.equal(await current.textContent(), 'First guide');
    assert.equal(await current.isVisible(), true, 'the group holding the current page is open');
    assert.equal(await page.locator('#mobile-sidebar button.sidebar-collapse[aria-label="Collapse Guides"]').count(), 1, 'its button says it is open');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('the announcement bar stays dismissed after a reload', async () => {
    const { page } = await open('/');
    await hydrated(page);
    await page.click('button.announcement-close');
    assert.equal(await page.isVisible('.announcement-bar'), false);
    await page.reload();
    await hydrated(page);
    assert.equal(await page.isVisible('.announcement-bar'), false);
    await page.context().close();
  });

  test('unknown paths get the not-found page with status 404; old paths redirect', async () => {
    const { page } = await open('/');
    const response = await page.goto(`${base}/no/such/page`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.textContent('h1'), 'Page not found');
    const moved = await page.goto(`${base}/docs/tutorials/introduction?from=old#overview`);
    assert.equal(new URL(page.url()).pathname, '/docs/infinity/introduction');
    assert.equal(new URL(page.url()).search, '?from=old');
    assert.equal(moved?.status(), 200);
    await page.context().close();
  });

  test('a redirect stub keeps the query and hash on hosts without 301 rules', async () => {
    const { page } = await open('/docs/category/pexip-guides/index.html?x=1#top');
    await page.waitForURL(/\/docs\/category\/guides\?x=1#top$/);
    await page.context().close();
  });
});
