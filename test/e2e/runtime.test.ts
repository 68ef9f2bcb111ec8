import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { createStaticServer } from '../../src/serve/server.ts';
import { showGuides, useFixtureSite } from '../helpers/browser.ts';

const site = useFixtureSite();

async function open(pathname: string, options: { width?: number; init?: string; reducedMotion?: boolean } = {}): Promise<{ page: Page; context: BrowserContext; requests: string[]; console: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: options.width ?? 1280, height: 700 }, reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference' });
  const page = await context.newPage();
  const requests: string[] = [];
  const console: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  if (options.init) await page.addInitScript(options.init);
  await page.goto(`${site.base}${pathname}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, context, requests, console };
}

/** Marks the window so a full page load (which would clear it) can be told from a client-side one. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 42);

describe('client-side navigation', () => {
  test('internal links swap the page without a reload and update title, sidebar, breadcrumbs, TOC, canonical and focus', async () => {
    const { page, context } = await open('/docs/infinity/introduction');
    await markWindow(page);
    await showGuides(page);
    await page.click('.doc-sidebar a[href="/docs/infinity/guides/first-guide"]');
    await page.waitForURL('**/docs/infinity/guides/first-guide');
    await page.waitForFunction(() => document.title === 'First guide | Fixture Portal');
    assert.equal(await stillMarked(page), true, 'no full page load');
    assert.equal(await page.textContent('main h1'), 'First guide');
    assert.equal(await page.getAttribute('.doc-sidebar a[aria-current="page"]', 'href'), '/docs/infinity/guides/first-guide');
    assert.match((await page.textContent('.breadcrumbs')) ?? '', /Guides.*First guide/);
    assert.deepEqual(await page.$$eval('.toc a', (links) => links.map((link) => link.getAttribute('href'))), ['#set-up']);
    assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), 'https://example.test/docs/infinity/guides/first-guide');
    assert.equal(await page.getAttribute('link[rel="alternate"][type="text/markdown"]', 'href'), 'https://example.test/docs/infinity/guides/first-guide.md');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.equal(await page.textContent('#route-announcer'), 'Navigated to First guide');
    await context.close();
  });

  test('when the next page cannot be loaded, the browser loads it fully instead', async () => {
    const { page, context } = await open('/docs/infinity/introduction');
    await markWindow(page);
    await page.route('**/_data/docs/vpaas/introduction.json', (route) => route.abort());
    await page.click('.navbar a[href="/docs/vpaas/introduction"]');
    await page.waitForURL('**/docs/vpaas/introduction');
    await page.waitForSelector('html[data-hydrated="true"]');
    assert.equal(await page.textContent('main h1'), 'VPaaS introduction');
    assert.equal(await stillMarked(page), false, 'a full page load happened');
    await context.close();
  });

  test('the progress bar appears only when a navigation takes longer than 200 ms', async () => {
    const { page, context } = await open('/docs/infinity/introduction');
    const seen = () => page.evaluate(() => (window as unknown as { __progress?: boolean }).__progress === true);
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.documentElement.getAttribute('data-navigating') === 'true') (window as unknown as { __progress: boolean }).__progress = true;
      }).observe(document.documentElement, { attributes: true });
    });
    await showGuides(page);
    await page.click('.doc-sidebar a[href="/docs/infinity/guides/second-guide"]');
    await page.waitForFunction(() => document.title.startsWith('Second guide'));
    assert.equal(await seen(), false, 'a fast navigation shows no progress bar');
    await page.route('**/_data/docs/infinity/guides/first-guide.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.click('.doc-sidebar a[href="/docs/infinity/guides/first-guide"]');
    await page.waitForSelector('html[data-navigating="true"]');
    await page.waitForFunction(() => document.title.startsWith('First guide'));
    assert.equal(await page.getAttribute('html', 'data-navigating'), null, 'removed when the page is shown');
    await context.close();
  });

  test('a hash scrolls to its element, other navigations go to the top, back and forward restore the position', async () => {
    const { page, context } = await open('/docs/infinity/guides/long-guide');
    await page.click('.doc-toc a[href="#part-three"]');
    await page.waitForFunction(() => Math.abs(document.getElementById('part-three')!.getBoundingClientRect().top) < 120);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => window.scrollY === 900);
    await page.click('.doc-sidebar a[href="/docs/infinity/guides/first-guide"]');
    await page.waitForFunction(() => document.title.startsWith('First guide'));
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('Long guide'));
    await page.waitForFunction(() => window.scrollY === 900);
    await page.goForward();
    await page.waitForFunction(() => document.title.startsWith('First guide'));
    await page.goto(`${site.base}/docs/infinity/introduction`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.click('a[href="/docs/infinity/guides/first-guide#set-up"]');
    await page.waitForFunction(() => location.hash === '#set-up' && document.getElementById('set-up') !== null);
    await page.waitForFunction(() => Math.abs(document.getElementById('set-up')!.getBoundingClientRect().top) < 120);
    await context.close();
  });
});

describe('prefetch', () => {
  test('hover, focus and touch prefetch a page once; nothing is fetched for links merely in view', async () => {
    const { page, context, requests } = await open('/docs/infinity/introduction');
    const dataRequests = () => requests.filter((request) => request.startsWith('/_data/docs/'));
    assert.deepEqual(dataRequests(), [], 'no prefetch for links in the viewport');
    await showGuides(page);
    await page.hover('.doc-sidebar a[href="/docs/infinity/guides/second-guide"]');
    await page.waitForFunction(() => document.querySelector('link[rel="prefetch"][href="/_data/docs/infinity/guides/second-guide.json"]'));
    await page.mouse.move(0, 0);
    await page.hover('.doc-sidebar a[href="/docs/infinity/guides/second-guide"]');
    await page.focus('.doc-sidebar a[href="/docs/infinity/guides/second-guide"]');
    await page.waitForTimeout(200);
    assert.equal(await page.locator('link[rel="prefetch"][href="/_data/docs/infinity/guides/second-guide.json"]').count(), 1, 'never twice');
    await page.focus('.doc-sidebar a[href="/docs/infinity/guides/first-guide"]');
    await page.waitForFunction(() => document.querySelector('link[rel="prefetch"][href="/_data/docs/infinity/guides/first-guide.json"]'));
    await context.close();
  });

  test('skipped on 2g and with data saver on', async () => {
    for (const connection of ['{ effectiveType: "2g", saveData: false }', '{ effectiveType: "4g", saveData: true }']) {
      const { page, context } = await open('/docs/infinity/introduction', {
        init: `Object.defineProperty(navigator, 'connection', { value: ${connection} });`,
      });
      await showGuides(page);
      await page.hover('.doc-sidebar a[href="/docs/infinity/guides/second-guide"]');
      await page.waitForTimeout(200);
      assert.equal(await page.locator('link[rel="prefetch"]').count(), 0, connection);
      await context.close();
    }
  });

  test('where <link rel=prefetch> is unsupported, a plain GET with credentials is used', async () => {
    const { page, context } = await open('/docs/infinity/introduction', {
      init: 'const supports = DOMTokenList.prototype.supports; DOMTokenList.prototype.supports = function (token) { return token === "prefetch" ? false : supports.call(this, token); };',
    });
    const request = page.waitForRequest('**/_data/docs/infinity/guides/second-guide.json');
    await showGuides(page);
    await page.hover('.doc-sidebar a[href="/docs/infinity/guides/second-guide"]');
    assert.equal((await request).method(), 'GET');
    assert.equal(await page.locator('link[rel="prefetch"]').count(), 0);
    await context.close();
  });
});

describe('shell state', () => {
  test('the colour mode syncs across open tabs', async () => {
    const context = await site.browser.newContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(`${site.base}/`);
    await second.goto(`${site.base}/docs/infinity/introduction`);
    await Promise.all([first.waitForSelector('html[data-hydrated="true"]'), second.waitForSelector('html[data-hydrated="true"]')]);
    await first.click('button.color-mode-toggle');
    await second.waitForSelector('html[data-theme="dark"]');
    assert.match((await second.getAttribute('button.color-mode-toggle', 'aria-label')) ?? '', /currently dark mode/);
    await context.close();
  });

  test('a new announcement id shows the bar again', async () => {
    const { page, context } = await open('/', { init: "localStorage.setItem('announcement.id', 'older-bar'); localStorage.setItem('announcement.dismiss', 'true');" });
    assert.equal(await page.isVisible('.announcement-bar'), true);
    await context.close();
  });

  test('the mobile menu closes on link choice, on back navigation and when the window grows; it traps focus', async () => {
    const { page, context } = await open('/docs/infinity/introduction', { width: 800 });
    await page.click('button.navbar-toggle');
    await page.waitForSelector('#mobile-sidebar');
    // Focus stays inside: Tab from the last focusable element returns to the first.
    const count = await page.$$eval('#mobile-sidebar a[href], #mobile-sidebar button', (elements) => elements.length);
    for (let i = 0; i < count + 1; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.getElementById('mobile-sidebar')!.contains(document.activeElement)), true);
    await showGuides(page, '#mobile-sidebar');
    await page.click('#mobile-sidebar a[href="/docs/infinity/guides/first-guide"]');
    await page.waitForFunction(() => document.title.startsWith('First guide'));
    await page.waitForSelector('#mobile-sidebar', { state: 'detached' });
    await page.click('button.navbar-toggle');
    await page.waitForSelector('#mobile-sidebar');
    await page.goBack();
    await page.waitForSelector('#mobile-sidebar', { state: 'detached' });
    await page.click('button.navbar-toggle');
    await page.waitForSelector('#mobile-sidebar');
    await page.setViewportSize({ width: 1200, height: 700 });
    await page.waitForSelector('#mobile-sidebar', { state: 'detached' });
    await context.close();
  });

  test('dropdowns close on outside click, outside focus and Escape', async () => {
    const { page, context } = await open('/');
    const toggle = page.locator('.navbar-dropdown > button');
    for (const close of [() => page.mouse.click(5, 400), () => page.focus('.navbar-brand'), () => page.keyboard.press('Escape')]) {
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await close();
      await page.waitForFunction(() => document.querySelector('.navbar-dropdown > button')?.getAttribute('aria-expanded') === 'false');
    }
    await context.close();
  });

  test('the keyboard-navigation marker is added on Tab and removed on mouse press', async () => {
    const { page, context } = await open('/');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('keyboard-navigation')), true);
    await page.mouse.down();
    await page.mouse.up();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('keyboard-navigation')), false);
    await context.close();
  });

  test('collapsing a sidebar category animates for a time derived from its height, 1 ms with reduced motion', async () => {
    for (const reducedMotion of [false, true]) {
      // On a page in "Guides", that category is open.
      const { page, context } = await open('/docs/infinity/guides/first-guide', { reducedMotion });
      await page.click('.doc-sidebar .sidebar-collapse');
      const duration = Number(await page.getAttribute('.doc-sidebar .sidebar-category > .sidebar-list', 'data-duration'));
      if (reducedMotion) assert.equal(duration, 1);
      else assert.ok(duration > 100 && duration <= 300, String(duration));
      await page.waitForSelector('.doc-sidebar .sidebar-category > .sidebar-list[hidden]', { state: 'attached' });
      assert.equal(await page.getAttribute('.doc-sidebar .sidebar-collapse', 'aria-expanded'), 'false');
      await context.close();
    }
  });

  test('the preferred docs version is stored per area and cleared when no longer valid', async () => {
    const { page, context } = await open('/docs/infinity/introduction', { init: "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('docs-preferred-version-vpaas', '1.0'); }" });
    assert.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-infinity')), 'current');
    assert.equal(await page.evaluate(() => localStorage.getItem('docs-preferred-version-vpaas')), '1.0');
    await page.click('.navbar a[href="/docs/vpaas/introduction"]');
    await page.waitForFunction(() => localStorage.getItem('docs-preferred-version-vpaas') === 'current');
    await context.close();
  });

  test('server markup says not hydrated; the first client render marks it hydrated', async () => {
    const html = fs.readFileSync(path.join(site.root, 'dist/index.html'), 'utf8');
    assert.match(html, /data-hydrated="false"/);
    const { page, context } = await open('/');
    assert.equal(await page.getAttribute('html', 'data-hydrated'), 'true');
    await context.close();
  });
});

describe('failure paths', () => {
  test('a render crash shows the crash page; Try again recovers once the cause is gone', async () => {
    const { page, context } = await open('/docs/infinity/introduction');
    let broken = true;
    const sidebar = await page.evaluate(() => JSON.parse(document.getElementById('__PORTAL_PAGE__')!.textContent!).sidebar);
    await page.route('**/_data/docs/infinity/guides/second-guide.json', async (route) => {
      // Data from a broken deploy: the breadcrumbs are missing, so the doc layout throws.
      if (broken) await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ route: '/docs/infinity/guides/second-guide', kind: 'doc', title: 'Second guide', documentTitle: 'Second guide | Fixture Portal', toc: [], canonical: '', sidebar, html: '<p>x</p>' }) });
      else await route.continue();
    });
    await showGuides(page);
    await page.click('.doc-sidebar a[href="/docs/infinity/guides/second-guide"]');
    await page.waitForSelector('.crash-page');
    assert.equal(await page.title(), 'Page Error');
    assert.equal(await page.textContent('.crash-page h1'), 'This page crashed.');
    assert.match((await page.textContent('.crash-messages')) ?? '', /Cannot read properties of undefined/);
    broken = false;
    await page.click('.crash-page button');
    await page.waitForSelector('.crash-page', { state: 'detached' });
    assert.equal(await page.textContent('main h1'), 'Second guide');
    await context.close();
  });

  test('the crash page joins the error chain with "Cause:"', async () => {
    const { page, context } = await open('/docs/infinity/introduction');
    const sidebar = await page.evaluate(() => JSON.parse(document.getElementById('__PORTAL_PAGE__')!.textContent!).sidebar);
    await page.route('**/_data/docs/infinity/guides/second-guide.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ route: '/docs/infinity/guides/second-guide', kind: 'doc', title: 'Second guide', documentTitle: 'x', toc: [], canonical: '', sidebar, html: '' }) }),
    );
    await showGuides(page);
    await page.click('.doc-sidebar a[href="/docs/infinity/guides/second-guide"]');
    await page.waitForSelector('.crash-page');
    const paragraphs = await page.$$eval('.crash-messages p', (nodes) => nodes.map((node) => node.textContent));
    assert.equal(paragraphs[0], 'The page /docs/infinity/guides/second-guide could not be rendered.');
    assert.match(paragraphs[1] ?? '', /^Cause: .+/);
    await context.close();
  });

  test('blocked browser storage gives one warning and features keep working for the visit', async () => {
    const { page, context, console } = await open('/', {
      init: "Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });",
    });
    await page.click('button.color-mode-toggle');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    await page.click('button.announcement-close');
    assert.equal(await page.isVisible('.announcement-bar'), false);
    assert.equal(console.filter((line) => line.startsWith('warning:') && /storage is not available/i.test(line)).length, 1);
    await context.close();
  });

  test('a site served under the wrong base URL shows the base-URL banner on its root path', async () => {
    const mounted = createStaticServer({ root: path.dirname(path.join(site.root, 'dist')), port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => mounted.listen(0, '127.0.0.1', resolve));
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${(mounted.address() as AddressInfo).port}/dist/`);
    assert.match((await page.textContent('#base-url-issue-banner')) ?? '', /built for the base URL \/ but was opened at \/dist\/?\./);
    await page.goto(`${site.base}/`);
    assert.equal(await page.locator('#base-url-issue-banner').count(), 0, 'no banner at the right base URL');
    await context.close();
    mounted.close();
  });

  test('with JavaScript disabled pages are readable and links are plain links', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.base}/docs/infinity/introduction`);
    assert.equal(await page.textContent('main h1'), 'Infinity introduction');
    // Closed categories are links to their own page, which lists what they hold.
    assert.equal(await page.locator('.doc-sidebar a[href="/docs/infinity/guides/first-guide"]').count(), 0);
    await page.click('.doc-sidebar a.sidebar-category-link[href="/docs/category/guides"]');
    await page.waitForURL('**/docs/category/guides');
    await page.click('main a[href="/docs/infinity/guides/first-guide"]');
    await page.waitForURL('**/first-guide');
    assert.equal(await page.textContent('main h1'), 'First guide');
    await context.close();
  });
});
