import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { useFixtureSite } from '../helpers/browser.ts';

const site = useFixtureSite();

async function open(pathname: string, options: { width?: number; javaScript?: boolean } = {}): Promise<{ page: Page; context: BrowserContext; requests: string[] }> {
  const context = await site.browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 }, javaScriptEnabled: options.javaScript ?? true });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${site.base}${pathname}`);
  if (options.javaScript !== false) await page.waitForSelector('html[data-hydrated="true"]');
  return { page, context, requests };
}

const dialog = '[role="dialog"][aria-modal="true"][aria-labelledby="search-title"]';

async function searchFor(page: Page, query: string) {
  await page.click('.search-button');
  await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
  await page.keyboard.type(query);
  // The pages found are listed at every key; the excerpts and sections of the query's own
  // results follow when typing pauses.
  await page.waitForSelector(`#search-results[data-query="${query}"] .search-option-excerpt`);
}

describe('search', () => {
  test('nothing of search is downloaded before the dialog opens', async () => {
    const { page, context, requests } = await open('/docs/infinity/introduction');
    await page.hover('.search-button');
    await page.waitForTimeout(300);
    assert.deepEqual(requests.filter((path) => path.startsWith('/pagefind/') || path.includes('SearchDialog')), []);
    await page.click('.search-button');
    await page.waitForSelector(dialog);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/pagefind/pagefind.js')));
    await context.close();
  });

  test('Ctrl+K, ⌘+K and "/" open the dialog with the input focused, but not while typing in a field', async () => {
    const { page, context } = await open('/request-developer-license');
    for (const shortcut of ['Control+k', 'Meta+k', '/']) {
      await page.keyboard.press(shortcut);
      await page.waitForSelector(dialog);
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'search', shortcut);
      await page.keyboard.press('Escape');
      await page.waitForSelector(dialog, { state: 'detached' });
    }
    await page.focus('#license-name');
    await page.keyboard.press('/');
    await page.waitForTimeout(200);
    assert.equal(await page.locator(dialog).count(), 0, '"/" typed into a field does not open search');
    assert.equal(await page.inputValue('#license-name'), '/');
    await context.close();
  });

  test('results are grouped by page with area badge, breadcrumb and deep links to sections, with matches marked', async () => {
    const { page, context } = await open('/');
    await searchFor(page, 'part three');
    const first = page.locator('.search-group').first();
    assert.equal(await first.locator('.area-badge').textContent(), 'Infinity');
    assert.match((await first.locator('.search-breadcrumb').textContent()) ?? '', /Infinity › Guides/);
    assert.equal(await first.locator('.search-option-page a').getAttribute('href'), '/docs/infinity/guides/long-guide');
    const sections = await first.locator('.search-option:not(.search-option-page) a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.ok(sections.includes('/docs/infinity/guides/long-guide#part-three'), sections.join(', '));
    assert.ok((await page.locator('.search-option mark').count()) > 0, 'matched words are highlighted');
    assert.equal(await page.getAttribute(`${dialog} input`, 'role'), 'combobox');
    assert.equal(await page.getAttribute('#search-results', 'role'), 'listbox');
    await context.close();
  });

  test('arrow keys move through results (announced through aria-activedescendant) and Enter opens one client-side at its heading', async () => {
    const { page, context } = await open('/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await searchFor(page, 'part three');
    const input = page.locator(`${dialog} input`);
    const firstId = await input.getAttribute('aria-activedescendant');
    assert.equal(await page.getAttribute(`#${firstId}`, 'aria-selected'), 'true');
    let target = '';
    for (let i = 0; i < 6 && !target.endsWith('#part-three'); i++) {
      await page.keyboard.press('ArrowDown');
      const id = await input.getAttribute('aria-activedescendant');
      target = (await page.getAttribute(`#${id} a`, 'href')) ?? '';
    }
    assert.equal(target, '/docs/infinity/guides/long-guide#part-three');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/docs/infinity/guides/long-guide#part-three');
    await page.waitForSelector(dialog, { state: 'detached' });
    await page.waitForFunction(() => Math.abs(document.getElementById('part-three')!.getBoundingClientRect().top) < 120);
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no full page load');
    await context.close();
  });

  test('Enter pressed as soon as the query is typed opens the first result of that query', async () => {
    const { page, context } = await open('/');
    await page.click('.search-button');
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
    // Enter at once: the search of the last key may still be on its way.
    await page.keyboard.type('second guide');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/docs/infinity/guides/second-guide');
    await context.close();
  });

  test('Escape closes the dialog and returns focus to where it was', async () => {
    const { page, context } = await open('/');
    await page.focus('.search-button');
    await page.keyboard.press('Enter');
    await page.waitForSelector(dialog);
    await page.keyboard.press('Escape');
    await page.waitForSelector(dialog, { state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('search-button')), true);
    await context.close();
  });

  test('the area filter narrows results to one area', async () => {
    const { page, context } = await open('/docs/vpaas/introduction');
    await searchFor(page, 'introduction');
    const areas = () => page.locator('.area-badge').allTextContents();
    assert.ok(new Set(await areas()).size > 1, 'several areas before filtering');
    assert.equal(await page.locator('.search-filters button').nth(1).textContent(), 'VPaaS (this area)', 'the current area is one click away');
    await page.click('.search-filters button:has-text("Infinity")');
    await page.waitForFunction(() => [...document.querySelectorAll('.area-badge')].every((badge) => badge.textContent === 'Infinity'));
    assert.equal(await page.getAttribute('.search-filters button:has-text("Infinity")', 'aria-pressed'), 'true');
    await context.close();
  });

  test('recent searches are remembered and offered when the input is empty', async () => {
    const { page, context } = await open('/');
    await searchFor(page, 'second guide');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/second-guide');
    await page.click('.search-button');
    await page.waitForSelector('.search-recent');
    assert.deepEqual(await page.locator('.search-recent li button').allTextContents(), ['second guide']);
    await context.close();
  });

  test('no results says so and offers the area overviews; a typo in a long word is tolerated', async () => {
    const { page, context } = await open('/');
    await page.click('.search-button');
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'search');
    await page.keyboard.type('zzzqqq');
    // Each key is searched as it is typed: the message follows the query.
    await page.waitForFunction(() => document.querySelector('.search-message')?.textContent?.includes('No results for “zzzqqq”'));
    assert.deepEqual(await page.locator('.search-message a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))), [
      '/docs/infinity/introduction',
      '/docs/vpaas/introduction',
      '/docs/cloud-one-touch-join/introduction',
    ]);
    await page.fill(`${dialog} input`, 'sceond');
    await page.waitForSelector('.search-corrected');
    assert.match((await page.textContent('.search-corrected')) ?? '', /“second”/);
    assert.equal(await page.getAttribute('.search-option-page a', 'href'), '/docs/infinity/guides/second-guide');
    await context.close();
  });

  test('a word no page mentions is named, shown and announced, and the pages of the other words are listed', async () => {
    const { page, context } = await open('/');
    // Pagefind alone leaves "flutterzz" out and answers with the pages of "three".
    await searchFor(page, 'three flutterzz');
    const notice = 'No page mentions "flutterzz". Showing pages that match "three".';
    assert.equal(await page.textContent('.search-missing'), notice);
    await page.waitForFunction((text) => document.querySelector('.search-dialog [role="status"]')?.textContent?.startsWith(text), notice);
    assert.equal(await page.getAttribute('.search-option-page a', 'href'), '/docs/infinity/guides/long-guide');
    await page.fill(`${dialog} input`, 'flutterzz');
    await page.waitForFunction(() => document.querySelector('.search-message')?.textContent?.includes('No results for “flutterzz”'));
    await context.close();
  });

  test('on a phone-width screen the dialog fills the screen', async () => {
    const { page, context } = await open('/', { width: 390 });
    await page.click('.search-button');
    await page.waitForSelector('.search-dialog');
    const box = await page.locator('.search-dialog').boundingBox();
    assert.deepEqual([box?.x, box?.y, box?.width, box?.height], [0, 0, 390, 800]);
    await context.close();
  });

  test('a slow search load shows a spinner after the delay; a failed one shows the error and Retry, which retries', async () => {
    const { page, context } = await open('/');
    let attempts = 0;
    await page.route('**/assets/chunks/SearchDialog.*.js', async (route) => {
      attempts++;
      if (attempts === 1) await route.abort();
      else {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      }
    });
    await page.click('.search-button');
    await page.waitForSelector('.load-error[role="alert"]');
    assert.match((await page.textContent('.load-error')) ?? '', /Search could not be loaded/);
    await page.click('.load-error button:has-text("Retry")');
    await page.waitForSelector('.loading-spinner');
    await page.waitForSelector(dialog);
    assert.equal(attempts, 2);
    await context.close();
  });

  test('with JavaScript off no dead search control is shown', async () => {
    const { page, context } = await open('/', { javaScript: false });
    assert.equal(await page.locator('.search-button').isVisible(), false);
    await context.close();
  });
});
